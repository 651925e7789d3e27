// What the demo world (seeds/) guarantees in every tenant, on the tenant's own clock, whatever the anchor:
// each query gets the anchor as $1 and returns one row per tenant, { tenant, ok }.

const perTenant = (condition: string, moreWith = '') => `
  with clock as (
    select t.id, t.slug, t.time_zone, ($1::timestamptz at time zone t.time_zone)::date as today, $1::timestamptz as now
    from public.tenants t where not t.is_public)${moreWith}
  select c.slug as tenant, (${condition}) as ok from clock c order by c.slug`;

const todaysTrips = (state: string) =>
  perTenant(`
  (select count(distinct pe.depo_id) from public.plan_events pe where pe.tenant_id = c.id and pe.date = c.today and ${state})
  = (select count(*) from public.depos d where d.tenant_id = c.id)`);

// Approves, as the tenant's first admin, every report waiting for approval that belongs to a trip (what an office
// does each morning), one after the other, and answers the ones refused with the refusal. Each approval is a
// subtransaction that stays (the next one sees its stock moved); the test rolls the whole transaction back.
const APPROVE_EVERY_WAITING_REPORT = `
  create function pg_temp.refused_eod_approvals() returns table (tenant_id uuid, report_id bigint, refusal text)
  language plpgsql as $fn$
  declare
    report record;
  begin
    for report in
      select e.tenant_id, e.id,
             (select m.user_id from public.tenant_memberships m
               where m.tenant_id = e.tenant_id and m.role = 'admin' and m.status = 'active' order by m.user_id limit 1) as admin_id
        from public.end_of_day_reports e
       where not e.is_approved and e.plan_event_id is not null
       order by e.tenant_id, e.id
    loop
      perform set_config('request.jwt.claims', json_build_object('sub', report.admin_id, 'role', 'authenticated')::text, true);
      begin
        perform public.approve_end_of_day_report(report.id);
      exception when others then
        tenant_id := report.tenant_id;
        report_id := report.id;
        refusal := sqlerrm;
        return next;
      end;
    end loop;
    perform set_config('request.jwt.claims', '', true);
  end;
  $fn$`;

