import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { fillSignIn, DEMO_PASSWORD } from './support/staff.ts';

// The route map view of the route-points editor, as staff work it: dragging a stop with DRAG ON (its address
// found by reverse geocoding, the unsaved-changes dialog on leaving), the info dialog, the customer view's
// colours (read from the map's list of customer points, which carries each point's colour), selecting
// customers, 'Selected Routes(n)', the phone list's copy, and moving customers to a stop.
// Every wait is for a state (the map's data-map-idle, a list, a dialog); never a fixed time.

const PREFIX = 'E2E-MAP';
// A shared 2-core box: states are waited for generously.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
const DEPO = 4;
const COLOURS = { green: '#2b8a3e', blue: '#1971c2', black: '#000000', red: '#e03131' };

test.afterAll(async () => {
  await sql(`delete from public.routes where name like $1`, [`${PREFIX}-%`]);
  await sql(`delete from public.customers where name like $1`, [`${PREFIX}-%`]);
});

interface MadeRoute {
  id: number;
  name: string;
  pointIds: number[];
  tenant: string;
  depo: number;
}

/** A throwaway route of depo 4 with a stop at each place, addressed '<name> stop n'. */
async function makeRoute(
  places: Array<[number, number]>,
  where: { tenant: string; depo: number } = { tenant: 'hjem-is', depo: DEPO },
): Promise<MadeRoute> {
  const name = uniqueName(PREFIX);
  const [route] = await sql<{ id: string }>(
    `insert into public.routes (tenant_id, depo_id, name) select tenant_id, id, $2 from public.depos where id = $1 returning id`,
    [where.depo, name],
  );
  const pointIds: number[] = [];
  for (const [index, [lat, lng]] of places.entries()) {
    const [point] = await sql<{ id: string }>(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
       select tenant_id, id, depo_id, $2, $3, $4, $5 from public.routes where id = $1 returning id`,
      [route!.id, index + 1, `${name} stop ${index + 1}`, lat, lng],
    );
    pointIds.push(Number(point!.id));
  }
  return { id: Number(route!.id), name, pointIds, ...where };
}

/** A customer of hjem-is at a place, subscribed at a stop when given; its address and phone are unique. */
async function makeCustomer(lat: number, lng: number, options: { stop?: number; routeNumber?: string } = {}) {
  const name = uniqueName(PREFIX);
  const phone = `+459${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-7)}`;
  const [row] = await sql<{ id: string }>(
    `insert into public.customers (tenant_id, name, phone, address, lat, lng, route_number)
     select tenant_id, $2, $3, $4, $5, $6, $7 from public.depos where id = $1 returning id`,
    [DEPO, name, phone, `${name} vej 1`, lat, lng, options.routeNumber ?? null],
  );
  if (options.stop) {
    await sql(
      `insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id)
       select tenant_id, $2, id, depo_id from public.route_points where id = $1`,
      [options.stop, row!.id],
    );
  }
  return { id: Number(row!.id), address: `${name} vej 1`, phone };
}

async function signIn(page: Page, tenant = 'hjem-is'): Promise<void> {
  await page.goto(`/${tenant}/users/sign_in`);
  await fillSignIn(page, `admin@${tenant}.test`, DEMO_PASSWORD);
  await expect(page.getByRole('banner')).toBeVisible();
}

const routeMap = (page: Page) => page.getByRole('region', { name: 'Route map' });

async function waitForIdleMap(page: Page): Promise<Locator> {
  const map = routeMap(page);
  await expect(map).toHaveAttribute('data-map-idle', 'true', { timeout: 60_000 });
  return map;
}

async function openMapView(page: Page, route: MadeRoute): Promise<Locator> {
  await page.goto(`/${route.tenant}/depo/${route.depo}/route/${route.id}/route_points`);
  await expect(page.getByTestId('route-point-row')).toHaveCount(route.pointIds.length);
  await page.getByRole('button', { name: 'Map view' }).click();
  await expect(page.getByRole('list', { name: 'Stops on the map' }).getByRole('button')).toHaveCount(
    route.pointIds.length,
  );
  return waitForIdleMap(page);
}

/** A press at `from`, moved in steps to `to` and let go there (the pixel positions in the page). */
async function dragBetween(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

async function centreOf(map: Locator): Promise<{ x: number; y: number }> {
  const box = (await map.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('DRAG ON moves a stop: its address comes from reverse geocoding, and leaving asks about the unsaved change', async ({
  page,
}) => {
  // A lone stop in north-west Jutland, far from the demo world: the map flies to it at zoom 15, in its centre.
  const stop: [number, number] = [57.02, 8.93];
  const route = await makeRoute([stop]);
  // A known address 100 px east of the stop at zoom 15 (the engine's 512 px tiles: 360° / 2^24 px, 2.15e-5° of
  // longitude a pixel): the local reverse geocoder names it for a stop dropped there (the stop's own saved
  // address lies 130 m away).
  const target = await makeRoute([[stop[0], stop[1] + 0.00215]]);
  await signIn(page);
  const map = await openMapView(page, route);
  const address = page.getByRole('combobox', { name: 'Address of point 1' });
  await expect(address).toHaveValue(`${route.name} stop 1`);
  const centre = await centreOf(map);

  // DRAG OFF: a drag pans the map; the stop keeps its place and the route has no change.
  const dragButton = page.getByRole('button', { name: 'DRAG OFF' });
  await expect(dragButton).toHaveAttribute('aria-pressed', 'false');
  await dragBetween(page, centre, { x: centre.x - 80, y: centre.y });
  await waitForIdleMap(page);
  await expect(page.locator('section.route-points')).toHaveAttribute('data-dirty', 'false');
  await expect(address).toHaveValue(`${route.name} stop 1`);
  // Back to the stop through the map's list of stops (keyboard: the list shows when focused).
  const stopButton = page.getByRole('list', { name: 'Stops on the map' }).getByRole('button');
  await stopButton.focus();
  await stopButton.press('Enter');
  await waitForIdleMap(page);

  // DRAG ON: the stop follows the mouse and is dropped about 100 px east.
  await dragButton.click();
  await expect(page.getByRole('button', { name: 'DRAG ON' })).toHaveAttribute('aria-pressed', 'true');
  await dragBetween(page, centre, { x: centre.x + 100, y: centre.y });
  await expect(address).toHaveValue(`${target.name} stop 1`);
  await expect(page.locator('section.route-points')).toHaveAttribute('data-dirty', 'true');
  await expect(stopButton).toHaveText(`1. ${target.name} stop 1`);
  await waitForIdleMap(page);

  // Nothing is saved yet; leaving asks first, and Cancel stays with the change.
  await page.getByRole('link', { name: 'Back to routes' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes detected!' });
  await expect(dialog).toContainText('There are unsaved changes which will be lost if you leave!');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(address).toHaveValue(`${target.name} stop 1`);
  const [saved] = await sql<{ address: string; lng: number }>(
    `select address, lng from public.route_points where id = $1`,
    [route.pointIds[0]],
  );
  expect(saved).toEqual({ address: `${route.name} stop 1`, lng: stop[1] });

  // Save keeps the new place: east of where it was, near the known address.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Route saved')).toBeVisible();
  const [moved] = await sql<{ address: string; lng: number; lat: number }>(
    `select address, lng, lat from public.route_points where id = $1`,
    [route.pointIds[0]],
  );
  expect(moved!.address).toBe(`${target.name} stop 1`);
  expect(moved!.lng).toBeGreaterThan(stop[1] + 0.0015);
  expect(Math.abs(moved!.lat - stop[0])).toBeLessThan(0.001);
});

test('customer view: colours by route, selecting customers, Selected Routes(n), the phone list and moving them to a stop', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const base: [number, number] = [57.06, 9.03];
  const route = await makeRoute([base, [base[0] + 0.004, base[1] + 0.004]]);
  const other = await makeRoute([[base[0] + 0.002, base[1] - 0.004]]);
  const inRoute = await makeCustomer(base[0] + 0.001, base[1] + 0.001, { stop: route.pointIds[0] });
  const inOther = await makeCustomer(base[0] + 0.002, base[1] + 0.001, { stop: other.pointIds[0] });
  const numbered = await makeCustomer(base[0] + 0.003, base[1] + 0.002, { routeNumber: 'R-42' });
  const none = await makeCustomer(base[0] + 0.001, base[1] + 0.003);
  await signIn(page);
  await openMapView(page, route);

  // The "i" explains the controls and the colours.
  await page.getByRole('button', { name: 'Map controls info' }).click();
  const info = page.getByRole('dialog', { name: 'Map controls' });
  await expect(info).toContainText('DRAG ON/OFF');
  await expect(info).toContainText('FAST MAP');
  await expect(info.getByRole('list', { name: 'Customer colours' })).toContainText('in another route');
  await info.getByRole('button', { name: 'Close' }).click();
  await expect(info).toBeHidden();
  // hjem-is has FAST MAP (tenants.has_fast_map).
  await expect(page.getByRole('checkbox', { name: 'FAST MAP' })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Customer view' }).check();
  const customers = page.getByRole('list', { name: 'Customers on the map' });
  const button = (customer: { address: string }) => customers.getByRole('button', { name: customer.address });
  await expect(button(inRoute)).toHaveAttribute('data-colour', COLOURS.green);
  await expect(button(inRoute)).toContainText('in this route');
  await expect(button(inOther)).toHaveAttribute('data-colour', COLOURS.blue);
  await expect(button(numbered)).toHaveAttribute('data-colour', COLOURS.black);
  await expect(button(none)).toHaveAttribute('data-colour', COLOURS.red);
  await waitForIdleMap(page);

  // Nothing selected: the selection's controls wait.
  await expect(page.getByRole('button', { name: 'Selected Routes(0)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Phone list' })).toBeDisabled();
  for (const customer of [inRoute, inOther]) {
    await button(customer).focus();
    await button(customer).press('Enter');
    await expect(button(customer)).toHaveAttribute('aria-pressed', 'true');
  }

  // The routes sharing the selected customers; a ticked one is drawn on the map.
  await page.getByRole('button', { name: 'Selected Routes(0)' }).click();
  await page.getByRole('checkbox', { name: new RegExp(`^${other.name} `) }).check();
  await expect(page.getByRole('button', { name: 'Selected Routes(1)' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Stops of the selected routes' }).getByRole('button')).toHaveText([
    `${other.name} 1`,
  ]);
  await page.getByRole('button', { name: 'Selected Routes(1)' }).click();

  // The phone list, copied.
  await page.getByRole('button', { name: 'Phone list' }).click();
  const phones = page.getByRole('dialog', { name: 'Phone list' });
  await expect(phones.getByTestId('phone-row')).toHaveCount(2);
  await phones.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').sort()).toEqual([inRoute.phone, inOther.phone].sort());
  await phones.getByRole('button', { name: 'Close' }).click();

  // Update customers: both move to stop 2 of this route; the one from the other route turns green.
  await page.getByRole('combobox', { name: 'Stop' }).selectOption({ label: `2. ${route.name} stop 2` });
  await page.getByRole('button', { name: 'Update customers' }).click();
  await expect(page.getByText('2 customers moved to stop 2')).toBeVisible();
  await expect(button(inOther)).toHaveAttribute('data-colour', COLOURS.green);
  const subscriptions = await sql<{ customer_id: string; route_point_id: string }>(
    `select customer_id, route_point_id from public.stop_subscriptions where customer_id = any ($1) and unsubscribed_at is null order by customer_id, route_point_id`,
    [[inRoute.id, inOther.id]],
  );
  expect(subscriptions.map((row) => [Number(row.customer_id), Number(row.route_point_id)])).toEqual([
    [inRoute.id, route.pointIds[1]],
    ...[other.pointIds[0]!, route.pointIds[1]!].sort((a, b) => a - b).map((point) => [inOther.id, point]),
  ]);
  // Moving customers is saved at once: the route's own points have no unsaved change.
  await expect(page.locator('section.route-points')).toHaveAttribute('data-dirty', 'false');
});

test('the map view on a phone: the map and its controls fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  const route = await makeRoute([
    [57.1, 9.2],
    [57.104, 9.204],
  ]);
  await signIn(page);
  const map = await openMapView(page, route);
  const box = (await map.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(412);
  expect(box.height).toBeGreaterThanOrEqual(250);
  for (const name of ['DRAG OFF', 'Map controls info', 'Phone list']) {
    const control = (await page.getByRole('button', { name }).boundingBox())!;
    expect(control.x).toBeGreaterThanOrEqual(0);
    expect(control.x + control.width).toBeLessThanOrEqual(412);
  }
  // No sideways scrolling of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
});

test('a stop dropped where no address is known keeps its address and says so; FAST MAP only for a tenant with it', async ({
  page,
}) => {
  // Norway's tenant has no FAST MAP (tenants.has_fast_map), and no known address in these mountains.
  const [depo] = await sql<{ id: string }>(
    `select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'den-norske-isbilen' order by d.id limit 1`,
  );
  const route = await makeRoute([[62.3, 8.4]], { tenant: 'den-norske-isbilen', depo: Number(depo!.id) });
  await signIn(page, 'den-norske-isbilen');
  const map = await openMapView(page, route);
  await expect(page.getByRole('checkbox', { name: 'Customer view' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'FAST MAP' })).toHaveCount(0);

  await page.getByRole('button', { name: 'DRAG OFF' }).click();
  const centre = await centreOf(map);
  // 400 px east at zoom 15 is about 440 m here (1.1 m a pixel at 62° N): beyond the 300 m the local index looks,
  // even for the stop's own saved address.
  await dragBetween(page, centre, { x: centre.x + 400, y: centre.y });
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Address of point 1' })).toHaveValue(`${route.name} stop 1`);
  // The place moved all the same: an unsaved change.
  await expect(page.locator('section.route-points')).toHaveAttribute('data-dirty', 'true');
  await waitForIdleMap(page);
});
