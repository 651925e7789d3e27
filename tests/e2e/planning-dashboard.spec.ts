import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { createStaffUser, deleteStaffUser, signInAs, type StaffUser } from './support/staff.ts';

// The home page's planning section (the route catalogue's dashboard, inventory-public-support §2.6): today's
// plan-event routes with and without a quota, and the stops whose SMS were made and not made, on plan events of
// its own today (the tenant's today) in hjem-is's first depo. Drivers have no planning section.

const TENANT = 'hjem-is';
const tag = `E2E plan ${randomUUID().slice(0, 6)}`;
const withQuota = `${tag} quota`;
const withoutQuota = `${tag} free`;
const drivers: StaffUser[] = [];
let depoId: number;
let carIds: number[] = [];
let routeIds: number[] = [];
let planEventIds: number[] = [];
let customerIds: number[] = [];

test.beforeAll(async () => {
  const [depo] = await sql<{ id: string; tenant_id: string; today: string }>(
    `select d.id, d.tenant_id, (now() at time zone t.time_zone)::date::text as today
       from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = $1 order by d.id limit 1`,
    [TENANT],
  );
  depoId = Number(depo.id);
  for (const [name, quota] of [
    [withQuota, 3],
    [withoutQuota, 0],
  ] as const) {
    const driver = await createStaffUser({ tenant: TENANT, role: 'driver' });
    drivers.push(driver);
    const [route] = await sql<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name, minimum_efficient_sales_count) values ($1, $2, $3, $4) returning id`,
      [depo.tenant_id, depoId, name, quota],
    );
    routeIds.push(Number(route.id));
    const [car] = await sql<{ id: string }>(
      `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, $4) returning id`,
      [depo.tenant_id, depoId, `P-${randomUUID().slice(0, 6)}`, `PD ${randomInt(10_000, 99_999)}`],
    );
    carIds.push(Number(car.id));
    // SMS stopped for the plan event, so the dispatcher never sends the test's pending SMS meanwhile (it skips it);
    // two days long, so it is still today's should the tenant's midnight pass during the test.
    const [event] = await sql<{ id: string }>(
      `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, sms_stopped_at, day_span)
       values ($1, $2, $3, $4, $5, $6, now(), 2) returning id`,
      [depo.tenant_id, depoId, depo.today, route.id, driver.id, car.id],
    );
    planEventIds.push(Number(event.id));
  }
  // The quota route's trip: stop 1's SMS sent, stop 2's not (yet).
  await sql(
    `insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, lat, lng)
     select $1, $2, $3, n, 'Planning street ' || n, 56.1 + n * 0.01, 10.1 from generate_series(1, 2) n`,
    [depo.tenant_id, planEventIds[0], depoId],
  );
  for (const position of [1, 2]) {
    const [customer] = await sql<{ id: string }>(
      `insert into public.customers (tenant_id, phone) values ($1, $2) returning id`,
      [depo.tenant_id, `+45${randomInt(10_000_000, 99_999_999)}${randomInt(10, 99)}`],
    );
    customerIds.push(Number(customer.id));
    await sql(
      `insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id, sms_sent_at)
       select tenant_id, $2, id, depo_id, case when $3 then now() end from public.plan_event_route_points where plan_event_id = $1 and position = $4`,
      [planEventIds[0], customer.id, position === 1, position],
    );
  }
});

test.afterAll(async () => {
  await sql('update public.plan_events set started_at = null where id = any ($1)', [planEventIds]);
  await sql('delete from public.plan_events where id = any ($1)', [planEventIds]);
  await sql('delete from public.customers where id = any ($1)', [customerIds]);
  await sql('delete from public.routes where id = any ($1)', [routeIds]);
  await sql('delete from public.car_positions where car_id = any ($1)', [carIds]);
  await sql('delete from public.cars where id = any ($1)', [carIds]);
  for (const driver of drivers) await deleteStaffUser(driver);
  planEventIds = [];
  routeIds = [];
  carIds = [];
  customerIds = [];
});

const list = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('the home page plans today: routes with and without quota, SMS stops made and not made', async ({ page }) => {
  await signInAs(page, TENANT, `admin@${TENANT}.test`);
  await page.goto(`/${TENANT}?depo=${depoId}`);
  await expect(page.getByRole('heading', { name: 'Planning today' })).toBeVisible();

  await expect(list(page, 'Plan event routes with quota')).toContainText(withQuota);
  await expect(list(page, 'Plan event routes with quota')).not.toContainText(withoutQuota);
  await expect(list(page, 'Plan event routes without quota')).toContainText(withoutQuota);
  await expect(list(page, 'Plan event routes without quota')).not.toContainText(withQuota);
  await expect(list(page, 'SMS stops made')).toContainText(`${withQuota} #1 Planning street 1`);
  await expect(list(page, 'SMS stops made')).not.toContainText(`${withQuota} #2`);
  await expect(list(page, 'SMS stops not made')).toContainText(`${withQuota} #2 Planning street 2`);

  // Each opens the trip's report.
  await list(page, 'Plan event routes without quota').getByRole('link', { name: withoutQuota }).click();
  await expect(page).toHaveURL(new RegExp(`/depo/${depoId}/plan_events/${planEventIds[1]}$`));
  await expect(page.getByRole('heading', { name: 'Plan event report' })).toBeVisible();
});

test("a driver's home has no planning section", async ({ page }) => {
  await signInAs(page, TENANT, `driver@${TENANT}.test`);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Needs attention today' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Planning today' })).toHaveCount(0);
});
