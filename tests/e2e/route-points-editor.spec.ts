import { expect as baseExpect, test, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { fillSignIn, DEMO_PASSWORD } from './support/staff.ts';

// The route-points editor (/{tenant}/depo/{depoId}/route/{routeId}/route_points) as staff work it: edit, add,
// delete and save; the unsaved-changes dialog on a link and on the browser's back button; moving points; approve;
// two people on the same route seeing each other and each other's saves.

const PREFIX = 'E2E-RPE';
// A shared 2-core box: states are waited for generously, never for a fixed time.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });
const DEPO = 4;

test.afterAll(async () => {
  await sql(`delete from public.routes where name like $1`, [`${PREFIX}-%`]);
});

/** A throwaway route of depo 4 with points P1..Pn, each with a place. */
async function makeRoute(pointCount: number): Promise<number> {
  const [route] = await sql<{ id: string }>(
    `insert into public.routes (tenant_id, depo_id, name) select tenant_id, id, $2 from public.depos where id = $1 returning id`,
    [DEPO, uniqueName(PREFIX)],
  );
  await sql(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
     select r.tenant_id, r.id, r.depo_id, n, 'P' || n, 55.6 + n / 100.0, 12.4 from public.routes r, generate_series(1, $2::int) n where r.id = $1`,
    [route!.id, pointCount],
  );
  return Number(route!.id);
}

const livePoints = async (routeId: number) =>
  sql<{ address: string; position: number; wait_time: string }>(
    `select address, position, wait_time::text from public.route_points where route_id = $1 and deleted_at is null order by position`,
    [routeId],
  );

/** Signs in and waits for the staff home, with this file's patient waits. */
async function signInAs(page: Page, tenant: string, email: string): Promise<void> {
  await page.goto(`/${tenant}/users/sign_in`);
  await fillSignIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('banner')).toBeVisible();
}

const editorPath = (routeId: number) => `/hjem-is/depo/${DEPO}/route/${routeId}/route_points`;
const rows = (page: Page) => page.getByTestId('route-point-row');

async function openEditor(page: Page, routeId: number, count: number): Promise<void> {
  await page.goto(editorPath(routeId));
  await expect(rows(page)).toHaveCount(count, { timeout: 20_000 });
}

test('edit, add and delete points, then save: the list is saved in its order and numbered 1..n', async ({ page }) => {
  const routeId = await makeRoute(3);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openEditor(page, routeId, 3);
  // Wait time shows as hh:mm from decimal hours.
  await expect(page.getByLabel('Wait time of point 1')).toHaveValue('02:00');
  await page.getByLabel('Wait time of point 1').fill('01:30');
  await page.getByRole('button', { name: 'Delete point 2' }).click();
  await expect(rows(page)).toHaveCount(2);
  const newAddress = page.getByRole('combobox', { name: 'Address of a new point' });
  await newAddress.fill('Testvej 99');
  await page.getByLabel('First stop arrival time').click();
  await expect(rows(page)).toHaveCount(3);
  await expect(newAddress).toHaveValue('');
  await page.getByLabel('First stop arrival time').fill('08:00');
  await page.getByLabel('Route duration (hours)').fill('6.5');
  await expect(page.getByTestId('route-end-computed')).toHaveText('Last stop arrival: 14:30');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Route saved')).toBeVisible();
  await expect(page.locator('section.route-points')).toHaveAttribute('data-dirty', 'false');
  expect(await livePoints(routeId)).toEqual([
    { address: 'P1', position: 1, wait_time: '1.50' },
    { address: 'P3', position: 2, wait_time: '2.00' },
    { address: 'Testvej 99', position: 3, wait_time: '2.00' },
  ]);
  const [deleted] = await sql<{ n: number }>(
    `select count(*)::int as n from public.route_points where route_id = $1 and deleted_at is not null`,
    [routeId],
  );
  expect(deleted!.n).toBe(1);
  const [route] = await sql<{ first: string; last: string }>(
    `select first_stop_arrival_time::text as first, last_stop_arrival_time::text as last from public.routes where id = $1`,
    [routeId],
  );
  expect(route).toEqual({ first: '08:00:00', last: '14:30:00' });
});

test('leaving with unsaved changes asks first, by a link and by the back button; CANCEL reloads', async ({ page }) => {
  const routeId = await makeRoute(2);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openEditor(page, routeId, 2);
  // A step inside the app first (another period), so Back stays in the app, where the router's blocker answers it.
  const startDate = page.getByRole('textbox', { name: 'Start date' });
  await startDate.fill(`01-01-${new Date().getUTCFullYear()}`);
  await startDate.press('Enter');
  await expect(page).toHaveURL(/start_date=/);
  await expect(rows(page)).toHaveCount(2);
  await page.getByLabel('Comment of point 1').fill('Ring the bell');

  const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes detected!' });
  await page.getByRole('link', { name: 'Back to routes' }).click();
  await expect(dialog).toContainText('There are unsaved changes which will be lost if you leave!');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/route/${routeId}/route_points`));
  await expect(page.getByLabel('Comment of point 1')).toHaveValue('Ring the bell');

  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/start_date=/);
  await expect(page.getByLabel('Comment of point 1')).toHaveValue('Ring the bell');

  // CANCEL throws the edit away; a new edit, then Back and Leave, leaves without it.
  await page.getByRole('button', { name: 'CANCEL', exact: true }).click();
  await expect(page.getByLabel('Comment of point 1')).toHaveValue('');
  await page.getByLabel('Comment of point 1').fill('Again');
  await page.goBack();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).not.toHaveURL(/start_date=/);
  await expect(page.getByLabel('Comment of point 1')).toHaveValue('');
  expect((await livePoints(routeId)).length).toBe(2);
});

