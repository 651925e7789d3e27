import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/admin-core-db.ts';
import { signInAs, type AppRole } from './support/staff.ts';

// Every staff route, opened by URL as every role: the page, or exactly the not-authorized sentence
// with none of the page's data requested (the guard runs before any loader).

const NOT_AUTHORIZED = 'You are not authorized to access this page.';
const TENANT = 'hjem-is';
const emails: Record<AppRole, string> = {
  admin: 'admin@hjem-is.test',
  depo_admin: 'depo-admin@hjem-is.test',
  support: 'support@hjem-is.test',
  driver: 'driver@hjem-is.test',
};

interface StaffRouteCase {
  path: string;
  /** Who may open it. */
  roles: readonly AppRole[];
  /** The page's own data requests: none of them may leave the browser when the route is refused. */
  reads: RegExp;
}

const ADMIN_ONLY = ['admin'] as const;
const ADMINS = ['admin', 'depo_admin'] as const;
const OFFICE = ['admin', 'depo_admin', 'support'] as const;
const EVERYONE = ['admin', 'depo_admin', 'support', 'driver'] as const;

async function firstId(table: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `select x.id::text as id from public.${table} x join public.tenants t on t.id = x.tenant_id where t.slug = $1 order by x.id limit 1`,
    [TENANT],
  );
  return row.id;
}

/** The member's own first depo (an admin's: the tenant's first), so only the role decides. */
async function ownDepo(email: string): Promise<number> {
  const [row] = await sql<{ id: string }>(
    `select coalesce(
       (select min(md.depo_id) from public.membership_depos md join auth.users u on u.id = md.user_id
          join public.tenants t on t.id = md.tenant_id where u.email = $1 and t.slug = $2),
       (select min(d.id) from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = $2))::text as id`,
    [email, TENANT],
  );
  return Number(row.id);
}

