import type { ScalePlan } from './scale-plan.ts';
import { withDeferredIndexes } from './deferred-indexes.ts';
import { lockScaleTables } from './table-locks.ts';

export const SCALE_TENANT = 'scale-is';

const HEAT_MAP_TRIGGERS = [
  { table: 'plan_events', name: 'heat_map_trip_finished' },
  { table: 'plan_event_route_points', name: 'heat_map_stops_inserted' },
  { table: 'eod_orders', name: 'heat_map_orders_inserted' },
  { table: 'end_of_day_reports', name: 'heat_map_reports_updated' },
];

/** One set-based statement of the load; the runner times each. */
export interface ScaleStep {
  step: string;
  sql: string;
}

/**
 * The scale tenant, statement by statement. Everything is derived from row numbers (no random()), so a load
 * at the same scale and anchor gives the same data. `anchor` is the tenant's today ('YYYY-MM-DD').
 * Temporary tables `scale_*` carry the ordinal of each row so later steps can join by arithmetic.
 */
export function scaleSteps(plan: ScalePlan, anchor: string): ScaleStep[] {
  const p = plan;
  const day0 = `('${anchor}'::date - ${p.daysBack})`;
  const days = p.daysBack + p.daysAhead + 1;
  const slotsPerDay = Math.ceil(p.planEvents / days);
  if (slotsPerDay > p.cars) throw new Error(`${slotsPerDay} plan events a day need as many cars (${p.cars})`);
  const routesPerDepo = p.routes / p.depos;
  const slotsPerDepo = Math.ceil(slotsPerDay / p.depos);
  if (slotsPerDepo > routesPerDepo)
    throw new Error(`${slotsPerDepo} trips a depo a day need as many routes a depo (${routesPerDepo})`);
  const towns = `array['Glostrup','Roskilde','Køge','Hillerød','Aarhus','Randers','Silkeborg','Horsens','Odense','Svendborg','Middelfart','Nyborg',
                       'Aalborg','Esbjerg','Vejle','Kolding','Herning','Viborg','Holbæk','Slagelse']`;
  const lats =
    'array[55.67,55.64,55.46,55.93,56.16,56.46,56.17,55.86,55.40,55.06,55.51,55.31,57.05,55.47,55.71,55.49,56.14,56.45,55.72,55.40]';
  const lngs =
    'array[12.40,12.08,12.18,12.31,10.20,10.04,9.55,9.85,10.40,10.61,9.73,10.79,9.92,8.45,9.54,9.47,8.97,9.40,11.72,11.35]';
  return [
    { step: 'locks', sql: lockScaleTables() },
    {
      step: 'tenant',
      sql: `insert into public.tenants (slug, name, country_code, currency, locale, time_zone, phone_prefix, date_format,
              map_center_lat, map_center_lng, map_zoom, address_provider, has_b2b_products, has_erp_warehouse_id, has_write_off_export,
              has_consent_filter, has_marketing_sms, uses_ice_cream_eod_layout, can_edit_b2b_customers, has_wallmob, is_public,
              public_segment, public_language)
            values ('${SCALE_TENANT}', 'Scale IS', 'DK', 'DKK', 'da', 'Europe/Copenhagen', '+45', 'DD-MM-YYYY', 56.0, 10.5, 7, 'local',
              true, true, true, true, true, true, true, true, false, 'scale', 'dk')`,
    },
    {
      step: 'context',
      sql: `create temporary table scale_ctx on commit drop as
            select id as tenant_id, extensions.crypt('icecream-demo', extensions.gen_salt('bf', 6)) as hash
              from public.tenants where slug = '${SCALE_TENANT}'`,
    },
    {
      step: 'depos',
      sql: `insert into public.depos (tenant_id, title, description, address, address_lat, address_lng, dashboard, sms_text)
            select c.tenant_id, format('%s %s', (${towns})[1 + (n - 1) % 20], 1 + (n - 1) / 20), 'Depot', (${towns})[1 + (n - 1) % 20] || ' centrum',
                   (${lats})[1 + (n - 1) % 20], (${lngs})[1 + (n - 1) % 20], true, 'The truck arrives in about 30 minutes.'
              from scale_ctx c cross join generate_series(1, ${p.depos}) n order by n`,
    },
    {
      step: 'depo ordinals',
      sql: `create temporary table scale_depos on commit drop as
            select d.id, d.address_lat as lat, d.address_lng as lng, (row_number() over (order by d.id) - 1)::int as n
              from public.depos d join scale_ctx c on c.tenant_id = d.tenant_id`,
    },
    // One login per car's driver, plus an admin; one bcrypt hash for all, as the demo seeds do.
    {
      step: 'users',
      sql: `create temporary table scale_users on commit drop as
            select format('admin@%s.test', '${SCALE_TENANT}') as email, 'admin'::public.app_role as role, -1 as n
            union all
            select format('driver-%s@%s.test', lpad(n::text, 3, '0'), '${SCALE_TENANT}'), 'driver', n from generate_series(0, ${p.cars - 1}) n`,
    },
    {
      step: 'auth users',
      sql: `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
            select '00000000-0000-0000-0000-000000000000', md5('scale-user:' || u.email)::uuid, 'authenticated', 'authenticated', u.email, c.hash, now(),
                   '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', case when u.n < 0 then 'Admin' else 'Driver' end, 'last_name', 'Scale ' || u.n), now(), now()
              from scale_users u cross join scale_ctx c`,
    },
    {
      step: 'identities, profiles, memberships',
      sql: `with i as (
              insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
              select md5('scale-user:' || u.email), md5('scale-user:' || u.email)::uuid,
                     jsonb_build_object('sub', md5('scale-user:' || u.email)::uuid::text, 'email', u.email, 'email_verified', true), 'email', now(), now()
                from scale_users u returning 1),
            p as (
              insert into public.staff_profiles (user_id, email, first_name, last_name)
              select md5('scale-user:' || u.email)::uuid, u.email, case when u.n < 0 then 'Admin' else 'Driver' end, 'Scale ' || u.n from scale_users u returning 1)
            insert into public.tenant_memberships (tenant_id, user_id, role)
            select c.tenant_id, md5('scale-user:' || u.email)::uuid, u.role from scale_users u cross join scale_ctx c`,
    },
    {
      step: 'driver depos',
      sql: `insert into public.membership_depos (tenant_id, user_id, depo_id)
            select c.tenant_id, md5('scale-user:' || u.email)::uuid, d.id
              from scale_users u cross join scale_ctx c join scale_depos d on d.n = u.n % ${p.depos} where u.n >= 0`,
    },
    {
      step: 'cars',
      sql: `insert into public.cars (tenant_id, depo_id, internal_number, plate_number, mobile_number, status)
            select c.tenant_id, d.id, 'S' || lpad(i::text, 4, '0'), format('SC %s', 10000 + i), '+4520' || lpad(i::text, 6, '0'),
                   case when i % 50 = 49 then 'inactive'::public.active_status else 'active' end
              from scale_ctx c cross join generate_series(0, ${p.cars - 1}) i join scale_depos d on d.n = i % ${p.depos} order by i`,
    },
    {
      step: 'car ordinals',
      sql: `create temporary table scale_cars on commit drop as
            select x.id, x.depo_id, (row_number() over (order by x.id) - 1)::int as n
              from public.cars x join scale_ctx c on c.tenant_id = x.tenant_id`,
    },
    // Route j belongs to depo j % depos, so depo k's j-th route is k + depos * j.
    {
      step: 'routes',
      sql: `insert into public.routes (tenant_id, depo_id, name, route_type, should_approve, first_stop_arrival_time, deleted_at)
            select c.tenant_id, d.id, format('Rute %s', lpad(j::text, 4, '0')), 'retail', 'approved', time '09:00', null
              from scale_ctx c cross join generate_series(0, ${p.routes - 1}) j join scale_depos d on d.n = j % ${p.depos} order by j`,
    },
    {
      step: 'route ordinals',
      sql: `create temporary table scale_routes on commit drop as
            select r.id, r.depo_id, (row_number() over (order by r.id) - 1)::int as n
              from public.routes r join scale_ctx c on c.tenant_id = r.tenant_id`,
    },
    // Stops along a line out of the depo, 300–900 m apart, so the public map and nearest stops see real spreads.
    {
      step: 'route points',
      sql: `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, wait_time, arrival_time, point_type)
            select c.tenant_id, r.id, r.depo_id, k,
                   format('%s %s', (array['Hovedgaden','Stationsvej','Skolevej','Kirkevej','Parkvej','Engvej','Bakkevej','Søvej'])[1 + (r.n + k) % 8], 1 + (r.n * 7 + k) % 150),
                   d.lat + ((r.n * 37) % 101 - 50) * 0.004 + k * 0.003 * cos(radians(r.n * 47 % 360)),
                   d.lng + ((r.n * 53) % 103 - 51) * 0.006 + k * 0.005 * sin(radians(r.n * 47 % 360)),
                   0.1, time '09:00' + make_interval(mins => k * 8), 'retail'
              from scale_routes r cross join scale_ctx c join scale_depos d on d.id = r.depo_id
              cross join generate_series(1, ${p.pointsPerRoute}) k`,
    },
    {
      step: 'analyze routes',
      sql: 'analyze public.routes, public.route_points, public.cars, public.depos',
    },
    ...withDeferredIndexes('customers', {
      step: 'customers',
      sql: `insert into public.customers (tenant_id, first_name, last_name, name, phone, email, sms_permission, marketing_agreement, address, lat, lng)
            select c.tenant_id, (array['Anna','Mads','Ida','Lars','Mette','Ole','Sofie','Jonas','Line','Erik'])[1 + n % 10],
                   (array['Jensen','Nielsen','Hansen','Pedersen','Andersen','Christensen','Larsen','Sørensen'])[1 + (n / 10) % 8],
                   null, '+45' || (41100000 + n)::text, -- Danish mobile numbers: the engine texts nothing else
                   case when n % 3 = 0 then format('kunde%s@example.dk', n) end,
                   n % 20 <> 7, n % 4 <> 1, format('Kundevej %s', n), null, null
              from scale_ctx c cross join generate_series(0, ${p.customers - 1}) n`,
    }),
    {
      step: 'customer ordinals',
      sql: `create temporary table scale_customers on commit drop as
            select x.id, (row_number() over (order by x.id) - 1)::int as n
              from public.customers x join scale_ctx c on c.tenant_id = x.tenant_id`,
    },
    {
      step: 'point ordinals',
      sql: `create temporary table scale_points on commit drop as
            select rp.id, rp.depo_id, (row_number() over (order by rp.id) - 1)::int as n
              from public.route_points rp join scale_ctx c on c.tenant_id = rp.tenant_id`,
    },
    { step: 'analyze customers', sql: 'analyze public.customers, scale_customers, scale_points' },
    // The heat map's trip summaries are recomputed by statement triggers on plan events, stops, orders and
    // reports: during this load they would recompute every trip three times over. They are off for the load
    // and the same function computes every finished trip once at the end ('heat map summaries').
    ...HEAT_MAP_TRIGGERS.map((t) => ({
      step: `heat map trigger ${t.name} off`,
      sql: `alter table public.${t.table} disable trigger ${t.name}`,
    })),
    // Plan event e runs on day e * days / events; its slot s within the day picks car s (and its driver) and
    // one of the routes of that car's depo, moving on each day so every route is driven in turn.
    {
      step: 'plan events',
      sql: `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour, start_at_min, started_at, trip_finished_at)
            select c.tenant_id, car.depo_id, e.day, r.id, md5('scale-user:' || format('driver-%s@%s.test', lpad(e.slot::text, 3, '0'), '${SCALE_TENANT}'))::uuid, car.id,
                   8, 0,
                   case when e.day < '${anchor}'::date then (e.day + time '08:00') at time zone 'Europe/Copenhagen' end,
                   case when e.day < '${anchor}'::date then (e.day + time '17:00') at time zone 'Europe/Copenhagen' end
              from (select x.day, x.g, (row_number() over (partition by x.day order by x.e) - 1)::int as slot
                      from (select e, (${day0} + (e::bigint * ${days} / ${p.planEvents})::int) as day,
                                   (e::bigint * ${days} / ${p.planEvents})::int as g
                              from generate_series(0, ${p.planEvents - 1}) e) x) e
              cross join scale_ctx c
              join scale_cars car on car.n = e.slot
              join scale_routes r on r.n = (e.slot % ${p.depos}) + ${p.depos} * (((e.slot / ${p.depos}) + e.g * ${slotsPerDepo}) % ${routesPerDepo})`,
    },
    { step: 'analyze plan events', sql: 'analyze public.plan_events' },
    // Every plan event stops at every point of its route: driven days visited (one in ten skipped), today and ahead to come.
    ...withDeferredIndexes('plan_event_route_points', {
      step: 'planned stops',
      sql: `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng, arrival_date,
                                                        original_google_estimate_time, google_estimate_time, point_visited, visited_at, actual_arrival_time)
            select pe.tenant_id, pe.id, rp.id, pe.depo_id, rp.position, rp.address, rp.lat, rp.lng, pe.date,
                   (pe.date + time '09:00' + make_interval(mins => rp.position * 8)) at time zone 'Europe/Copenhagen',
                   (pe.date + time '09:00' + make_interval(mins => rp.position * 8)) at time zone 'Europe/Copenhagen',
                   case when pe.date < '${anchor}'::date then (rp.position + pe.id) % 10 <> 0 end,
                   case when pe.date < '${anchor}'::date and (rp.position + pe.id) % 10 <> 0
                        then (pe.date + time '09:00' + make_interval(mins => rp.position * 8 + (pe.id % 7)::int)) at time zone 'Europe/Copenhagen' end,
                   case when pe.date < '${anchor}'::date and (rp.position + pe.id) % 10 <> 0
                        then (pe.date + time '09:00' + make_interval(mins => rp.position * 8 + (pe.id % 7)::int)) at time zone 'Europe/Copenhagen' end
              from public.plan_events pe
              join scale_ctx c on c.tenant_id = pe.tenant_id
              join public.route_points rp on rp.tenant_id = pe.tenant_id and rp.route_id = pe.route_id`,
    }),
    { step: 'analyze stops', sql: 'analyze public.plan_event_route_points' },
    // A subscription's row trigger gives its subscriber receivers on the stop's coming, not yet visited visits,
    // looking them up one subscription at a time (150,000 lookups at scale 1). It is off for this insert, and the
    // next step inserts the same receivers (the trigger's own insert, for every subscription at once); nothing else
    // writes subscriptions or receivers inside the load, so the two give the same rows.
    {
      step: 'subscription trigger off',
      sql: 'alter table public.stop_subscriptions disable trigger stop_subscriptions_sms_receivers',
    },
    {
      step: 'subscriptions',
      sql: `insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id)
            select c.tenant_id, cu.id, pt.id, pt.depo_id
              from scale_customers cu cross join scale_ctx c
              join scale_points pt on pt.n = (cu.n * 7919) % (select count(*) from scale_points)
             where cu.n < ${p.subscribers}`,
    },
    {
      step: 'subscription trigger on',
      sql: 'alter table public.stop_subscriptions enable trigger stop_subscriptions_sms_receivers',
    },
    {
      step: 'SMS receivers',
      sql: `insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id)
            select p.tenant_id, s.customer_id, p.id, p.depo_id
              from public.stop_subscriptions s join scale_ctx c on c.tenant_id = s.tenant_id
              join public.plan_event_route_points p on p.tenant_id = s.tenant_id and p.route_point_id = s.route_point_id
              join public.plan_events pe on pe.id = p.plan_event_id
              join public.tenants t on t.id = p.tenant_id
             where s.unsubscribed_at is null and pe.date >= (now() at time zone t.time_zone)::date and p.point_visited is null
            on conflict (tenant_id, plan_event_route_point_id, customer_id) do nothing`,
    },
    ...withDeferredIndexes('b2b_customers', {
      step: 'b2b customers',
      sql: `insert into public.b2b_customers (tenant_id, customer_name, customer_number, shop_id, segmentation, address, zip_code, phone,
                                              sales_consultant, email, sales_district_name, season, payment_method, payment_term, status)
            select c.tenant_id,
                   format('%s %s %s', (array['Kiosk','Super','Café','Camping','Tank','Bageri','Pizzeria','Grill','Minimarked','Iskiosk','Hotel','Strandbar'])[1 + n % 12],
                          (${towns})[1 + (n / 12) % 20], n % 997),
                   'B-' || n, 'S' || (200000 + n), (array['A','B','C'])[1 + n % 3],
                   format('%s %s, %s', (array['Hovedgaden','Stationsvej','Torvet','Havnevej','Strandvejen','Industrivej'])[1 + n % 6], 1 + n % 180,
                          (${towns})[1 + (n / 12) % 20]),
                   (1000 + n % 8900)::text, '+45' || (40000000 + n * 37)::text, 'Sales ' || (1 + n % 25), 'shop' || n || '@example.dk',
                   'District ' || (1 + n % 40), (array['summer','all year'])[1 + n % 2], 'invoice', '14 days',
                   case when n % 10 = 3 then 'inactive'::public.active_status else 'active' end
              from scale_ctx c cross join generate_series(1, ${p.b2bCustomers}) n`,
    }),
    {
      step: 'b2b ordinals',
      sql: `create temporary table scale_b2b on commit drop as
            select x.id, (row_number() over (order by x.id) - 1)::int as n
              from public.b2b_customers x join scale_ctx c on c.tenant_id = x.tenant_id`,
    },
    { step: 'analyze b2b', sql: 'analyze public.b2b_customers, scale_b2b' },
    // Seven in ten shops on a route point (one per point, the first ones), every shop in its point's depo or a depo by number.
    {
      step: 'b2b on route points',
      sql: `insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
            select c.tenant_id, pt.id, b.id, pt.depo_id
              from scale_b2b b cross join scale_ctx c
              join scale_points pt on pt.n = (b.n * 10 / 7) % (select count(*) from scale_points)
             where b.n % 10 < 7`,
    },
    {
      step: 'b2b depos',
      sql: `insert into public.b2b_customer_depos (tenant_id, b2b_customer_id, depo_id)
            select c.tenant_id, b.id, coalesce(x.depo_id, d.id)
              from scale_b2b b cross join scale_ctx c
              join scale_depos d on d.n = b.n % ${p.depos}
              left join public.route_point_b2b_customers x on x.tenant_id = c.tenant_id and x.b2b_customer_id = b.id`,
    },
    // One end-of-day report per driven trip: approved after two weeks, pending before. POS orders are spread
    // evenly over the reports (report i, in id order, gets orders [i·N/R, (i+1)·N/R), one to three lines each), so
    // a report's sums, as the POS import leaves them, are known from that range and written with the report: an
    // update of every report afterwards ran its row triggers again (72 s at scale 1). The reports are inserted in
    // trip order, so their ids follow i. The test checks each report's sums against its orders.
    {
      step: 'end-of-day reports',
      sql: `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id, start_at, end_at, status, total, final_total, cash)
            select x.tenant_id, x.depo_id, x.id, x.car_id, x.user_id, x.started_at, x.trip_finished_at,
                   case when x.date < '${anchor}'::date - 14 then 'approved'::public.eod_status else 'pending' end, s.amount, s.amount, s.amount
              from (select pe.*, row_number() over (order by pe.id) - 1 as n, count(*) over () as total
                      from public.plan_events pe join scale_ctx c on c.tenant_id = pe.tenant_id
                     where pe.date < '${anchor}'::date) x
              cross join lateral (select coalesce(sum(25 + (o % 9) * 10), 0) as amount
                                    from generate_series((x.n * ${p.posOrders} / x.total)::int, ((x.n + 1) * ${p.posOrders} / x.total)::int - 1) o) s
             order by x.n`,
    },
    {
      step: 'report ordinals',
      sql: `create temporary table scale_reports on commit drop as
            select r.id, r.depo_id, r.start_at, (row_number() over (order by r.id) - 1)::int as n, count(*) over () as total
              from public.end_of_day_reports r join scale_ctx c on c.tenant_id = r.tenant_id`,
    },
    // A temporary table has no statistics until analyzed; the orders' insert reads every row of it.
    { step: 'analyze report ordinals', sql: 'analyze scale_reports' },
    ...withDeferredIndexes('eod_orders', {
      step: 'POS orders',
      sql: `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id, total_revenue, total_quantity)
            select c.tenant_id, r.id, r.depo_id, r.start_at + make_interval(mins => 60 + (o % 400)), 'WM-S-' || o, 25 + (o % 9) * 10, 1 + o % 3
              from scale_reports r cross join scale_ctx c
              cross join lateral generate_series((r.n::bigint * ${p.posOrders} / r.total)::int, ((r.n + 1)::bigint * ${p.posOrders} / r.total)::int - 1) o`,
    }),
    // The lines' insert reads the orders just written: without fresh statistics the planner takes the million
    // orders for a handful (a load at scale 0.1 stalled in the lines' step for minutes).
    { step: 'analyze POS orders', sql: 'analyze public.eod_orders, public.end_of_day_reports' },
    ...withDeferredIndexes('eod_order_line_items', {
      step: 'POS order lines',
      sql: `insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, category_name, product_name, wallmob_sku, quantity, total_line_amount, discount)
            select o.tenant_id, o.id, o.depo_id, 'Is', (array['Vanilje 1L','Kakao kegler','Jordbær is','Lakrids pind','Sandwich is','Sorbet'])[1 + (o.id + k) % 6],
                   'IS-' || (1 + (o.id + k) % 6), 1, 25 + (o.id % 9) * 10, 0
              from public.eod_orders o join scale_ctx c on c.tenant_id = o.tenant_id
              cross join lateral generate_series(1, o.total_quantity::int) k`,
    }),
    ...HEAT_MAP_TRIGGERS.map((t) => ({
      step: `heat map trigger ${t.name} on`,
      sql: `alter table public.${t.table} enable trigger ${t.name}`,
    })),
    {
      step: 'heat map summaries',
      sql: `select app_private.refresh_heat_map_trips(c.tenant_id, array(
              select pe.id from public.plan_events pe where pe.tenant_id = c.tenant_id and pe.trip_finished_at is not null))
              from scale_ctx c`,
    },
    {
      step: 'products',
      sql: `insert into public.products (tenant_id, sku, description, sequence_number, packaging_size, sales_price, status, b2b_product, wallmob_sku)
            select c.tenant_id, 'SC-' || lpad(n::text, 5, '0'),
                   format('%s %s', (array['Vanilje','Chokolade','Jordbær','Lakrids','Pistacie','Citron','Kaffe','Karamel'])[1 + n % 8],
                          (array['1L','kegle','pind','sandwich','bæger','familiepakke'])[1 + (n / 8) % 6]) || ' ' || n,
                   n, 1 + n % 12, 10 + n % 90, case when n % 25 = 24 then 'inactive'::public.active_status else 'active' end, n % 5 = 0, 'IS-' || n
              from scale_ctx c cross join generate_series(0, ${p.products - 1}) n`,
    },
    // A primary warehouse per depo, further depo stores up to the plan, and one per car.
    {
      step: 'warehouses',
      sql: `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, owner_car_id, "primary")
            select c.tenant_id, d.id, 'D-' || lpad(w::text, 3, '0'), format('Lager %s', w), 'depo'::public.warehouse_owner_type, null, w < ${p.depos}
              from scale_ctx c cross join generate_series(0, ${p.depoWarehouses - 1}) w join scale_depos d on d.n = w % ${p.depos}
            union all
            select c.tenant_id, car.depo_id, 'C-' || lpad(car.n::text, 4, '0'), format('Bil %s', car.n), 'car', car.id, false
              from scale_ctx c cross join scale_cars car`,
    },
    // Stock arrives in each depo's primary warehouse (a win/lose count in, as the opening balance), then each
    // car is loaded from its depo: every balance is the sum of the ledger, kept by the ledger's own trigger.
    {
      step: 'opening stock transfers',
      sql: `insert into public.stock_transfers (tenant_id, depo_id, transfered_at, from_warehouse_id, to_warehouse_id, description, kind)
            select w.tenant_id, w.depo_id, ('${anchor}'::date - 30)::timestamptz, null, w.id, 'Opening balance', 'win_lose'
              from public.warehouses w join scale_ctx c on c.tenant_id = w.tenant_id where w."primary"`,
    },
    {
      step: 'opening stock lines',
      sql: `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
            select t.tenant_id, t.id, t.depo_id, pr.id, 500 + pr.id % 500
              from public.stock_transfers t join scale_ctx c on c.tenant_id = t.tenant_id
              cross join public.products pr
             where pr.tenant_id = t.tenant_id and t.description = 'Opening balance'`,
    },
    {
      step: 'car loading transfers',
      sql: `insert into public.stock_transfers (tenant_id, depo_id, transfered_at, from_warehouse_id, to_warehouse_id, description, kind)
            select w.tenant_id, w.depo_id, ('${anchor}'::date - 1 - k)::timestamptz + time '07:00', p.id, w.id, 'Loading', 'regular'
              from public.warehouses w join scale_ctx c on c.tenant_id = w.tenant_id
              join public.warehouses p on p.tenant_id = w.tenant_id and p.depo_id = w.depo_id and p."primary"
              cross join generate_series(0, 2) k
             where w.owner_type = 'car'`,
    },
    {
      step: 'car loading lines',
      sql: `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
            select t.tenant_id, t.id, t.depo_id, pr.id, 1 + (t.id + pr.n) % 4
              from public.stock_transfers t join scale_ctx c on c.tenant_id = t.tenant_id
              join lateral (select x.id, (row_number() over (order by x.id) - 1)::int as n from public.products x where x.tenant_id = t.tenant_id) pr
                on (pr.n + t.id) % ${Math.max(1, Math.floor(p.products / p.productsPerCar))} = 0
             where t.description = 'Loading'`,
    },
    {
      step: 'analyze all',
      sql: `analyze public.plan_events, public.plan_event_route_points, public.sms_receivers, public.stop_subscriptions, public.customers,
                    public.b2b_customers, public.b2b_customer_depos, public.route_point_b2b_customers, public.end_of_day_reports,
                    public.eod_orders, public.eod_order_line_items, public.products, public.warehouses, public.warehouse_product_balances,
                    public.stock_transfers, public.stock_transfer_line_items`,
    },
  ];
}