test('checked points: bulk wait time, move in this route, and move to another route', async ({ page }) => {
  const routeId = await makeRoute(3);
  const targetId = await makeRoute(1);
  const [target] = await sql<{ name: string }>(`select name from public.routes where id = $1`, [targetId]);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openEditor(page, routeId, 3);

  await page.getByLabel('Select point 3').check();
  await page.getByLabel('Wait time for checked points').fill('00:45');
  await page.getByRole('button', { name: 'Set wait time' }).click();
  await expect(page.getByLabel('Wait time of point 3')).toHaveValue('00:45');
  await page.getByLabel('Move to number').fill('1');
  await page.getByRole('button', { name: 'Move in this route' }).click();
  await expect(page.getByRole('combobox', { name: 'Address of point 1' })).toHaveValue('P3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('section.route-points')).toHaveAttribute('data-dirty', 'false');
  expect((await livePoints(routeId)).map((p) => [p.address, p.wait_time])).toEqual([
    ['P3', '0.75'],
    ['P1', '2.00'],
    ['P2', '2.00'],
  ]);

  await page.getByLabel('Select all points').check();
  await page.getByLabel('Select point 1').uncheck();
  await page.getByLabel('Move to route').selectOption({ label: target!.name });
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Selected route points moved')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  expect((await livePoints(targetId)).map((p) => p.address)).toEqual(['P1', 'P1', 'P2']);
});

test("Calculate ETA: asks for the first stop arrival time, then fills each point's arrival from there (local estimator)", async ({
  page,
}) => {
  const routeId = await makeRoute(3);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openEditor(page, routeId, 3);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Calculate ETA' }).click();
  await expect(page.getByText('You need to enter arrival time to calculate google ETA')).toBeVisible();
  await expect(page.getByLabel('Arrival time of point 1')).toHaveValue('');

  await page.getByLabel('First stop arrival time').fill('08:00');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Calculate ETA' }).click();
  await expect(page.getByLabel('Arrival time of point 1')).toHaveValue('08:00');
  // Each point waits 2 hours (the default) and the next is about a kilometre on: a few minutes' drive.
  const minutes = async (n: number) => {
    const [h, m] = (await page.getByLabel(`Arrival time of point ${n}`).inputValue()).split(':').map(Number);
    return h! * 60 + m!;
  };
  await expect(page.getByLabel('Arrival time of point 2')).not.toHaveValue('');
  expect(await minutes(2)).toBeGreaterThan(10 * 60);
  expect(await minutes(2)).toBeLessThan(10 * 60 + 15);
  expect((await minutes(3)) - (await minutes(2))).toBeGreaterThan(2 * 60);
  expect((await minutes(3)) - (await minutes(2))).toBeLessThan(2 * 60 + 15);
  await expect(page.locator('section.route-points')).toHaveAttribute('data-dirty', 'true');
});

test('approve from the menu: the route is approved and Approve is no longer offered', async ({ page }) => {
  const routeId = await makeRoute(1);
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openEditor(page, routeId, 1);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Approve' }).click();
  await expect(page.getByText('Route successfully approved!')).toBeVisible();
  const [route] = await sql<{ should_approve: string }>(`select should_approve from public.routes where id = $1`, [
    routeId,
  ]);
  expect(route!.should_approve).toBe('approved');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Custom start/end address' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Approve' })).toHaveCount(0);
});

