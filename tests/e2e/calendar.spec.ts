import { expect, test, type Locator, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { createStaffUser, deleteStaffUser, signInAs, type StaffUser } from './support/staff.ts';
import { waitForLiveTopic } from './support/live.ts';
import { mainMenu } from './support/main-menu.ts';

// The plan-event calendar (delivery-operations §2 "Plan events and calendar") on weeks far from the demo world:
// ISO week 2037-53 (2037 starts on a Thursday, so it has 53 weeks) and 2038-1, with a car and routes of its own.
// The specs run one after another: each arranges its own cells of those weeks.

test.describe.configure({ mode: 'serial' });

const WEEK = '2037-53';
const NEXT_WEEK = '2038-1';
let depo: number;
let tenantId: string;
let carId: number;
let car: string;
let routeA: string;
let routeB: string;
let routeIds: number[] = [];
let driver: string;
let driverId: string;
let secondAdmin: StaffUser | undefined;

const calendarUrl = (week: string) => `/hjem-is/depo/${depo}/plan_event_templates/${week}`;
const cell = (page: Page, date: string): Locator => page.locator(`[data-cell="${car} ${date}"]`);
/** A cell's action (Edit, Delete, Delete series): in the cell's menu, not a button row in every cell. */
async function cellAction(target: Locator, route: string, action: string) {
  await target.getByRole('button', { name: `Actions for ${route}` }).click();
  await target.getByRole('menuitem', { name: action, exact: true }).click();
}

async function openWeek(page: Page, week: string) {
  await page.goto(calendarUrl(week));
  await expect(page.getByRole('heading', { name: new RegExp(`^Week ${week} `) })).toBeVisible();
  await expect(page.locator(`tr[data-car="${car}"]`)).toBeVisible();
}

async function createIn(page: Page, date: string, route: string) {
  await cell(page, date).getByRole('button', { name: 'CREATE NEW PLAN EVENT' }).click();
  const form = cell(page, date).getByRole('form', { name: 'New plan event' });
  await form.getByLabel('Route').selectOption({ label: route });
  await form.getByLabel('Driver').selectOption({ label: driver });
  return form;
}

test.beforeAll(async () => {
  const [row] = await sql<{ id: string; tenant_id: string }>(
    `select d.id, d.tenant_id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'hjem-is' order by d.id limit 1`,
  );
  depo = Number(row.id);
  tenantId = row.tenant_id;
  car = uniqueName('E2E-CAL');
  const [carRow] = await sql<{ id: string }>(
    `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, 'CAL 1') returning id`,
    [tenantId, depo, car],
  );
  carId = Number(carRow.id);
  routeA = uniqueName('Cal route A');
  routeB = uniqueName('Cal route B');
  for (const name of [routeA, routeB]) {
    const [route] = await sql<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`,
      [tenantId, depo, name],
    );
    routeIds.push(Number(route.id));
    await sql(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng) values ($1, $2, $3, 1, 'Algade 1', 55.6, 12.3)`,
      [tenantId, route.id, depo],
    );
  }
  const [driverRow] = await sql<{ user_id: string; label: string }>(
    `select sp.user_id, coalesce(nullif(trim(sp.first_name || ' ' || sp.last_name), ''), sp.email) as label
       from public.staff_profiles sp where sp.email = 'driver@hjem-is.test'`,
  );
  driver = driverRow.label;
  driverId = driverRow.user_id;
});

test.afterAll(async () => {
  await sql(`delete from public.plan_events where car_id = $1`, [carId]);
  await sql(`delete from public.routes where id = any ($1)`, [routeIds]);
  await sql(`delete from public.cars where id = $1`, [carId]);
  routeIds = [];
  await deleteStaffUser(secondAdmin);
});

