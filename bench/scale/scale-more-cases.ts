import type pg from 'pg';
import type { ScaleCase } from './scale-cases.ts';
import type { ScaleContext } from './scale-context.ts';

/** The further ids the screens below ask about, read from the loaded tenant. */
export interface MoreContext {
  routeId: number;
  routeBox: { west: number; south: number; east: number; north: number };
  /** The end-of-day report of the context's finished trip. */
  eodReportId: number;
  /** The newest B2B order (its lines are the detail row). */
  b2bOrderId: number;
  /** The first page of B2B orders, newest first: what "Export to CSV" sends when the page is selected. */
  b2bOrderPageIds: number[];
  /** A coming stop of today's trips (the public tracking page's stop). */
  stopUuid: string;
  /** A loading of a car: the stock document the xlsx export writes. */
  stockTransferId: number;
  /** A customer with SMS receivers (the customer form's SMS tab). */
  smsCustomerId: number;
}

export async function readMoreContext(db: pg.ClientBase, c: ScaleContext): Promise<MoreContext> {
  const { rows } = await db.query<Record<string, string>>(
    `select (select r.id from public.routes r where r.depo_id = $1 and r.deleted_at is null order by r.id limit 1) as route_id,
            (select r.id from public.end_of_day_reports r where r.plan_event_id = $2) as eod_report_id,
            (select array_agg(o.id order by o.date desc, o.id desc) from (select o.id, o.date from public.b2b_orders o where o.tenant_id = $3
               order by o.date desc, o.id desc limit 25) o) as b2b_ids,
            (select s.uuid from public.plan_event_route_points s join public.plan_events pe on pe.id = s.plan_event_id
              where pe.depo_id = $1 and pe.date = $4::date order by pe.id, s.position limit 1) as stop_uuid,
            (select t.id from public.stock_transfers t where t.depo_id = $1 and t.description = 'Loading' order by t.id desc limit 1) as transfer_id,
            (select r.customer_id from public.sms_receivers r where r.depo_id = $1 order by r.id limit 1) as sms_customer_id`,
    [c.depoId, c.finishedPlanEventId, c.tenantId, c.today],
  );
  const row = rows[0] as unknown as {
    route_id: string;
    eod_report_id: string;
    b2b_ids: string[] | null;
    stop_uuid: string;
    transfer_id: string;
    sms_customer_id: string;
  };
  const box = await db.query<{ west: number; south: number; east: number; north: number }>(
    `select min(lng) as west, min(lat) as south, max(lng) as east, max(lat) as north from public.route_points where route_id = $1`,
    [row.route_id],
  );
  const ids = (row.b2b_ids ?? []).map(Number);
  if (!ids.length)
    throw new Error('the scale tenant has no B2B orders: load it again with this seed:scale (activity steps)');
  return {
    routeId: Number(row.route_id),
    routeBox: box.rows[0],
    eodReportId: Number(row.eod_report_id),
    b2bOrderId: ids[0],
    b2bOrderPageIds: ids,
    stopUuid: row.stop_uuid,
    stockTransferId: Number(row.transfer_id),
    smsCustomerId: Number(row.sms_customer_id),
  };
}

// The select lists of the app's own queries (src/features/*/api), so each request is the one the screen sends.
const EOD_LINE_COLUMNS =
  'id, category_name, product_name, wallmob_sku, quantity, total_line_amount, discount, stock_transfer_id, inventory_presence';
const FEEDBACK_COLUMNS =
  'id, created_at, positive, comment, customer_phone_number, manager_comment, status, handled_by_full_name, handled_by_at, route_id, route_name, driver_id, driver_name, planned_arrival_time, actual_arrival_time, stop_duration_seconds';
const SMS_OUTBOX_COLUMNS = 'id, created_at, sent_at, phone, text, status, kind, plan_event_id, depo_id';
const AUDIT_COLUMNS = 'id, performed_at, user_id, url, referer, format, controller, action, status, method';
const ORDER_COLUMNS =
  'id, kind, status, eshop_id, comment, printed_at, delivery_date, delivery_time, total, route_id, plan_event_route_point_id, customer_address, customer_phone, customer_name, payment_type, call_me, fast_delivery, origin, external_id, customer_number, comment_for_order, delivery_surcharge, cash_customer, updated_at, route:routes!webshop_orders_route_id_same_depo_fkey(name)';

type RestCase = Extract<ScaleCase, { kind: 'rest' }>;

const SMS_RECEIVER_COLUMNS = `id, depo_id, sms_sent_at, sms_sent_skipped_at,
  customer:customers!sms_receivers_tenant_id_customer_id_fkey(address),
  point:plan_event_route_points!sms_receivers_plan_event_route_point_id_same_depo_fkey(id, address, google_estimate_time,
    plan_event:plan_events!plan_event_route_points_plan_event_id_same_depo_fkey(id, date, depo_id,
      route:routes!plan_events_route_id_same_depo_fkey(name)))`;

