import { expect, test, type Locator, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// The plan-event calendar on a phone (Pixel 7, `@phone-only`): the week scrolls sideways inside its box while the
// car column stays in view, the week arrows and the start time are finger-sized, and a plan event is created and
// its start time changed by taps. On ISO week 2037-46, far from the demo world, with a car and a route of its own.

const WEEK = '2037-46';
const SUNDAY = '2037-11-15';
const FINGER = 44;
let depo: number;
let carId: number;
let car: string;
let route: string;
let routeId: number;
let driver: string;

test.beforeAll(async () => {
  const [row] = await sql<{ id: string; tenant_id: string }>(
    `select d.id, d.tenant_id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'hjem-is' order by d.id limit 1`,
  );
  depo = Number(row.id);
  car = uniqueName('E2E-PHONE');
  carId = Number(
    (
      await sql<{ id: string }>(
        `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, 'PH 1') returning id`,
        [row.tenant_id, depo, car],
      )
    )[0].id,
  );
  route = uniqueName('Phone route');
  routeId = Number(
    (
      await sql<{ id: string }>(
        `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`,
        [row.tenant_id, depo, route],
      )
    )[0].id,
  );
  await sql(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng) values ($1, $2, $3, 1, 'Algade 1', 55.6, 12.3)`,
    [row.tenant_id, routeId, depo],
  );
  [{ label: driver }] = await sql<{ label: string }>(
    `select coalesce(nullif(trim(sp.first_name || ' ' || sp.last_name), ''), sp.email) as label from public.staff_profiles sp where sp.email = 'driver@hjem-is.test'`,
  );
});

test.afterAll(async () => {
  await sql('delete from public.plan_events where car_id = $1', [carId]);
  await sql('delete from public.routes where id = $1', [routeId]);
  await sql('delete from public.cars where id = $1', [carId]);
});

async function within(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

async function fingerSized(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(FINGER - 0.5);
  expect(box.height).toBeGreaterThanOrEqual(FINGER - 0.5);
}

test('the week scrolls inside its box with the car in view; a plan event is made and retimed by taps @phone-only', async ({
  page,
}) => {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/depo/${depo}/plan_event_templates/${WEEK}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Week ${WEEK} `) })).toBeVisible();
  const row = page.locator(`tr[data-car="${car}"]`);
  await expect(row).toBeVisible();

  // The page itself never scrolls sideways; the week does, in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  const scroller = page.locator('.calendar__scroll');
  expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);

  // Sunday scrolled into view: the car's name stays on screen beside it.
  const sunday = page.locator(`[data-cell="${car} ${SUNDAY}"]`);
  await sunday.scrollIntoViewIfNeeded();
  await within(page, sunday);
  await within(page, row.getByRole('rowheader', { name: car }));

  for (const name of ['Previous week', 'Next week']) await fingerSized(page.getByRole('link', { name }));

  // Create on Sunday by taps.
  const create = sunday.getByRole('button', { name: 'CREATE NEW PLAN EVENT' });
  await fingerSized(create);
  await create.tap();
  const form = sunday.getByRole('form', { name: 'New plan event' });
  await form.getByLabel('Route').selectOption({ label: route });
  await form.getByLabel('Driver').selectOption({ label: driver });
  await within(page, form.getByRole('button', { name: 'Save' }));
  await form.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Plan event created' })).toBeVisible();
  await expect(sunday).toContainText(route);

  // startAtEdit from the time, a finger-sized target.
  const start = sunday.getByRole('button', { name: 'Start time 08:00' });
  await fingerSized(start);
  await start.tap();
  await sunday.getByLabel('Start at').fill('07:15');
  await sunday.getByRole('button', { name: 'Save' }).tap();
  await expect(sunday.getByRole('button', { name: 'Start time 07:15' })).toBeVisible();
  await within(page, row.getByRole('rowheader', { name: car }));

  await page.getByRole('link', { name: 'Next week' }).tap();
  await expect(page.getByRole('heading', { name: /^Week 2037-47 / })).toBeVisible();
});
