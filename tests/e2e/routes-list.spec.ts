import { expect as baseExpect, test, type Page } from '@playwright/test';
import { depoId, sql, uniqueName } from './support/admin-core-db.ts';
import { DEMO_PASSWORD, fillSignIn } from './support/staff.ts';

// The routes of a depo (/{tenant}/depo/{depoId}/routes): the list and its filters, create then edit, approve,
// copy and copy-and-reverse into another depo, delete and undo, and the catalogue views of one route.
// Routes this spec makes carry this prefix and are removed afterwards; seeded routes are never changed.
const PREFIX = 'E2E-ROUTE';

// A shared 2-core box under load: generous waits on states, never fixed sleeps.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

test.afterAll(async () => {
  await sql(`delete from public.routes where name like $1`, [`${PREFIX}-%`]);
});

const grid = (page: Page) => page.getByRole('region', { name: 'Routes' });
const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });
/** The summary that opens one catalogue view of the edit page. */
const section = (page: Page, title: string) => page.getByRole('main').locator('summary').filter({ hasText: title });
/** Signs in to hjem-is and waits, generously, for the staff home. */
async function signInAs(page: Page, tenant: string, email: string): Promise<void> {
  await page.goto(`/${tenant}/users/sign_in`);
  await fillSignIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('banner')).toBeVisible();
}
const flash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A route of the spec's own in a depo with points at these addresses. */
async function makeRoute(
  depo: number,
  options: { approval?: 'pending' | 'approved'; deleted?: boolean; addresses?: string[] } = {},
): Promise<{ id: number; name: string }> {
  const name = uniqueName(PREFIX);
  const [{ id }] = await sql<{ id: string }>(
    `insert into public.routes (tenant_id, depo_id, name, should_approve, radius, deleted_at)
     select tenant_id, id, $2, $3::public.route_approval, 200, case when $4 then now() end from public.depos where id = $1 returning id`,
    [depo, name, options.approval ?? 'pending', options.deleted ?? false],
  );
  for (const [index, address] of (options.addresses ?? ['Vestergade 1', 'Østergade 2', 'Nørregade 3']).entries()) {
    await sql(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
       select tenant_id, id, depo_id, $2, $3, $4, $5 from public.routes where id = $1`,
      [id, index + 1, address, 56.15 + index * 0.001, 10.2 + index * 0.001],
    );
  }
  return { id: Number(id), name };
}

test("the list shows the depo's routes with their stops and approval, and each filter its routes", async ({ page }) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const pending = await makeRoute(aarhus);
  const approved = await makeRoute(aarhus, { approval: 'approved', addresses: ['Banegårdspladsen 1'] });
  const deleted = await makeRoute(aarhus, { deleted: true });
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/depo/${aarhus}/routes`);
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();

  for (const header of ['Name', '#', 'Route type', 'Tag', 'Stops', 'Approval', 'Radius', 'Created', 'Actions']) {
    await expect(grid(page).getByRole('columnheader', { name: header, exact: true })).toBeAttached();
  }
  await expect(page.getByTestId('table-count')).toHaveText(/^\d+ records?$/);
  await expect(row(page, pending.name)).toContainText('Pending');
  await expect(row(page, pending.name).getByRole('gridcell').nth(4)).toHaveText('3');
  await expect(row(page, approved.name)).toContainText('Approved');
  await expect(row(page, deleted.name)).toHaveCount(0);
  // Each row opens its route-points editor.
  await expect(row(page, pending.name).getByRole('link', { name: 'Route points' })).toHaveAttribute(
    'href',
    `/hjem-is/depo/${aarhus}/route/${pending.id}/route_points`,
  );

  const filters = page.getByRole('navigation', { name: 'Route filters' });
  await filters.getByRole('link', { name: 'Approved', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/depo/${aarhus}/routes/filter/approved$`));
  await expect(row(page, approved.name)).toBeVisible();
  await expect(row(page, pending.name)).toHaveCount(0);

  // Approve from the list of routes waiting for it: the route leaves that list.
  await filters.getByRole('link', { name: 'Not approved', exact: true }).click();
  await expect(page).toHaveURL(/\/routes\/filter\/not_approved$/);
  await expect(row(page, approved.name)).toHaveCount(0);
  await row(page, pending.name).getByRole('button', { name: 'Approve' }).click();
  await expect(flash(page, 'Route successfully approved!')).toBeVisible();
  await expect(row(page, pending.name)).toHaveCount(0);

  await filters.getByRole('link', { name: 'Deleted', exact: true }).click();
  await expect(page).toHaveURL(/\/routes\/filter\/deleted$/);
  await row(page, deleted.name).getByRole('button', { name: 'Undo delete' }).click();
  await expect(flash(page, `Route ${deleted.name} restored`)).toBeVisible();
  await expect(row(page, deleted.name)).toHaveCount(0);
  await filters.getByRole('link', { name: 'All routes', exact: true }).click();
  await expect(row(page, deleted.name)).toBeVisible();

  // An unknown filter is no page.
  await page.goto(`/hjem-is/depo/${aarhus}/routes/filter/everything`);
  await expect(grid(page)).toHaveCount(0);
});

test('a route is created on the first save (a double click makes one), then edited and approved', async ({ page }) => {
  const glostrup = await depoId('hjem-is', 'Glostrup');
  const name = uniqueName(PREFIX);
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await page.goto(`/hjem-is/depo/${glostrup}/routes`);
  await page.getByRole('link', { name: 'New route' }).click();

  const form = page.getByRole('form', { name: 'New route' });
  await expect(form.getByLabel('Radius (m)')).toHaveValue('200');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("can't be blank")).toHaveCount(1);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Radius (m)').fill('-5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('must be greater than or equal to 0')).toBeVisible();
  await form.getByLabel('Radius (m)').fill('250');
  await form.getByLabel('First stop arrival time').fill('09:30');
  await form.getByLabel('Route duration (hours)').fill('6,5');
  await form.getByRole('button', { name: 'Save' }).dblclick();

  await expect(flash(page, `Route: ${name} successfully created!`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/depo/${glostrup}/routes/\\d+/edit$`));
  const made = await sql<{
    id: string;
    radius: number;
    route_duration: string;
    first_stop_arrival_time: string;
    depo_id: string;
  }>(`select id, radius, route_duration, first_stop_arrival_time::text, depo_id from public.routes where name = $1`, [
    name,
  ]);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({
    radius: 250,
    route_duration: '6.50',
    first_stop_arrival_time: '09:30:00',
    depo_id: String(glostrup),
  });

  const edit = page.getByRole('form', { name: 'Edit route' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Tag').fill('summer');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(flash(page, `Route: ${name} successfully updated!`)).toBeVisible();

  const actions = page.getByRole('region', { name: 'Route actions' });
  await expect(actions.getByText('Pending')).toBeVisible();
  await actions.getByRole('button', { name: 'Approve' }).click();
  await expect(flash(page, 'Route successfully approved!')).toBeVisible();
  await expect(actions.getByText('Approved')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const [stored] = await sql<{ should_approve: string; tag: string }>(
    `select should_approve, tag from public.routes where name = $1`,
    [name],
  );
  expect(stored).toEqual({ should_approve: 'approved', tag: 'summer' });
});

test('copy and reverse into another depo makes one reversed route there (a double click makes one); the catalogue views and delete work', async ({
  page,
}) => {
  const aarhus = await depoId('hjem-is', 'Aarhus');
  const glostrup = await depoId('hjem-is', 'Glostrup');
  const source = await makeRoute(aarhus);
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  await page.goto(`/hjem-is/depo/${aarhus}/routes/${source.id}/edit`);

  const actions = page.getByRole('region', { name: 'Route actions' });
  // Only the depos the depo admin works in are offered.
  const depoChoice = actions.getByLabel('Copy to depo');
  await expect(depoChoice.getByRole('option', { name: 'Odense' })).toHaveCount(0);
  await depoChoice.selectOption({ label: 'Glostrup' });
  await actions.getByRole('button', { name: 'Copy and reverse route' }).dblclick();
  await expect(flash(page, `Route ${source.name} copied and reversed to Glostrup`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/depo/${glostrup}/routes/\\d+/edit$`));

  const copies = await sql<{ id: string }>(`select id from public.routes where name = $1`, [
    `${source.name} (reversed copy)`,
  ]);
  expect(copies).toHaveLength(1);
  const points = await sql<{ position: number; address: string }>(
    `select position, address from public.route_points where route_id = $1 and deleted_at is null order by position`,
    [copies[0].id],
  );
  expect(points.map((p) => `${p.position} ${p.address}`)).toEqual(['1 Nørregade 3', '2 Østergade 2', '3 Vestergade 1']);
  await expect(page.getByRole('form', { name: 'Edit route' }).getByLabel('Name')).toHaveValue(
    `${source.name} (reversed copy)`,
  );

  // The copy shares every stop with its source.
  await section(page, 'Similar routes').click();
  await expect(
    page.getByRole('list', { name: 'Similar routes' }).getByRole('listitem').filter({ hasText: source.name }),
  ).toContainText('3 shared stops');
  await section(page, 'Customers').click();
  await expect(page.getByText('No customers on this route')).toBeVisible();
  await section(page, 'Unplanned sales').click();
  await expect(page.getByText('No unplanned sales')).toBeVisible();

  await section(page, 'Points by address').click();
  await page.getByLabel('New point address').fill('Torvet 4');
  await page.getByRole('button', { name: 'Create point' }).dblclick();
  await expect(flash(page, 'Route Point created')).toBeVisible();
  await page.getByLabel('Delete points at address').fill('østergade 2');
  await page.getByRole('button', { name: 'Delete points' }).click();
  await expect(flash(page, 'Route Point Deleted')).toBeVisible();
  const after = await sql<{ position: number; address: string }>(
    `select position, address from public.route_points where route_id = $1 and deleted_at is null order by position`,
    [copies[0].id],
  );
  expect(after.map((p) => `${p.position} ${p.address}`)).toEqual(['1 Nørregade 3', '2 Vestergade 1', '3 Torvet 4']);

  // Delete asks first; then the route is in the deleted list only, and Undo delete brings it back here.
  await actions.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(flash(page, `Route ${source.name} (reversed copy) deleted`)).toBeVisible();
  await expect(actions.getByText('Deleted')).toBeVisible();
  await actions.getByRole('button', { name: 'Undo delete' }).click();
  await expect(actions.getByText('Pending')).toBeVisible();
});

test('a route of a depo the member does not work in, or of another tenant, is not shown', async ({ page }) => {
  const odense = await depoId('hjem-is', 'Odense');
  const glostrup = await depoId('hjem-is', 'Glostrup');
  const elsewhere = await makeRoute(odense);
  await signInAs(page, 'hjem-is', 'depo-admin@hjem-is.test');
  // Another depo's route under a depo the member works in: RLS and the depo check find nothing.
  await page.goto(`/hjem-is/depo/${glostrup}/routes/${elsewhere.id}/edit`);
  await expect(
    page
      .getByRole('main')
      .getByText(/Not found/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit route' })).toHaveCount(0);
  // The depo itself is refused by the guard.
  await page.goto(`/hjem-is/depo/${odense}/routes`);
  await expect(page.getByRole('main')).toHaveText('You are not authorized to access this page.');
});
