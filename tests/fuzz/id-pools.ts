import type pg from 'pg';
import type { IdPools } from './rpc-arguments.ts';
import type { IdTable } from './rpc-models.ts';

const SOURCES: Record<IdTable, string> = {
  b2b_customers: 'select id, tenant_id from public.b2b_customers',
  cars: 'select id, tenant_id from public.cars',
  cash_registers: 'select id, tenant_id from public.cash_registers',
  customers: 'select id, tenant_id from public.customers',
  depos: 'select id, tenant_id from public.depos',
  end_of_day_reports: 'select id, tenant_id from public.end_of_day_reports',
  plan_event_route_points: 'select id, tenant_id from public.plan_event_route_points',
  plan_events: 'select id, tenant_id from public.plan_events',
  products: 'select id, tenant_id from public.products',
  route_points: 'select id, tenant_id from public.route_points',
  routes: 'select id, tenant_id from public.routes',
  sms_outbox: 'select id, tenant_id from public.sms_outbox',
  sms_templates: 'select id, tenant_id from public.sms_templates',
  staff_profiles: 'select user_id as id, tenant_id from public.tenant_memberships',
  tenants: 'select id, id as tenant_id from public.tenants',
  warehouses: 'select id, tenant_id from public.warehouses',
  webshop_orders: 'select id, tenant_id from public.webshop_orders',
  stop_uuids: 'select uuid as id, tenant_id from public.plan_event_route_points',
  customer_uuids: 'select uuid as id, tenant_id from public.customers',
  stock_orders: 'select id, tenant_id from public.stock_orders',
  stock_transfers: 'select id, tenant_id from public.stock_transfers',
  manual_counting_documents: 'select id, tenant_id from public.manual_counting_documents',
};

/** A few real ids per table: of other tenants, and of the home tenant (for read-only functions only). */
export async function loadIdPools(db: pg.Client, homeTenant: string): Promise<IdPools> {
  const pools: IdPools = { foreign: {} as IdPools['foreign'], own: {} as IdPools['own'] };
  for (const [table, source] of Object.entries(SOURCES) as Array<[IdTable, string]>) {
    const pick = async (own: boolean) =>
      (
        await db.query<{ id: string }>(
          `select s.id from (${source}) s join public.tenants t on t.id = s.tenant_id
        where (t.slug = $1) = $2 order by s.id limit 6`,
          [homeTenant, own],
        )
      ).rows.map((row) => (/^\d+$/.test(row.id) ? Number(row.id) : row.id));
    pools.foreign[table] = await pick(false);
    pools.own[table] = await pick(true);
  }
  return pools;
}
