import { expect, test, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The calendar as a planner reads it on a 1440×900 screen (issue 25 item 7): five or more cars with a trip every
// day fit the screen (no Delete button in every cell: a cell's actions are in its menu), day headers break
// between weekday and date but never inside the date, each cell links to its trip's report and SMS list, and the
// printout is the week alone (no app header or menu). A week far from the demo world with six cars of its own.

test.describe.configure({ mode: 'serial' });

const WEEK = '2036-20';
// ISO week 2036-20: Monday 12 May 2036.
const DAYS = Array.from({ length: 7 }, (_, i) => `2036-05-${String(12 + i).padStart(2, '0')}`);
const CARS = 6;

let depo: number;
let tenantId: string;
const carIds: number[] = [];
const carNames: string[] = [];
const routeIds: number[] = [];
const routeNames: string[] = [];

test.beforeAll(async () => {
  const [row] = await sql<{ id: string; tenant_id: string }>(
    `select d.id, d.tenant_id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'hjem-is' order by d.id limit 1`,
  );
  depo = Number(row!.id);
  tenantId = row!.tenant_id;
  const drivers = await sql<{ user_id: string }>(
    `select m.user_id from public.tenant_memberships m where m.tenant_id = $1 and m.role = 'driver' order by m.user_id limit $2`,
    [tenantId, CARS],
  );
  for (let i = 0; i < CARS; i++) {
    const name = uniqueName(`E2E-DENSE${i}`);
    const [car] = await sql<{ id: string }>(
      `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, $4) returning id`,
      [tenantId, depo, name, `DNS ${i}`],
    );
    carIds.push(Number(car!.id));
    carNames.push(name);
    const routeName = uniqueName(`Dense route ${i}`);
    const [route] = await sql<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`,
      [tenantId, depo, routeName],
    );
    routeIds.push(Number(route!.id));
    routeNames.push(routeName);
    for (const date of DAYS)
      await sql(
        `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id) values ($1, $2, $3, $4, $5, $6)`,
        [tenantId, depo, date, route!.id, drivers[i]!.user_id, car!.id],
      );
  }
});

test.afterAll(async () => {
  await sql(`delete from public.plan_events where car_id = any ($1)`, [carIds]);
  await sql(`delete from public.routes where id = any ($1)`, [routeIds]);
  await sql(`delete from public.cars where id = any ($1)`, [carIds]);
});

async function openWeek(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/depo/${depo}/plan_event_templates/${WEEK}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Week ${WEEK} `) })).toBeVisible();
  for (const [i, name] of carNames.entries()) {
    await expect(page.locator(`tr[data-car="${name}"] .calendar__event`)).toHaveCount(7);
    await expect(page.locator(`tr[data-car="${name}"]`)).toContainText(routeNames[i]!);
  }
}

test('five cars with a trip every day fit 1440×900; no Delete button in the cells; dates never wrap', async ({
  page,
}) => {
  await openWeek(page);
  // The table's top, its header and five of our full rows lie within the first screen.
  const header = await page.locator('.calendar__table thead').boundingBox();
  const heights: number[] = [];
  for (const name of carNames.slice(0, 5))
    heights.push((await page.locator(`tr[data-car="${name}"]`).boundingBox())!.height);
  const fiveRowsEnd = header!.y + header!.height + heights.reduce((sum, h) => sum + h, 0);
  expect(fiveRowsEnd).toBeLessThanOrEqual(900);

  const body = page.locator('.calendar__table tbody');
  await expect(body.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(body.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  const firstCell = page.locator(`[data-cell="${carNames[0]} ${DAYS[0]}"]`);
  await firstCell.getByRole('button', { name: `Actions for ${routeNames[0]}` }).click();
  await expect(firstCell.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
  await page.keyboard.press('Escape');
  await expect(firstCell.getByRole('menu')).toHaveCount(0);

  // Each date is one line box (the header may break between weekday and date, not inside "12-05-2036").
  const lineBoxes = await page
    .locator('.calendar__table thead .calendar__date')
    .evaluateAll((dates) => dates.map((date) => date.getClientRects().length));
  expect(lineBoxes).toEqual([1, 1, 1, 1, 1, 1, 1]);
});

test("a cell links to its trip's report and its SMS list", async ({ page }) => {
  await openWeek(page);
  const [event] = await sql<{ id: string }>(`select id from public.plan_events where car_id = $1 and date = $2`, [
    carIds[1],
    DAYS[2],
  ]);
  const target = page.locator(`[data-cell="${carNames[1]} ${DAYS[2]}"]`);
  await expect(target.getByRole('link', { name: 'SMS' })).toHaveAttribute(
    'href',
    `/hjem-is/depo/${depo}/plan_events/${event!.id}/sms_customers`,
  );
  await target.getByRole('link', { name: 'Report' }).click();
  await expect(page).toHaveURL(new RegExp(`/hjem-is/depo/${depo}/plan_events/${event!.id}$`));
});

test('the printout is the week alone: no app header, menu or buttons', async ({ page }) => {
  await openWeek(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.app-header')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
  await expect(page.getByRole('columnheader', { name: /^Monday 12-05-2036/ })).toBeVisible();
  await expect(page.locator(`tr[data-car="${carNames[0]}"]`)).toContainText(routeNames[0]!);
  // The week starts at the page's left edge, where the menu was.
  const table = await page.locator('.calendar__table').boundingBox();
  expect(table!.x).toBeLessThan(40);
});