export const DEMO_WORLD_INVARIANTS: Array<{
  name: string;
  sql: string;
  /** Statements run first, in a transaction rolled back after the query (the invariant may change rows). */
  setup?: string;
}> = [
  {
    // The RLS matrix reads a row of each table in the depo its support and driver logins belong to.
    name: "rows in every depo-scoped table in the tenant's first depo",
    sql: perTenant(
      `
      not exists (
        select 1 from app_tables t
        where (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from (select 1 from public.%I where tenant_id = %L and depo_id = %s limit 1) x',
                t.relname, c.id, (select min(d.id) from public.depos d where d.tenant_id = c.id)), false, true, '')))[1]::text::int = 0)`,
      `, app_tables as materialized (
        select t.relname from pg_class t
        join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = t.oid and a.attname = 'depo_id' and not a.attisdropped
        where t.relkind in ('r', 'p'))`,
    ),
  },
  {
    name: '8 weeks of driven trips, none started after the anchor',
    sql: perTenant(`
      exists (select 1 from public.plan_events pe where pe.tenant_id = c.id and pe.date <= c.today - 56 and pe.started_at is not null)
      and exists (select 1 from public.plan_events pe where pe.tenant_id = c.id and pe.date = c.today - 1 + (extract(isodow from c.today) = 1)::int * -1 and pe.started_at is not null)
      and not exists (select 1 from public.plan_events pe where pe.tenant_id = c.id and (pe.started_at > c.now or (pe.date < c.today and pe.started_at is null)))`),
  },
  {
    name: "every stop on its trip's date, visited or skipped once passed, never visited after the anchor",
    sql: perTenant(`
      not exists (select 1 from public.plan_event_route_points p join public.plan_events pe on pe.id = p.plan_event_id
                   where p.tenant_id = c.id and ((p.original_google_estimate_time at time zone c.time_zone)::date <> pe.date
                                                 or p.arrival_date <> pe.date or p.visited_at > c.now
                                                 or (pe.date < c.today and p.point_visited is null)
                                                 or (pe.date > c.today and p.point_visited is not null)))
      and exists (select 1 from public.plan_event_route_points p where p.tenant_id = c.id and p.point_visited and p.actual_arrival_time is not null)
      and exists (select 1 from public.plan_event_route_points p where p.tenant_id = c.id and not p.point_visited)`),
  },
  {
    name: 'in each depo, a trip of today finished (started, every stop passed)',
    sql: todaysTrips(
      `pe.started_at <= c.now and not exists (select 1 from public.plan_event_route_points p where p.plan_event_id = pe.id and p.point_visited is null)`,
    ),
  },
  {
    name: 'in each depo, a trip of today under way (started, stops passed and stops to come)',
    sql: todaysTrips(`pe.started_at <= c.now
      and exists (select 1 from public.plan_event_route_points p where p.plan_event_id = pe.id and p.point_visited is null and p.google_estimate_time > c.now - interval '1 hour')
      and exists (select 1 from public.plan_event_route_points p where p.plan_event_id = pe.id and p.point_visited is not null)`),
  },
  {
    name: 'in each depo, a trip of today not started yet',
    sql: todaysTrips(
      `pe.started_at is null and not exists (select 1 from public.plan_event_route_points p where p.plan_event_id = pe.id and p.point_visited is not null)`,
    ),
  },
  {
    name: 'trips planned for the next 2 weeks',
    sql: perTenant(`
      (select max(pe.date) from public.plan_events pe where pe.tenant_id = c.id) >= c.today + 13
      and exists (select 1 from public.plan_events pe where pe.tenant_id = c.id and pe.date = c.today + 1 + (extract(isodow from c.today) = 6)::int)`),
  },
  {
    name: 'a weekly series with trips before and after today',
    sql: perTenant(`
      exists (select 1 from public.plan_event_series s where s.tenant_id = c.id and s.recurrence_interval = 7
                 and exists (select 1 from public.plan_events pe where pe.series_id = s.id and pe.date < c.today)
                 and exists (select 1 from public.plan_events pe where pe.series_id = s.id and pe.date > c.today))`),
  },
  {
    name: 'end-of-day reports in every status, only for trips driven, none ending after the anchor',
    sql: perTenant(`
      (select count(distinct e.status) from public.end_of_day_reports e where e.tenant_id = c.id) = 4
      and exists (select 1 from public.end_of_day_reports e where e.tenant_id = c.id and e.plan_event_id is null)
      and not exists (select 1 from public.end_of_day_reports e left join public.plan_events pe on pe.id = e.plan_event_id
                       where e.tenant_id = c.id and (e.end_at > c.now or (e.plan_event_id is not null and pe.started_at is null) or e.processed_by_at > c.now))`),
  },
  {
    // Pickup is an e-shop status of tenants with the ice-cream layout only (the database refuses it elsewhere).
    name: 'web-shop orders of both kinds in every status their tenant offers',
    sql: perTenant(`
      (select count(distinct (o.kind, o.status)) from public.webshop_orders o where o.tenant_id = c.id)
        = (select case when t.uses_ice_cream_eod_layout then 9 else 8 end from public.tenants t where t.id = c.id)
      and not exists (select 1 from public.webshop_orders o join public.tenants t on t.id = o.tenant_id
                       where o.tenant_id = c.id and o.status = 'pickup' and (o.kind = 'b2b' or not t.uses_ice_cream_eod_layout))
      and exists (select 1 from public.webshop_orders o where o.tenant_id = c.id and o.delivery_date < c.today)
      and exists (select 1 from public.webshop_orders o where o.tenant_id = c.id and o.delivery_date > c.today and o.status = 'new')`),
  },
  {
    name: 'B2B orders exported and not, none exported after the anchor',
    sql: perTenant(`
      exists (select 1 from public.b2b_orders o where o.tenant_id = c.id and o.exported_at is null)
      and exists (select 1 from public.b2b_orders o where o.tenant_id = c.id and o.exported_at is not null)
      and not exists (select 1 from public.b2b_orders o where o.tenant_id = c.id and (o.exported_at > c.now or o.date > c.today))`),
  },
  {
    name: 'feedback pending and handled, given after a visit and before the anchor',
    sql: perTenant(`
      (select count(distinct f.status) from public.feedbacks f where f.tenant_id = c.id) = 2
      and not exists (select 1 from public.feedbacks f join public.plan_event_route_points p on p.id = f.plan_event_route_point_id
                       where f.tenant_id = c.id and (f.created_at > c.now or f.handled_by_at > c.now or p.visited_at is null or f.created_at < p.visited_at))`),
  },
  {
    name: 'SMS receivers with texts sent, skipped and still to send, none sent after the anchor',
    sql: perTenant(`
      exists (select 1 from public.sms_receivers r where r.tenant_id = c.id and r.sms_sent_at is not null)
      and exists (select 1 from public.sms_receivers r where r.tenant_id = c.id and r.sms_sent_skipped_at is not null)
      and exists (select 1 from public.sms_receivers r where r.tenant_id = c.id and r.sms_sent_at is null and r.sms_sent_skipped_at is null and r.sms_should_send_at > c.now)
      and not exists (select 1 from public.sms_receivers r where r.tenant_id = c.id and (r.sms_sent_at > c.now or r.sms_sent_skipped_at > c.now))`),
  },
  {
    name: 'stock transfers over the past weeks, none after the anchor',
    sql: perTenant(`
      exists (select 1 from public.stock_transfers s where s.tenant_id = c.id and s.transfered_at < c.now - interval '7 weeks')
      and exists (select 1 from public.stock_transfers s where s.tenant_id = c.id and s.transfered_at > c.now - interval '2 days')
      and not exists (select 1 from public.stock_transfers s where s.tenant_id = c.id and s.transfered_at > c.now)`),
  },
  {
    // Trucks are loaded from the depo before each trip (load-outs), so what a trip sold is in its car's warehouse.
    name: "every unapproved end-of-day report of a trip (today's and yesterday's among them) can be approved",
    setup: APPROVE_EVERY_WAITING_REPORT,
    sql: perTenant(
      `
      exists (select 1 from waiting w where w.tenant_id = c.id and w.day >= c.today - 1)
      and not exists (select 1 from refused r where r.tenant_id = c.id)`,
      `, waiting as materialized (
        select e.tenant_id, pe.date as day from public.end_of_day_reports e
        join public.plan_events pe on pe.tenant_id = e.tenant_id and pe.id = e.plan_event_id
        where not e.is_approved),
      refused as materialized (select * from pg_temp.refused_eod_approvals())`,
    ),
  },
];