async function routeCases(depo: number): Promise<StaffRouteCase[]> {
  const [customer, b2bCustomer, car, template, campaign, depoRow, stopType, audit] = await Promise.all(
    [
      'customers',
      'b2b_customers',
      'cars',
      'sms_templates',
      'sms_campaigns',
      'depos',
      'stop_types',
      'user_http_requests',
    ].map(firstId),
  );
  const [{ id: userId }] = await sql<{ id: string }>(`select id::text as id from auth.users where email = $1`, [
    emails.driver,
  ]);
  const d = `/${TENANT}/admin/depo/${depo}`;
  const a = `/${TENANT}/admin`;
  const o = `/${TENANT}/depo/${depo}`;
  const [{ id: route }] = await sql<{ id: string }>(
    `select id::text as id from public.routes where depo_id = $1 order by id limit 1`,
    [depo],
  );
  const routeReads = /\/rest\/v1\/(rpc\/depo_route_list|routes)/;
  const [{ id: planEvent }] = await sql<{ id: string }>(
    `select id::text as id from public.plan_events where depo_id = $1 order by id limit 1`,
    [depo],
  );
  const [{ id: report }] = await sql<{ id: string }>(
    `select id::text as id from public.end_of_day_reports where depo_id = $1 order by id limit 1`,
    [depo],
  );
  const eodReads = /\/rest\/v1\/(rpc\/end_of_day_report|eod_)/;
  const i = `/${TENANT}/inventory/depo/${depo}`;
  const productRow = await firstId('products');
  const [{ id: warehouse }] = await sql<{ id: string }>(
    `select id::text as id from public.warehouses where depo_id = $1 order by id limit 1`,
    [depo],
  );
  const [order] = await sql<{ id: string }>(
    `select id::text as id from public.stock_orders where depo_id = $1 order by id limit 1`,
    [depo],
  );
  const stockReads = /\/rest\/v1\/(rpc\/inventory_warehouses|stock_orders|products)/;
  const productReads = /\/rest\/v1\/(rpc\/inventory_product|rpc\/remaining_product|products|minimum_required)/;
  return [
    { path: `/${TENANT}`, roles: EVERYONE, reads: /^$/ },
    { path: `${a}/b2b_orders`, roles: OFFICE, reads: /\/rest\/v1\/(rpc\/)?b2b_orders/ },
    { path: `${d}/customers`, roles: OFFICE, reads: /\/rest\/v1\/(customers|rpc\/customers_page)/ },
    { path: `${d}/customers/new`, roles: OFFICE, reads: /\/rest\/v1\/customers/ },
    { path: `${d}/customers/${customer}/edit`, roles: OFFICE, reads: /\/rest\/v1\/(customers|sms_receivers)/ },
    { path: `${d}/b2b_customers`, roles: OFFICE, reads: /\/rest\/v1\/(rpc\/)?b2b_customer/ },
    { path: `${a}/b2b_customers/${b2bCustomer}/edit`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/(rpc\/)?b2b_customer/ },
    { path: `${d}/sms_outbox`, roles: OFFICE, reads: /\/rest\/v1\/sms_outbox/ },
    { path: `/${TENANT}/customer_support`, roles: OFFICE, reads: /\/rest\/v1\/rpc\/support_stop_map_stops/ },
    { path: `${d}/cars`, roles: ADMINS, reads: /\/rest\/v1\/cars/ },
    { path: `${d}/cars/new`, roles: ADMINS, reads: /\/rest\/v1\/cars/ },
    { path: `${d}/cars/${car}/edit`, roles: ADMINS, reads: /\/rest\/v1\/cars/ },
    { path: `${d}/users`, roles: ADMINS, reads: /\/functions\/v1\/admin-users/ },
    { path: `${d}/users/new`, roles: ADMINS, reads: /\/functions\/v1\/admin-users/ },
    { path: `${d}/users/${userId}/edit`, roles: ADMINS, reads: /\/functions\/v1\/admin-users/ },
    { path: `${a}/users`, roles: ADMINS, reads: /\/functions\/v1\/admin-users/ },
    { path: `${a}/sms_templates`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/sms_templates/ },
    { path: `${a}/sms_templates/new`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/sms_templates/ },
    { path: `${a}/sms_templates/${template}/edit`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/sms_templates/ },
    { path: `${a}/sms_campaigns`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/sms_campaigns/ },
    { path: `${a}/sms_campaigns/new`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/sms_campaigns/ },
    { path: `${a}/sms_campaigns/${campaign}/edit`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/sms_campaigns/ },
    // The layout reads the depos' ids and titles for the switcher; the screen reads their addresses.
    { path: `${a}/depos`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/depos\?select=[^&]*address/ },
    { path: `${a}/depos/new`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/depos\?select=[^&]*address/ },
    { path: `${a}/depos/${depoRow}/edit`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/depos\?select=[^&]*address/ },
    { path: `${a}/stop_types`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/stop_types/ },
    { path: `${a}/stop_types/new`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/stop_types/ },
    { path: `${a}/stop_types/${stopType}/edit`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/stop_types/ },
    { path: `${a}/wallmob`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/wallmob_/ },
    { path: `${a}/user_http_requests`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/user_http_requests/ },
    { path: `${a}/user_http_requests/${audit}`, roles: ADMIN_ONLY, reads: /\/rest\/v1\/user_http_requests/ },
    { path: `${o}/routes`, roles: ADMINS, reads: routeReads },
    { path: `${o}/routes/filter/deleted`, roles: ADMINS, reads: routeReads },
    { path: `${o}/routes/new`, roles: ADMINS, reads: routeReads },
    { path: `${o}/routes/${route}/edit`, roles: ADMINS, reads: routeReads },
    { path: `${o}/route/${route}/route_points`, roles: ADMINS, reads: /\/rest\/v1\/rpc\/route_points_for_editor/ },
    { path: `${o}/plan_events/${planEvent}`, roles: EVERYONE, reads: /\/rest\/v1\/rpc\/plan_event_report/ },
    {
      path: `${o}/plan_events/${planEvent}/sms_customers`,
      roles: EVERYONE,
      reads: /\/rest\/v1\/rpc\/plan_event_sms_customers/,
    },
    {
      path: `${o}/plan_events/${planEvent}/sms_customers/full_details`,
      roles: EVERYONE,
      reads: /\/rest\/v1\/rpc\/plan_event_sms_customers/,
    },
    {
      path: `${o}/plan_events/${planEvent}/sms_customer_map`,
      roles: EVERYONE,
      reads: /\/rest\/v1\/rpc\/plan_event_sms_customers/,
    },
    { path: `${o}/plan_events/all_customers`, roles: EVERYONE, reads: /\/rest\/v1\/rpc\/weekday_sms_customers/ },
    { path: `${o}/plan_events/${planEvent}/heat_map`, roles: EVERYONE, reads: /\/rest\/v1\/rpc\/plan_event_heat_map/ },
    { path: `${o}/end_of_day_reports`, roles: OFFICE, reads: eodReads },
    { path: `${o}/end_of_day_reports/${report}`, roles: OFFICE, reads: eodReads },
    { path: `/${TENANT}/eshop/depo/${depo}/orders`, roles: OFFICE, reads: /\/rest\/v1\/webshop_orders/ },
    { path: `/${TENANT}/eshop/depo/${depo}/b2b_orders`, roles: OFFICE, reads: /\/rest\/v1\/webshop_orders/ },
    { path: `${o}/feedbacks`, roles: OFFICE, reads: /\/rest\/v1\/feedback_list/ },
    // The sales export is not offered to the ice-cream tenant, whatever the role.
    { path: `${o}/sales_export`, roles: [], reads: /\/(functions\/v1\/sales-export|rest\/v1\/cars)/ },
    { path: `${i}/products`, roles: OFFICE, reads: productReads },
    { path: `${i}/products/new`, roles: OFFICE, reads: productReads },
    { path: `${i}/products/${productRow}/edit`, roles: OFFICE, reads: productReads },
    { path: `${i}/warehouses`, roles: OFFICE, reads: /\/rest\/v1\/(rpc\/inventory_warehouses|warehouses)/ },
    {
      path: `${i}/warehouse_orders`,
      roles: OFFICE,
      reads: /\/rest\/v1\/rpc\/(depo_warehouse_orders|inventory_warehouses)/,
    },
    // The order and transfer pages below a warehouse of the depo (covered by the warehouses declaration).
    { path: `${i}/warehouses/${warehouse}/stock_orders/new`, roles: OFFICE, reads: stockReads },
    { path: `${i}/warehouses/${warehouse}/stock_transfers/new`, roles: OFFICE, reads: stockReads },
    ...(order
      ? [{ path: `${i}/warehouses/${warehouse}/stock_orders/${order.id}`, roles: OFFICE, reads: stockReads }]
      : []),
  ];
}

