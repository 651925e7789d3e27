import { expect as baseExpect, test, type Page } from '@playwright/test';
import { sql, uniqueName } from './support/admin-core-db.ts';
import { signInAs } from './support/staff.ts';

// Issue 25 item 4, as a planner works a long route at 1440×900: times read HH:mm whatever the browser's locale,
// at least 15 of 43 stops fit the screen with every column (Comment and Delete included), and a wait or arrival
// time that is no time is refused under its field instead of being dropped behind "Route saved".

const PREFIX = 'E2E-RPD';
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
const DEPO = 4;

test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });

test.afterAll(async () => {
  await sql(`delete from public.routes where name like $1`, [`${PREFIX}-%`]);
});

async function makeRoute(pointCount: number): Promise<number> {
  const [route] = await sql<{ id: string }>(
    `insert into public.routes (tenant_id, depo_id, name) select tenant_id, id, $2 from public.depos where id = $1 returning id`,
    [DEPO, uniqueName(PREFIX)],
  );
  await sql(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, arrival_time, private_comment)
     select r.tenant_id, r.id, r.depo_id, n, 'Stop street ' || n || ', 8000 Aarhus C', 55.6 + n / 100.0, 12.4,
            time '08:00' + make_interval(mins => n * 15), 'Ring the bell'
       from public.routes r, generate_series(1, $2::int) n where r.id = $1`,
    [route!.id, pointCount],
  );
  return Number(route!.id);
}

const rows = (page: Page) => page.getByTestId('route-point-row');

async function openEditor(page: Page, routeId: number, count: number): Promise<void> {
  await signInAs(page, 'hjem-is', 'admin@hjem-is.test');
  await page.goto(`/hjem-is/depo/${DEPO}/route/${routeId}/route_points`);
  await expect(rows(page)).toHaveCount(count);
}

test('43 stops at 1440×900: HH:mm times in an English browser, 15 rows and every column on screen', async ({
  page,
}) => {
  const routeId = await makeRoute(43);
  await openEditor(page, routeId, 43);
  // Stop 25 arrives at 14:15: the field holds it whole, on a 24-hour clock, and the text fits the field.
  const arrival = page.getByLabel('Arrival time of point 25');
  await expect(arrival).toHaveValue('14:15');
  await expect(arrival).toHaveAttribute('type', 'text');
  const fits = await arrival.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
  expect(fits).toBe(true);

  // The table scrolls inside the page, its header and columns in view: 15 rows fit at once.
  // Rows wholly on screen below the app's own header.
  const headerBottom =
    (await page.getByRole('banner').boundingBox())!.y + (await page.getByRole('banner').boundingBox())!.height;
  await rows(page)
    .first()
    .evaluate((row, top) => window.scrollBy(0, row.getBoundingClientRect().top - top), headerBottom);
  const inView = await rows(page).evaluateAll(
    (all, top) =>
      all.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= top && box.bottom <= window.innerHeight;
      }).length,
    headerBottom,
  );
  expect(inView).toBeGreaterThanOrEqual(15);
  for (const label of ['Comment of point 1', 'Delete point 1', 'Arrival time of point 1', 'Wait time of point 1']) {
    const box = await page.getByLabel(label, { exact: true }).boundingBox();
    expect(box, label).not.toBeNull();
    expect(box!.x + box!.width, `${label} within 1440`).toBeLessThanOrEqual(1440);
  }
});

test('a wait time or an arrival time that is no time is refused under its field, and nothing is saved', async ({
  page,
}) => {
  const routeId = await makeRoute(3);
  await openEditor(page, routeId, 3);
  const wait = page.getByLabel('Wait time of point 2');
  await wait.fill('abc');
  await wait.blur();
  await expect(wait).toHaveValue('abc');
  await expect(wait).toHaveAccessibleDescription('Wait time is invalid (hh:mm)');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Route not saved: correct the marked fields' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Route saved' })).toHaveCount(0);
  await expect(wait).toBeFocused();

  await wait.fill('25:99');
  await expect(wait).toHaveAccessibleDescription('Wait time is invalid (hh:mm)');
  await wait.fill('00:45');
  await expect(wait).not.toHaveAttribute('aria-invalid', 'true');

  const arrival = page.getByLabel('Arrival time of point 3');
  await arrival.fill('25:99');
  await expect(arrival).toHaveAccessibleDescription('Time is invalid (HH:mm)');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Route not saved: correct the marked fields' })).toBeVisible();
  const saved = await sql<{ wait_time: string }>(
    `select wait_time::text from public.route_points where route_id = $1 and position = 2`,
    [routeId],
  );
  expect(saved[0]!.wait_time).toBe('2.00');

  // Typed the short way, the time is written HH:mm on leaving the field, and the route saves.
  await arrival.fill('930');
  await arrival.blur();
  await expect(arrival).toHaveValue('09:30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Route saved' })).toBeVisible();
  const after = await sql<{ wait_time: string; arrival_time: string }>(
    `select wait_time::text, arrival_time::text from public.route_points where route_id = $1 order by position`,
    [routeId],
  );
  expect(after.map((p) => [p.wait_time, p.arrival_time])).toEqual([
    ['2.00', '08:15:00'],
    ['0.75', '08:30:00'],
    ['2.00', '09:30:00'],
  ]);
});