test('the menu opens the current week; previous and next wrap across the turn of a 53-week year', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await (await mainMenu(page)).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Week \d{4}-\d{1,2} \(\d{2}-\d{2}-\d{4} – \d{2}-\d{2}-\d{4}\)$/ }),
  ).toBeVisible();
  await openWeek(page, WEEK);
  await expect(page.getByRole('heading', { name: 'Week 2037-53 (28-12-2037 – 03-01-2038)' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /^Monday 28-12-2037/ })).toBeVisible();
  await page.getByRole('link', { name: 'Next week' }).click();
  await expect(page).toHaveURL(new RegExp(`/plan_event_templates/${NEXT_WEEK}$`));
  await expect(page.getByRole('heading', { name: 'Week 2038-1 (04-01-2038 – 10-01-2038)' })).toBeVisible();
  await page.getByRole('link', { name: 'Previous week' }).click();
  await page.getByRole('link', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(/\/plan_event_templates\/2037-52$/);
  await expect(page.getByRole('heading', { name: 'Week 2037-52 (21-12-2037 – 27-12-2037)' })).toBeVisible();
});

test('creates a plan event, edits its route, changes its start time and deletes it', async ({ page }) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openWeek(page, WEEK);
  const form = await createIn(page, '2037-12-28', routeA);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Plan event created' })).toBeVisible();
  const monday = cell(page, '2037-12-28');
  await expect(monday).toContainText(routeA);
  await expect(monday).toContainText(driver);
  await expect(monday).toContainText('08:00');

  // Edit: route and driver; Save appears only once something changed.
  await cellAction(monday, routeA, 'Edit');
  const edit = monday.getByRole('form', { name: 'Edit plan event' });
  await expect(edit.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await edit.getByLabel('Route').selectOption({ label: routeB });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Plan event updated' })).toBeVisible();
  await expect(monday).toContainText(routeB);

  // startAtEdit: hour and minutes.
  await monday.getByRole('button', { name: 'Start time 08:00' }).click();
  await monday.getByLabel('Start at').fill('06:30');
  await monday.getByRole('button', { name: 'Save' }).click();
  await expect(monday.getByRole('button', { name: 'Start time 06:30' })).toBeVisible();

  await cellAction(monday, routeB, 'Delete');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Plan event deleted' })).toBeVisible();
  await expect(monday.getByRole('button', { name: 'CREATE NEW PLAN EVENT' })).toBeVisible();
});

test('a recurring plan event refuses a bad interval, then creates a series seen in the next week, deleted as a series', async ({
  page,
}) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openWeek(page, WEEK);
  const form = await createIn(page, '2037-12-29', routeA);
  await form.getByLabel('Recurring').check();
  await form.getByLabel('Interval (days)').fill('0');
  await expect(form.getByText('Invalid!')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await form.getByLabel('Interval (days)').fill('7');
  await form.getByRole('textbox', { name: 'End date' }).fill('12-01-2038');
  await expect(form.getByText('Invalid!')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 plan events created' })).toBeVisible();
  await expect(cell(page, '2037-12-29')).toContainText('Every 7 days');

  await page.getByRole('link', { name: 'Next week' }).click();
  const nextTuesday = cell(page, '2038-01-05');
  await expect(nextTuesday).toContainText(routeA);
  await cellAction(nextTuesday, routeA, 'Delete series');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Plan events of the series deleted (3)' })).toBeVisible();
  await expect(nextTuesday.getByRole('button', { name: 'CREATE NEW PLAN EVENT' })).toBeVisible();
});

test('a route planned meanwhile by someone else is refused by the database, in words, and nothing is created', async ({
  page,
}) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openWeek(page, WEEK);
  const form = await createIn(page, '2038-01-03', routeA);
  // Another car takes route A that Sunday while the form is open (its picker still offered it).
  const [other] = await sql<{ id: string }>(
    `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, 'CAL 2') returning id`,
    [tenantId, depo, `${car}-2`],
  );
  try {
    const [someoneElse] = await sql<{ user_id: string }>(
      `select user_id from public.staff_profiles where email = 'driver-04@hjem-is.test'`,
    );
    await sql(
      `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id) values ($1, $2, '2038-01-03', $3, $4, $5)`,
      [tenantId, depo, routeIds[0], someoneElse.user_id, other.id],
    );
    await form.getByRole('button', { name: 'Save' }).click();
    // In the form, and in the flash with the page's address (the shared form system's two places for a server error).
    await expect(
      form.getByRole('alert').filter({ hasText: `Route ${routeA} is already planned on 03-01-2038` }),
    ).toBeVisible();
    await expect(
      page.locator('.flash').filter({ hasText: `Route ${routeA} is already planned on 03-01-2038 (/hjem-is/depo/` }),
    ).toBeVisible();
    expect(await sql(`select 1 from public.plan_events where car_id = $1`, [carId])).toHaveLength(0);
  } finally {
    await sql(`delete from public.plan_events where car_id = $1`, [other.id]);
    await sql(`delete from public.cars where id = $1`, [other.id]);
  }
});

