import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { waitForLiveTopic } from './support/live.ts';
import { REPORT_STOPS, ReportWorld, type ReportPlanEvent } from './support/report-world.ts';
import { signInAs } from './support/staff.ts';

// The plan-event report (delivery-operations §2 "/plan_events/{planEventId}", §4, §6) on plan events of its own
// in hjem-is: the header and revenue, the stops' statuses in the map's layer and the list, the truck live, and the
// menu by role with convert to route. Every wait is for a state (the map's data-map-idle, a flash, an attribute).

// A WebGL map in software rendering: generous waits for states, so a busy machine slows the tests down instead of
// failing them.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const TENANT = 'hjem-is';
const COLOURS: Record<string, string> = {
  visited: '#2f9e44',
  skipped: '#e03131',
  eshop: '#74c0fc',
  unplanned: '#f76707',
  planned: '#868e96',
};

const world = new ReportWorld(TENANT);
test.afterAll(async () => {
  await world.drop();
});

const reportUrl = (event: ReportPlanEvent) => `/${TENANT}/depo/${event.depoId}/plan_events/${event.id}`;
const mapOf = (page: Page) => page.getByRole('region', { name: 'Map of the plan event' });
const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Plan event menu' });
const flash = (page: Page, text: string, role: 'status' | 'alert' = 'status') =>
  page.getByRole(role).filter({ hasText: text });
const report = (page: Page) => page.locator('section.plan-event-report');

async function openReport(page: Page, event: ReportPlanEvent): Promise<void> {
  await page.goto(reportUrl(event));
  await expect(page.getByRole('heading', { name: 'Plan event report' })).toBeVisible();
}

async function idleMap(page: Page): Promise<Locator> {
  const map = mapOf(page);
  await expect(map).toHaveAttribute('data-map-idle', 'true', { timeout: 60_000 });
  return map;
}

test('an admin sees the trip, its stops by status on the map and in the list, and converts it to a route once', async ({
  page,
}) => {
  const event = await world.planEvent({ eod: true });
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await openReport(page, event);

  const facts = page.locator('.plan-event-report__facts');
  await expect(facts).toContainText(event.routeName);
  // Revenue in kr, in the tenant's number format (Danish).
  await expect(facts).toContainText('1.234,50 kr');

  // The map's stop layer holds each stop with its status and colour: visited green, skipped red, e-shop light
  // blue, unplanned orange, not reached grey.
  const map = await idleMap(page);
  const expected = REPORT_STOPS.map((s, i) => `${i + 1}:${s.status}:${COLOURS[s.status]}`).join(' ');
  await expect(map).toHaveAttribute('data-stop-layer', expected, { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-trail', 'drawn');

  // The sidebar lists them in order with their status circles, and the legend names the colours.
  const stops = page.getByRole('list', { name: 'Stops' }).getByRole('listitem');
  await expect(stops).toHaveCount(REPORT_STOPS.length);
  await expect(stops.first()).toContainText('1. Algade 1');
  await expect(stops.first()).toContainText('Stayed 4 min 30 s');
  await expect(stops.nth(1).getByRole('img', { name: 'Skipped' })).toBeVisible();
  await expect(stops.nth(3).getByRole('img', { name: 'Unplanned' })).toBeVisible();
  const legend = page.getByRole('list', { name: 'Legend' });
  for (const label of ['Visited', 'Skipped', 'Unplanned', 'Eshop'])
    await expect(legend.getByRole('img', { name: label, exact: true })).toBeVisible();

  // A click on a stop in the list flies the map there.
  await stops.nth(2).getByRole('button').click();
  await idleMap(page);

  // The admin's menu: the Heatmap, both conversions and Stop SMS.
  const menu = menuOf(page);
  await expect(menu.getByRole('link')).toHaveText(['Heatmap']);
  await expect(menu.getByRole('button')).toHaveText([
    'Convert to route',
    'Convert to route with unvisited stops',
    'Stop SMS',
  ]);
  await menu.getByRole('button', { name: 'Convert to route', exact: true }).click();
  await expect(flash(page, 'Route successfully converted!')).toBeVisible();
  const chip = page.getByRole('link', { name: event.title });
  await expect(chip).toBeVisible();
  const [converted] = await sql<{ converted_route_id: string }>(
    'select converted_route_id from public.plan_events where id = $1',
    [event.id],
  );
  await expect(chip).toHaveAttribute(
    'href',
    `/${TENANT}/depo/${event.depoId}/route/${converted.converted_route_id}/route_points`,
  );
  // Converted once: the conversions leave the menu.
  await expect(menu.getByRole('button', { name: /Convert to route/ })).toHaveCount(0);

  await menu.getByRole('button', { name: 'Stop SMS' }).click();
  await expect(flash(page, 'SMS send out stopped successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop SMS' })).toHaveCount(0);

  // The chip opens the new route in the route-points editor: the visited stops in the order driven.
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`/route/${converted.converted_route_id}/route_points`));
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Address of point 1', exact: true })).toHaveValue('Algade 1');
  await expect(page.getByRole('combobox', { name: 'Address of point 2', exact: true })).toHaveValue('Christiansgade 3');
  await expect(page.getByRole('combobox', { name: 'Address of point 3', exact: true })).toHaveValue('Unplanned sale 4');
});

