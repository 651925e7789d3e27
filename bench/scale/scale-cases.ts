import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/shared/supabase/database.types.ts';
import type { ScaleContext } from './scale-context.ts';

type Client = SupabaseClient<Database>;
/** A PostgREST read as the app builds it: awaited for the timing, `.explain()`ed for the plan. */
type RestQuery = PromiseLike<{ data: unknown; error: { message: string } | null }> & {
  explain(options: {
    analyze: boolean;
    buffers: boolean;
    format: 'json';
  }): PromiseLike<{ data: unknown; error: { message: string } | null }>;
};

export type ScaleCase =
  | {
      screen: string;
      request: string;
      kind: 'rest';
      role: 'authenticated';
      query: (client: Client) => RestQuery;
      /** The request whose plan is judged, when PostgREST cannot explain `query` itself (a HEAD count answers no plan). */
      plan?: (client: Client) => RestQuery;
    }
  | {
      screen: string;
      request: string;
      kind: 'rpc';
      role: 'authenticated' | 'anon';
      fn: string;
      args: Record<string, unknown>;
    };

// The select lists of the app's own queries (src/features/*/api), so each request is the one the screen sends.
const CAR_LIST_COLUMNS =
  'id, internal_number, mobile_number, plate_number, axapta_code, depo_id, mapon_car_id, latest_location_lat, latest_location_lng, latest_location_updated_at, last_synced_at, status, depo:depos(title)';
const ORDER_COLUMNS =
  'id, kind, status, eshop_id, comment, printed_at, delivery_date, delivery_time, total, route_id, plan_event_route_point_id, customer_address, customer_phone, customer_name, payment_type, call_me, fast_delivery, origin, external_id, customer_number, comment_for_order, delivery_surcharge, cash_customer, additional_driving_time, additional_driving_distance, updated_at, route:routes!webshop_orders_route_id_same_depo_fkey(name)';

