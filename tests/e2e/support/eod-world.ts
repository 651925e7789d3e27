import { randomUUID } from 'node:crypto';
import { sql, uniqueName } from './admin-core-db.ts';
import { createStaffUser, deleteStaffUser, type StaffUser } from './staff.ts';

/**
 * A trip of the spec's own in a tenant's first depo (a fresh driver and route, so no seeded row changes) on a
 * date in the past no one else uses, with a pending end-of-day report whose till sold the given lines.
 * The list is opened with that date as its range.
 */
export interface EodTrip {
  tenant: string;
  depoId: number;
  date: string;
  routeName: string;
  reportId: number;
  planEventId: number;
  listUrl: (tab?: string) => string;
  drop: () => Promise<void>;
}

export interface SoldLine {
  sku: string;
  quantity: number;
  amount: number;
}

export async function makeEodTrip(
  tenant: string,
  options: { sold?: SoldLine[]; amounts?: Record<string, number>; unmapped?: boolean } = {},
): Promise<EodTrip> {
  const driver: StaffUser = await createStaffUser({ tenant, role: 'driver' });
  const routeName = uniqueName('E2E-EOD');
  // A random past day: a fresh driver and route, so (route, date) and (driver, date) are free whatever the day.
  const date = `20${10 + Math.floor(Math.random() * 10)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
  const [depo] = await sql<{ id: string; tenant_id: string; time_zone: string }>(
    `select d.id, d.tenant_id, t.time_zone from public.depos d join public.tenants t on t.id = d.tenant_id
      join public.membership_depos md on md.depo_id = d.id and md.user_id = $2 where t.slug = $1`,
    [tenant, driver.id],
  );
  const [route] = await sql<{ id: string }>(
    `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`,
    [depo.tenant_id, depo.id, routeName],
  );
  const [car] = await sql<{ id: string }>(
    `select id from public.cars where depo_id = $1 and deleted_at is null order by id limit 1`,
    [depo.id],
  );
  const [event] = await sql<{ id: string }>(
    `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id) values ($1, $2, $3, $4, $5, $6) returning id`,
    [depo.tenant_id, depo.id, date, route.id, driver.id, car.id],
  );
  const amounts = options.amounts ?? {};
  const columns = Object.keys(amounts);
  const [report] = await sql<{ id: string }>(
    `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id, cash_register_id, start_at, end_at, total, final_total${columns.map((c) => `, ${c}`).join('')})
     select $1, $2, $3, $4, $5, (select cr.id from public.cash_registers cr where cr.depo_id = $2 order by cr.id limit 1),
            (($6::date + time '09:00') at time zone $7), (($6::date + time '17:00') at time zone $7), 100, 100${columns.map((_, i) => `, $${i + 8}`).join('')}
     returning id`,
    [
      depo.tenant_id,
      depo.id,
      options.unmapped ? null : event.id,
      car.id,
      driver.id,
      date,
      depo.time_zone,
      ...columns.map((c) => amounts[c]),
    ],
  );
  const sold = options.sold ?? [];
  if (sold.length > 0) {
    const [order] = await sql<{ id: string }>(
      `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id, total_revenue, total_quantity)
       values ($1, $2, $3, ($4::date + time '11:30') at time zone $5, $6, $7, $8) returning id`,
      [
        depo.tenant_id,
        report.id,
        depo.id,
        date,
        depo.time_zone,
        `E2E-${randomUUID().slice(0, 8)}`,
        sold.reduce((s, l) => s + l.amount, 0),
        sold.reduce((s, l) => s + l.quantity, 0),
      ],
    );
    for (const line of sold) {
      await sql(
        `insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, category_name, product_name, wallmob_sku, quantity, total_line_amount, inventory_presence)
         values ($1, $2, $3, 'Ice cream', $4, $4, $5, $6, exists (select 1 from public.products p where p.tenant_id = $1 and p.wallmob_sku = $4))`,
        [depo.tenant_id, order.id, depo.id, line.sku, line.quantity, line.amount],
      );
    }
  }
  const depoId = Number(depo.id);
  return {
    tenant,
    depoId,
    date,
    routeName,
    reportId: Number(report.id),
    planEventId: Number(event.id),
    listUrl: (tab = 'unapproved') =>
      `/${tenant}/depo/${depoId}/end_of_day_reports?tab=${tab}&start=${date}&end=${date}`,
    drop: async () => {
      await sql('delete from public.end_of_day_reports where id = $1', [report.id]);
      await sql('delete from public.plan_events where id = $1', [event.id]);
      await sql('delete from public.routes where id = $1', [route.id]);
      await deleteStaffUser(driver);
    },
  };
}