test("a name a live route already has is refused with the spec's sentence", async ({ page }) => {
  const event = await world.planEvent();
  await world.takeName(event.depoId, event.title);
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await openReport(page, event);
  await menuOf(page).getByRole('button', { name: 'Convert to route with unvisited stops' }).click();
  await expect(
    flash(page, `Route has already been created or another one exists with name ${event.title}`, 'alert'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: event.title })).toHaveCount(0);
});

test('support may stop SMS but not convert; a driver, on a phone, gets only the Heatmap and a page that fits the screen', async ({
  browser,
}) => {
  const event = await world.planEvent();
  for (const [login, buttons] of [
    ['support', ['Stop SMS']],
    ['driver', []],
  ] as const) {
    const phone = login === 'driver';
    const context = await browser.newContext(phone ? { viewport: { width: 412, height: 915 } } : {});
    const page = await context.newPage();
    try {
      await signInAs(page, TENANT, `${login}@${TENANT}.test`);
      await openReport(page, event);
      await expect(page.getByRole('list', { name: 'Stops' }).getByRole('listitem')).toHaveCount(REPORT_STOPS.length);
      await expect(menuOf(page).getByRole('link')).toHaveText(['Heatmap']);
      if (buttons.length > 0) await expect(menuOf(page).getByRole('button')).toHaveText([...buttons]);
      else await expect(menuOf(page).getByRole('button')).toHaveCount(0);
      if (phone) {
        await idleMap(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
      }
    } finally {
      await context.close();
    }
  }
});

test('the truck of a trip under way moves on the map when its position is written', async ({ page }) => {
  const event = await world.planEvent({ today: true });
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await openReport(page, event);
  await expect(report(page)).toHaveAttribute('data-on-road', 'true');
  // Nothing driven yet: no trail, no truck.
  await expect(await idleMap(page)).toHaveAttribute('data-trail', 'none');
  await expect(report(page)).not.toHaveAttribute('data-truck-position', /./);
  await waitForLiveTopic(page, 'car_positions');

  const first = { lat: 56.454321, lng: 9.404321 };
  await world.moveCar(event.carId, first, new Date());
  await expect(report(page)).toHaveAttribute('data-truck-position', `${first.lat.toFixed(6)},${first.lng.toFixed(6)}`);
  // The truck stops at the last stop meanwhile: after its next fix the report shows the stop visited, on the map
  // and in the list, without a reload.
  await world.visit(event.id, REPORT_STOPS.length);
  const second = { lat: 56.458765, lng: 9.408765 };
  await world.moveCar(event.carId, second, new Date(Date.now() + 5_000));
  await expect(report(page)).toHaveAttribute(
    'data-truck-position',
    `${second.lat.toFixed(6)},${second.lng.toFixed(6)}`,
  );
  const lastStop = page.getByRole('list', { name: 'Stops' }).getByRole('listitem').last();
  await expect(lastStop.getByRole('img', { name: 'Visited', exact: true })).toBeVisible();
  await expect(mapOf(page)).toHaveAttribute(
    'data-stop-layer',
    new RegExp(`${REPORT_STOPS.length}:visited:${COLOURS.visited}$`),
    { timeout: 30_000 },
  );
  // The fixes became the driven trail (the live-positions engine keeps it), drawn on the map.
  await expect(mapOf(page)).toHaveAttribute('data-trail', 'drawn', { timeout: 30_000 });
});

test("another tenant's admin opening a plan event's address (the support map's 'Go to route' shape) gets Not found", async ({
  page,
}) => {
  const event = await world.planEvent();
  await signInAs(page, 'den-norske-isbilen', 'admin@den-norske-isbilen.test');
  // The same address shape as the support map's link, under the other tenant: the report answers Not found.
  await page.goto(`/den-norske-isbilen/depo/${event.depoId}/plan_events/${event.id}`);
  await expect(page.getByText(/Not found/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plan event report' })).toHaveCount(0);
});