test("two staff on one route see each other, each other's saves, and a stale save is refused", async ({ browser }) => {
  const routeId = await makeRoute(2);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const admin = await first.newPage();
    const depoAdmin = await second.newPage();
    await signInAs(admin, 'hjem-is', 'admin@hjem-is.test');
    await signInAs(depoAdmin, 'hjem-is', 'depo-admin@hjem-is.test');
    await openEditor(admin, routeId, 2);
    await openEditor(depoAdmin, routeId, 2);
    await expect(admin.getByTestId('route-editors')).toContainText('depo-admin@hjem-is.test', { timeout: 15_000 });
    await expect(depoAdmin.getByTestId('route-editors')).toContainText('admin@hjem-is.test', { timeout: 15_000 });

    // The depo admin has an edit of their own when the admin saves: it stays, with a warning.
    await depoAdmin.getByLabel('Comment of point 2').fill('Mine');
    await admin.getByRole('button', { name: 'Delete point 1' }).click();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(admin.locator('section.route-points')).toHaveAttribute('data-dirty', 'false');
    await expect(depoAdmin.getByRole('alert').filter({ hasText: 'saved by someone else' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(depoAdmin.getByLabel('Comment of point 2')).toHaveValue('Mine');
    await depoAdmin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(depoAdmin.getByLabel('Comment of point 2')).toHaveValue('Mine');
    expect((await livePoints(routeId)).map((p) => p.address)).toEqual(['P2']);

    // Without edits of their own, the other's save shows at once.
    await depoAdmin.getByRole('button', { name: 'CANCEL', exact: true }).click();
    await expect(rows(depoAdmin)).toHaveCount(1);
    await admin.getByRole('combobox', { name: 'Address of a new point' }).fill('Fælledvej 1');
    await admin.getByLabel('First stop arrival time').click();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(rows(depoAdmin)).toHaveCount(2, { timeout: 15_000 });
    await expect(depoAdmin.getByRole('combobox', { name: 'Address of point 2' })).toHaveValue('Fælledvej 1');
  } finally {
    await first.close();
    await second.close();
  }
});

test('a B2B customer added on a point shows in the other editor at once, and the next save of the one who added it goes through', async ({
  browser,
}) => {
  const routeId = await makeRoute(2);
  const shopName = uniqueName(`${PREFIX}-shop`);
  await sql(
    `insert into public.b2b_customers (tenant_id, customer_name, customer_number, shop_id) select tenant_id, $2, $2, 'S-77' from public.depos where id = $1`,
    [DEPO, shopName],
  );
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const admin = await first.newPage();
    const depoAdmin = await second.newPage();
    await signInAs(admin, 'hjem-is', 'admin@hjem-is.test');
    await signInAs(depoAdmin, 'hjem-is', 'depo-admin@hjem-is.test');
    await openEditor(admin, routeId, 2);
    await openEditor(depoAdmin, routeId, 2);
    await expect(depoAdmin.getByTestId('route-editors')).toContainText('admin@hjem-is.test', { timeout: 15_000 });

    await rows(admin).first().getByRole('button', { name: 'Add B2B customer' }).click();
    await admin.getByLabel('Search B2B customer').fill(shopName);
    await admin
      .getByRole('listbox', { name: 'B2B customers found' })
      .getByRole('button', { name: `S-77 ${shopName}` })
      .click();
    await expect(rows(admin).first()).toContainText(`S-77 ${shopName}`);
    await expect(rows(depoAdmin).first()).toContainText(`S-77 ${shopName}`, { timeout: 15_000 });
    await expect(admin.getByRole('alert').filter({ hasText: 'saved by someone else' })).toHaveCount(0);

    // The change moved the route's version on; the editor that made it holds the new one, so its save is not refused.
    await admin.getByLabel('Comment of point 2').fill('After the shop');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(admin.locator('section.route-points')).toHaveAttribute('data-dirty', 'false');
    await expect(admin.getByRole('alert').filter({ hasText: 'saved by someone else' })).toHaveCount(0);
    const [saved] = await sql<{ private_comment: string }>(
      `select private_comment from public.route_points where route_id = $1 and position = 2 and deleted_at is null`,
      [routeId],
    );
    expect(saved!.private_comment).toBe('After the shop');
    await expect(depoAdmin.getByLabel('Comment of point 2')).toHaveValue('After the shop', { timeout: 15_000 });
  } finally {
    await first.close();
    await second.close();
    await sql(`delete from public.b2b_customers where customer_name = $1`, [shopName]);
  }
});

test('on a phone-wide screen the page does not scroll sideways: the points table scrolls in its own box', async ({
  page,
}) => {
  const routeId = await makeRoute(3);
  await page.setViewportSize({ width: 412, height: 915 });
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openEditor(page, routeId, 3);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
    table: document.querySelector('.route-points__table-wrap')!.scrollWidth,
    box: document.querySelector('.route-points__table-wrap')!.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  expect(widths.table).toBeGreaterThan(widths.box);
  // The last column is reached by scrolling the table.
  await rows(page).last().getByRole('button', { name: 'Delete point 3' }).scrollIntoViewIfNeeded();
  await expect(rows(page).last().getByRole('button', { name: 'Delete point 3' })).toBeInViewport();
});