test("a two-day plan event merges its cells, and delete multiple removes the car's events in a date range", async ({
  page,
}) => {
  await sql(
    `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, day_span) values
       ($1, $2, '2037-12-30', $3, $5, $6, 1), ($1, $2, '2037-12-31', $4, $5, $6, 2)`,
    [tenantId, depo, routeIds[0], routeIds[1], driverId, carId],
  );
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await openWeek(page, WEEK);
  await expect(cell(page, '2037-12-31')).toHaveAttribute('colspan', '2');
  await expect(cell(page, '2038-01-01')).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete multiple' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete multiple plan events' });
  await dialog.getByLabel('Car').selectOption({ label: car });
  await dialog.getByRole('textbox', { name: 'Start date' }).fill('28-12-2037');
  await dialog.getByRole('textbox', { name: 'End date' }).fill('03-01-2038');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `All plan events (2) for car ${car} within interval 28-12-2037 - 03-01-2038 have been deleted`,
    }),
  ).toBeVisible();
  await expect(cell(page, '2037-12-31').getByRole('button', { name: 'CREATE NEW PLAN EVENT' })).toBeVisible();
});

test('two admins on the same week: one creates, the other sees it without a reload, and each sees the other there', async ({
  browser,
}) => {
  secondAdmin = await createStaffUser({ tenant: 'hjem-is', role: 'admin' });
  const editorContext = await browser.newContext();
  const watcherContext = await browser.newContext();
  try {
    const editor = await editorContext.newPage();
    const watcher = await watcherContext.newPage();
    await signInAs(editor, 'hjem-is', 'admin@hjem-is.test');
    await signInAs(watcher, 'hjem-is', secondAdmin.email, secondAdmin.password);
    await openWeek(watcher, WEEK);
    await waitForLiveTopic(watcher, 'plan_event_calendar');
    let reloaded = false;
    watcher.on('framenavigated', (frame) => {
      if (frame === watcher.mainFrame()) reloaded = true;
    });
    await openWeek(editor, WEEK);
    await expect(watcher.getByRole('list', { name: 'Also viewing' })).toContainText(
      `admin@hjem-is.test (week ${WEEK})`,
    );

    const form = await createIn(editor, '2038-01-02', routeB);
    // The watcher sees which cell is being edited (presence updates are spaced 6.5 s apart: Realtime's rate limit).
    await expect(watcher.getByRole('list', { name: 'Also viewing' })).toContainText('editing', { timeout: 10_000 });
    await expect(watcher.locator(`[data-cell="${car} 2038-01-02"]`)).toContainText('admin@hjem-is.test is editing');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('status').filter({ hasText: 'Plan event created' })).toBeVisible();

    await expect(watcher.locator(`[data-cell="${car} 2038-01-02"]`)).toContainText(routeB, { timeout: 3000 });
    expect(reloaded).toBe(false);
  } finally {
    await editorContext.close();
    await watcherContext.close();
  }
});

test('support sees the week read-only: no create, edit or delete', async ({ page }) => {
  const [supportDepo] = await sql<{ depo_id: string }>(
    `select md.depo_id from public.membership_depos md join auth.users u on u.id = md.user_id where u.email = 'support@hjem-is.test' limit 1`,
  );
  await signInAs(page, 'hjem-is', 'support@hjem-is.test');
  await page.goto(`/hjem-is/depo/${supportDepo.depo_id}/plan_event_templates/${WEEK}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Week ${WEEK} `) })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'CREATE NEW PLAN EVENT' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete multiple' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
});