/** Opens a URL and reports the API requests made from then on. */
async function open(page: Page, path: string): Promise<string[]> {
  const requests: string[] = [];
  const record = (request: { url: () => string }) =>
    requests.push(decodeURIComponent(new URL(request.url()).pathname + new URL(request.url()).search));
  page.on('request', record);
  await page.goto(path);
  // Either the page's heading or the refusal, whichever the guard decided (a shared 2-core CI box is slow).
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1 }).or(page.getByRole('main').getByText(NOT_AUTHORIZED)),
  ).toBeVisible({ timeout: 20_000 });
  page.off('request', record);
  return requests;
}

for (const role of Object.keys(emails) as AppRole[]) {
  test(`every staff route as ${role}: the page or the refusal, before any data`, async ({ page }) => {
    test.setTimeout(300_000);
    await signInAs(page, TENANT, emails[role]);
    const cases = await routeCases(await ownDepo(emails[role]));
    for (const route of cases) {
      const requests = await open(page, route.path);
      const main = page.getByRole('main');
      if (route.roles.includes(role)) {
        await expect(main.getByText(NOT_AUTHORIZED), `${role} may open ${route.path}`).toHaveCount(0);
        await expect(main.getByRole('heading', { level: 1 }), `${role} sees ${route.path}`).toBeVisible();
      } else {
        await expect(main, `${role} is refused ${route.path}`).toHaveText(NOT_AUTHORIZED);
        expect(
          requests.filter((url) => route.reads.test(url)),
          `${role} loaded data of ${route.path}`,
        ).toEqual([]);
      }
    }
  });
}

test('a depo the member does not work in is refused', async ({ page }) => {
  await signInAs(page, TENANT, emails.depo_admin);
  const [{ id }] = await sql<{ id: string }>(
    `select d.id::text as id from public.depos d join public.tenants t on t.id = d.tenant_id
      where t.slug = $1 and d.id not in (select md.depo_id from public.membership_depos md join auth.users u on u.id = md.user_id where u.email = $2)
      order by d.id limit 1`,
    [TENANT, emails.depo_admin],
  );
  const requests = await open(page, `/${TENANT}/admin/depo/${id}/cars`);
  await expect(page.getByRole('main')).toHaveText(NOT_AUTHORIZED);
  expect(requests.filter((url) => /\/rest\/v1\/cars/.test(url))).toEqual([]);
});

test("a plan event's SMS customers and a day's, in a depo the driver does not work in, are refused before they are read", async ({
  page,
}) => {
  await signInAs(page, TENANT, emails.driver);
  const [{ depo, id }] = await sql<{ depo: string; id: string }>(
    `select pe.depo_id::text as depo, pe.id::text as id from public.plan_events pe join public.tenants t on t.id = pe.tenant_id
      where t.slug = $1 and pe.depo_id not in (select md.depo_id from public.membership_depos md join auth.users u on u.id = md.user_id where u.email = $2)
      order by pe.id limit 1`,
    [TENANT, emails.driver],
  );
  for (const path of [
    `plan_events/${id}/sms_customers`,
    `plan_events/${id}/sms_customer_map`,
    'plan_events/all_customers',
  ]) {
    const requests = await open(page, `/${TENANT}/depo/${depo}/${path}`);
    await expect(page.getByRole('main')).toHaveText(NOT_AUTHORIZED);
    expect(requests.filter((url) => /\/rest\/v1\/rpc\/(plan_event|weekday)_sms_customers/.test(url))).toEqual([]);
  }
});

test('a plan event of a depo the driver does not work in is refused before its report is read', async ({ page }) => {
  await signInAs(page, TENANT, emails.driver);
  const [{ depo, id }] = await sql<{ depo: string; id: string }>(
    `select pe.depo_id::text as depo, pe.id::text as id from public.plan_events pe join public.tenants t on t.id = pe.tenant_id
      where t.slug = $1 and pe.depo_id not in (select md.depo_id from public.membership_depos md join auth.users u on u.id = md.user_id where u.email = $2)
      order by pe.id limit 1`,
    [TENANT, emails.driver],
  );
  const requests = await open(page, `/${TENANT}/depo/${depo}/plan_events/${id}`);
  await expect(page.getByRole('main')).toHaveText(NOT_AUTHORIZED);
  expect(requests.filter((url) => /\/rest\/v1\/rpc\/plan_event_report/.test(url))).toEqual([]);
});