/** Every list, report and screen read of the specs at scale: first page, a filter, the count. */
export function scaleCases(c: ScaleContext): ScaleCase[] {
  const rpc = (
    screen: string,
    request: string,
    fn: string,
    args: Record<string, unknown>,
    role: 'authenticated' | 'anon' = 'authenticated',
  ): ScaleCase => ({ screen, request, kind: 'rpc', role, fn, args });
  const rest = (screen: string, request: string, query: (client: Client) => RestQuery): ScaleCase => ({
    screen,
    request,
    kind: 'rest',
    role: 'authenticated',
    query,
  });
  const week = { p_depo_id: c.depoId, p_week_start: c.monday };
  const b2b = { p_tenant_id: c.tenantId, p_status: 'active' };
  return [
    rest('cars', 'active cars of a depo', (s) =>
      s
        .from('cars')
        .select(CAR_LIST_COLUMNS)
        .eq('depo_id', c.depoId)
        .in('status', ['active'])
        .is('deleted_at', null)
        .order('id'),
    ),
    rpc('routes', 'active routes of a depo', 'depo_route_list', { p_depo_id: c.depoId, p_filter: 'active' }),
    rpc('routes', 'approved routes of a depo', 'depo_route_list', { p_depo_id: c.depoId, p_filter: 'approved' }),
    // The customers list reads through customers_page (src/features/customers/api/get-customers.ts).
    rpc('customers', 'page 1', 'customers_page', { p_tenant_id: c.tenantId, p_page: 1, p_per_page: 25 }),
    rpc('customers', 'page 400', 'customers_page', { p_tenant_id: c.tenantId, p_page: 400, p_per_page: 25 }),
    rpc('customers', 'SMS consent, page 1', 'customers_page', {
      p_tenant_id: c.tenantId,
      p_consent: 'sms',
      p_page: 1,
      p_per_page: 25,
    }),
    rpc('customers', 'search "jensen", page 1', 'customers_page', {
      p_tenant_id: c.tenantId,
      p_search_phrase: 'jensen',
      p_page: 1,
      p_per_page: 25,
    }),
    rpc('customers', 'search a phone, page 1', 'customers_page', {
      p_tenant_id: c.tenantId,
      p_search_phrase: '01234',
      p_page: 1,
      p_per_page: 25,
    }),
    rpc('B2B customers', 'all, page 1', 'b2b_customers_page', { ...b2b, p_tab: 'all', p_page: 1 }),
    rpc('B2B customers', 'in route, depo, page 1', 'b2b_customers_page', {
      ...b2b,
      p_tab: 'in_route',
      p_depo_id: c.depoId,
      p_page: 1,
    }),
    rpc('B2B customers', 'search "kiosk", page 1', 'b2b_customers_page', {
      ...b2b,
      p_tab: 'all',
      p_search_phrase: 'kiosk',
      p_page: 1,
    }),
    rpc('B2B customers', 'tab counts', 'b2b_customer_status_sizes', { ...b2b }),
    rpc('B2B customers', 'tab counts, search "kiosk"', 'b2b_customer_status_sizes', {
      ...b2b,
      p_search_phrase: 'kiosk',
    }),
    rpc('SMS customers', 'a coming plan event', 'plan_event_sms_customers', {
      tenant_slug: c.slug,
      plan_event_id: c.smsPlanEventId,
    }),
    rpc('SMS customers', 'a day of the depo', 'weekday_sms_customers', {
      tenant_slug: c.slug,
      depo_id: c.depoId,
      day: c.today,
    }),
    rpc('calendar week', 'cars', 'plan_event_calendar_cars', week),
    rpc('calendar week', 'plan events', 'plan_event_calendar_events', week),
    rpc('calendar week', 'day headers', 'plan_event_calendar_days', week),
    rpc('planning dashboard', 'a depo', 'planning_dashboard', { depo_id: c.depoId }),
    rpc('plan-event report', 'a finished trip', 'plan_event_report', {
      tenant_slug: c.slug,
      plan_event_id: c.finishedPlanEventId,
    }),
    rpc('heat map', 'a finished trip, 2 years of its route', 'plan_event_heat_map', {
      tenant_slug: c.slug,
      plan_event_id: c.finishedPlanEventId,
    }),
    rpc('EOD list', 'unapproved, 30 days, page 1', 'end_of_day_report_list', {
      p_depo_id: c.depoId,
      p_tab: 'unapproved',
      p_start: c.monthAgo,
      p_end: c.today,
      p_car_ids: [],
      p_page: 1,
    }),
    rpc('EOD list', 'approved, 30 days, page 1', 'end_of_day_report_list', {
      p_depo_id: c.depoId,
      p_tab: 'approved',
      p_start: c.monthAgo,
      p_end: c.today,
      p_car_ids: [],
      p_page: 1,
    }),
    rpc('products', 'active products of a depo', 'inventory_products', {
      p_depo_id: c.depoId,
      p_statuses: ['active'],
      p_search: '',
    }),
    rpc('products', 'search "vanilje"', 'inventory_products', {
      p_depo_id: c.depoId,
      p_statuses: ['active'],
      p_search: 'vanilje',
    }),
    rpc('warehouses', 'warehouses of a depo', 'inventory_warehouses', { p_depo_id: c.depoId }),
    rpc('warehouses', 'products tab, the primary warehouse', 'warehouse_products_balance', {
      p_warehouse_id: c.primaryWarehouseId,
    }),
    rpc('warehouses', "products tab, a car's warehouse", 'warehouse_products_balance', {
      p_warehouse_id: c.carWarehouseId,
    }),
    rest('web-shop orders', 'new e-shop orders, 30 days, page 1', (s) =>
      s
        .from('webshop_orders')
        .select(ORDER_COLUMNS)
        .eq('depo_id', c.depoId)
        .eq('kind', 'eshop')
        .eq('status', 'new')
        .gte('delivery_date', c.monthAgo)
        .lte('delivery_date', c.today)
        .order('delivery_date', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 24),
    ),
    rpc('support map', 'all stops near the depo', 'support_stop_map_stops', {
      tenant_slug: c.slug,
      near_lat: c.depoLat,
      near_lng: c.depoLng,
    }),
    rpc('support map', 'stops near the depo, today', 'support_stop_map_stops', {
      tenant_slug: c.slug,
      near_lat: c.depoLat,
      near_lng: c.depoLng,
      today: true,
    }),
    // The route-points editor's B2B customer picker (src/features/route-points/api/point-b2b-customers.ts).
    rpc('B2B picker', 'search "kiosk"', 'b2b_customer_picker', { p_text: 'kiosk' }),
    rpc('B2B picker', 'search a shop id', 'b2b_customer_picker', { p_text: 'S200777' }),
    // The customer form's "Local" address search: the geocode function calls this with the caller's JWT.
    rpc('address search', 'local, "Hovedgaden"', 'search_tenant_addresses', {
      p_tenant_id: c.tenantId,
      p_query: 'Hovedgaden',
      p_limit: 10,
    }),
    rpc('address search', 'local, "Parkvej 149"', 'search_tenant_addresses', {
      p_tenant_id: c.tenantId,
      p_query: 'Parkvej 149',
      p_limit: 10,
    }),
    rpc(
      'public nearest stops',
      '10 nearest the depo (anon)',
      'nearest_public_stops',
      { site: c.publicSite, near_lat: c.depoLat + 0.01, near_lng: c.depoLng + 0.01, max_stops: 10 },
      'anon',
    ),
  ];
}