const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The reads of the specs' screens that scale-cases.ts does not cover: each screen's first page, its default filters, its counts. */
export function moreScaleCases(c: ScaleContext, m: MoreContext): ScaleCase[] {
  const rpc = (
    screen: string,
    request: string,
    fn: string,
    args: Record<string, unknown>,
    role: 'authenticated' | 'anon' = 'authenticated',
  ): ScaleCase => ({ screen, request, kind: 'rpc', role, fn, args });
  const rest = (screen: string, request: string, query: RestCase['query']): ScaleCase => ({
    screen,
    request,
    kind: 'rest',
    role: 'authenticated',
    query,
  });
  // The home screen's counts: HEAD requests as it sends them, their plan from the same GET (PostgREST explains no HEAD).
  const count = (
    request: string,
    query: (client: Parameters<RestCase['query']>[0], head: boolean) => ReturnType<RestCase['query']>,
  ): ScaleCase => ({
    screen: 'home',
    request,
    kind: 'rest',
    role: 'authenticated',
    query: (s) => query(s, true),
    plan: (s) => query(s, false),
  });
  return [
    rpc('route points editor', 'a route, no period', 'route_points_for_editor', { route_id: m.routeId }),
    rpc('route points editor', 'a route, last 30 days', 'route_points_for_editor', {
      route_id: m.routeId,
      start_date: c.monthAgo,
      end_date: c.today,
    }),
    rpc('route catalogue', 'similar routes', 'similar_routes', { route_id: m.routeId }),
    rpc('route catalogue', "a route's customers", 'route_customers', { route_id: m.routeId }),
    rpc('route catalogue', 'unplanned sales, last 30 days', 'route_unplanned_sales', {
      route_id: m.routeId,
      start_date: c.monthAgo,
      end_date: c.today,
    }),
    rest('customer SMS', "a subscriber's SMS receivers", (s) =>
      s
        .from('sms_receivers')
        .select(SMS_RECEIVER_COLUMNS)
        .eq('tenant_id', c.tenantId)
        .eq('customer_id', m.smsCustomerId)
        .order('id', { ascending: false }),
    ),
    rpc('route map', "customers in the route's box", 'route_map_customers', { route_id: m.routeId, ...m.routeBox }),
    rpc('EOD detail', 'header', 'end_of_day_report_header', { p_report_id: m.eodReportId }),
    rest('EOD detail', 'the report', (s) => s.from('end_of_day_reports').select('*').eq('id', m.eodReportId)),
    rest('EOD detail', 'orders with lines, page 1 (100)', (s) =>
      s
        .from('eod_orders')
        .select(
          `id, time, wallmob_order_id, total_revenue, total_quantity, total_discount, eod_order_line_items (${EOD_LINE_COLUMNS})`,
        )
        .eq('end_of_day_report_id', m.eodReportId)
        .order('time')
        .order('id')
        .range(0, 99),
    ),
    rest('EOD detail', 'lines, page 1 (100)', (s) =>
      s
        .from('eod_report_line_items')
        .select(EOD_LINE_COLUMNS)
        .eq('end_of_day_report_id', m.eodReportId)
        .order('id')
        .range(0, 99),
    ),
    rest('EOD detail', 'cars filter of the list', (s) =>
      s
        .from('cars')
        .select('id, internal_number')
        .eq('depo_id', c.depoId)
        .is('deleted_at', null)
        .order('internal_number'),
    ),
    rest('B2B orders', 'page 1', (s) =>
      s
        .from('b2b_orders')
        .select('id, customer_number, date, shop_name, total_revenue, total_discount, total_quantity, exported_at')
        .eq('tenant_id', c.tenantId)
        .order('date', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 24),
    ),
    rest('B2B orders', "an order's lines", (s) =>
      s
        .from('b2b_order_line_items')
        .select('id, category_name, product_name, quantity, total_line_amount, discount')
        .eq('tenant_id', c.tenantId)
        .eq('b2b_order_id', m.b2bOrderId)
        .order('id'),
    ),
    rpc('B2B orders', 'export a page to CSV (25 orders)', 'export_b2b_orders_csv', { p_order_ids: m.b2bOrderPageIds }),
    rest('e-shop B2B orders', 'new B2B orders, 30 days, page 1', (s) =>
      s
        .from('webshop_orders')
        .select(ORDER_COLUMNS)
        .eq('depo_id', c.depoId)
        .eq('kind', 'b2b')
        .eq('status', 'new')
        .gte('delivery_date', c.monthAgo)
        .lte('delivery_date', c.today)
        .order('delivery_date', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 24),
    ),
    rest('e-shop orders', 'completed e-shop orders, 30 days, search "Kunde 1", page 1', (s) =>
      s
        .from('webshop_orders')
        .select(ORDER_COLUMNS)
        .eq('depo_id', c.depoId)
        .eq('kind', 'eshop')
        .eq('status', 'completed')
        .gte('delivery_date', c.monthAgo)
        .lte('delivery_date', c.today)
        .or(
          ['customer_name', 'customer_phone', 'customer_address', 'eshop_id']
            .map((f) => `${f}.ilike.%Kunde 1%`)
            .join(','),
        )
        .order('delivery_date', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 24),
    ),
    rest('feedback', 'pending, 30 days, page 1', (s) =>
      s
        .from('feedback_list')
        .select(FEEDBACK_COLUMNS)
        .eq('depo_id', c.depoId)
        .eq('status', 'pending')
        .gte('created_at', c.monthAgo)
        .lt('created_at', dayAfter(c.today))
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 24),
    ),
    rest('feedback', 'approved, 30 days, page 1', (s) =>
      s
        .from('feedback_list')
        .select(FEEDBACK_COLUMNS)
        .eq('depo_id', c.depoId)
        .eq('status', 'approved')
        .gte('created_at', c.monthAgo)
        .lt('created_at', dayAfter(c.today))
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 24),
    ),
    rpc('feedback', 'driver and route filters', 'feedback_filter_choices', { p_depo_id: c.depoId }),
    rest('SMS outbox', 'latest 500 of a depo', (s) =>
      s
        .from('sms_outbox')
        .select(SMS_OUTBOX_COLUMNS)
        .eq('depo_id', c.depoId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(500),
    ),
    rest('SMS campaigns', 'all', (s) => s.from('sms_campaigns').select('*').eq('tenant_id', c.tenantId).order('id')),
    rest('audit', 'page 1 with the count', (s) =>
      s
        .from('user_http_requests')
        .select(AUDIT_COLUMNS, { count: 'exact' })
        .eq('tenant_id', c.tenantId)
        .order('performed_at', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 49),
    ),
    rest('depos', 'all', (s) =>
      s.from('depos').select('id, title, address, description').eq('tenant_id', c.tenantId).order('id'),
    ),
    count('unapproved reports count', (s, head) =>
      s
        .from('end_of_day_reports')
        .select('id', { count: 'exact', head })
        .eq('tenant_id', c.tenantId)
        .eq('depo_id', c.depoId)
        .eq('is_approved', false),
    ),
    count('new web-shop orders count', (s, head) =>
      s
        .from('webshop_orders')
        .select('id', { count: 'exact', head })
        .eq('tenant_id', c.tenantId)
        .eq('depo_id', c.depoId)
        .eq('status', 'new'),
    ),
    count('negative balances count', (s, head) =>
      s
        .from('warehouse_product_balances')
        .select('id', { count: 'exact', head })
        .eq('tenant_id', c.tenantId)
        .eq('depo_id', c.depoId)
        .lt('balance_amount', 0),
    ),
    count("today's plan events count", (s, head) =>
      s
        .from('plan_events')
        .select('id', { count: 'exact', head })
        .eq('tenant_id', c.tenantId)
        .eq('depo_id', c.depoId)
        .eq('date', c.today),
    ),
    rpc('warehouse orders', '30 days, page 1', 'depo_warehouse_orders', {
      p_depo_id: c.depoId,
      p_start_date: c.monthAgo,
      p_end_date: c.today,
      p_page: 1,
    }),
    rpc('warehouse tabs', 'orders tab, the primary warehouse', 'warehouse_stock_orders', {
      p_warehouse_id: c.primaryWarehouseId,
      p_page: 1,
    }),
    rpc('warehouse tabs', 'transfers tab, the primary warehouse', 'warehouse_stock_transfers', {
      p_warehouse_id: c.primaryWarehouseId,
      p_page: 1,
    }),
    rpc('warehouse tabs', "transfers tab, a car's warehouse", 'warehouse_stock_transfers', {
      p_warehouse_id: c.carWarehouseId,
      p_page: 1,
    }),
    rpc('warehouse tabs', 'manual counting tab, the primary warehouse', 'warehouse_manual_counting_documents', {
      p_warehouse_id: c.primaryWarehouseId,
      p_page: 1,
    }),
    rpc('write-off export', 'rows of 30 days', 'write_off_export_rows', {
      p_depo_id: c.depoId,
      p_start_date: c.monthAgo,
      p_end_date: c.today,
    }),
    rpc(
      'public tracking',
      "a coming stop's truck (anon)",
      'public_tracking_car_location',
      { stop_uuid: m.stopUuid },
      'anon',
    ),
  ];
}
