-- The heat map over years of a daily route (issue 12: "aggregated on the server so that years of history stay fast").
-- Attributing every sale of a route's history to the stop the truck stood at cost ~1 s for 2 years of a daily route
-- (158,000 sales against 44,000 stops) on each read. A finished trip's places no longer change unless its stops,
-- its reports or their orders do, so each finished trip (plan_events.trip_finished_at set) keeps its per-place
-- figures here (one row per trip), and the heat map reads those; a trip still under way is computed live, as before.
-- * The figures of a set of trips come from one function (app_private.heat_map_trip_places), used both to keep the
--   summaries and for the live trips, so both paths attribute sales the same way.
-- * Kept by statement-level triggers: the writes of the live-trucks engine (stops of today's unfinished trips) only
--   pay one join to plan_events that finds no finished trip; a late sale, a visit, a deleted order or report, and a
--   trip finishing or reopening recompute the finished trips they touch. The triggers only read the committed rows
--   after the write, so they do not depend on the order other triggers (e.g. guards on eod_orders) fire in.
-- * Summary writes of one trip are serialised by a transaction-level advisory lock, so two transactions changing the
--   same trip never lose each other's figures (each recomputes after the other has committed).

-- One row per finished trip with its places side by side in arrays (and its route and date when summarised, so a
-- deleted or moved trip's month is known).
create table app_private.heat_map_trips (
  tenant_id uuid not null,
  plan_event_id bigint not null,
  route_id bigint not null,
  date date not null,
  place text[] not null,
  -- Sums rather than averages, so the heat map's average position over many trips stays that of all their stops.
  lat_sum double precision[] not null,
  lng_sum double precision[] not null,
  stops integer[] not null,
  visits integer[] not null,
  revenue numeric[] not null,
  primary key (tenant_id, plan_event_id),
  foreign key (tenant_id, plan_event_id) references public.plan_events (tenant_id, id) on delete cascade
);
comment on table app_private.heat_map_trips is
  'Per finished trip (plan event with trip_finished_at): its places (app_private.heat_map_trip_places) as parallel arrays; kept by triggers, read by plan_event_heat_map.';
create index heat_map_trips_route_idx on app_private.heat_map_trips (tenant_id, route_id, date);

-- Per route, calendar month and place: the sums of its finished trips of that month. 2 years of a daily route are then
-- 24 months x 60 places plus the trips of the window's two partial months, instead of 44,000 trip places.
create table app_private.heat_map_route_months (
  tenant_id uuid not null,
  route_id bigint not null,
  month date not null,
  place text not null,
  lat_sum double precision not null,
  lng_sum double precision not null,
  stops integer not null,
  visits integer not null,
  revenue numeric not null,
  primary key (tenant_id, route_id, month, place)
);
comment on table app_private.heat_map_route_months is
  'Per route, month (first day) and place: the sums of app_private.heat_map_trips of that route and month; kept by triggers on heat_map_trips.';

-- Per trip and place: the stops planned there, the visits, the revenue sold while the truck stood there (a point-of-sale
-- order belongs to the stop reached last: from its arrival until the next arrival; sales before the first arrival
-- are no place's), and the sums of the stops' coordinates.
create function app_private.heat_map_trip_places(p_tenant_id uuid, p_plan_event_ids bigint[])
returns table (plan_event_id bigint, place text, lat_sum double precision, lng_sum double precision, stops integer,
               visits integer, revenue numeric)
language sql stable set search_path = '' as $$
  with stops as (
    select s.id, s.plan_event_id, s.route_point_id, s.lat, s.lng, s.point_visited, s.actual_arrival_time,
           lead(s.actual_arrival_time) over (partition by s.plan_event_id order by s.actual_arrival_time) as left_before
      from public.plan_event_route_points s
     where s.tenant_id = p_tenant_id and s.plan_event_id = any (p_plan_event_ids)
       and s.lat is not null and s.lng is not null
  ), takings as (
    -- One index range (eod_orders_report_idx: report, time) per arrived stop and report.
    select st.id, sum(x.revenue) as revenue
      from stops st
      join public.end_of_day_reports r on r.tenant_id = p_tenant_id and r.plan_event_id = st.plan_event_id
      cross join lateral (
        select sum(o.total_revenue) as revenue from public.eod_orders o
         where o.tenant_id = p_tenant_id and o.end_of_day_report_id = r.id
           and o.time >= st.actual_arrival_time and o.time < coalesce(st.left_before, 'infinity')) x
     where st.actual_arrival_time is not null
     group by st.id
  )
  -- A place is a point of the route, or for a stop that was none (an unplanned sale) its coordinates to 4 decimals.
  select st.plan_event_id,
         coalesce(st.route_point_id::text, round(st.lat::numeric, 4) || ',' || round(st.lng::numeric, 4)),
         sum(st.lat), sum(st.lng),
         count(*)::integer,
         count(*) filter (where st.point_visited)::integer,
         coalesce(sum(t.revenue), 0)
    from stops st
    left join takings t on t.id = st.id
   group by 1, 2
$$;
revoke execute on function app_private.heat_map_trip_places(uuid, bigint[]) from public;

-- Serialises the summaries of a tenant's routes (in route order, so two transactions cannot deadlock on one
-- statement's routes): a waiting transaction recomputes after the other has committed, and sees its rows.
create function app_private.lock_heat_map_routes(p_tenant_id uuid, p_route_ids bigint[]) returns void
language plpgsql volatile set search_path = '' as $$
declare
  route bigint;
begin
  for route in select distinct u.id from unnest(p_route_ids) u(id) where u.id is not null order by 1 loop
    perform pg_advisory_xact_lock(hashtext('heat_map_route'), hashtext(p_tenant_id::text || ':' || route));
  end loop;
end;
$$;
revoke execute on function app_private.lock_heat_map_routes(uuid, bigint[]) from public;

-- The months' sums of the routes and months whose trips' summaries were written or removed.
create function app_private.heat_map_trips_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  months record;
begin
  for months in
    select c.tenant_id, array_agg(c.route_id) as routes, jsonb_agg(jsonb_build_object('route_id', c.route_id, 'month', c.month)) as keys
      from (select distinct x.tenant_id, x.route_id, date_trunc('month', x.date)::date as month from changed_rows x) c
     group by c.tenant_id
  loop
    perform app_private.lock_heat_map_routes(months.tenant_id, months.routes);
    delete from app_private.heat_map_route_months m
     using jsonb_to_recordset(months.keys) k(route_id bigint, month date)
     where m.tenant_id = months.tenant_id and m.route_id = k.route_id and m.month = k.month;
    insert into app_private.heat_map_route_months (tenant_id, route_id, month, place, lat_sum, lng_sum, stops, visits, revenue)
    select months.tenant_id, k.route_id, k.month, u.place, sum(u.lat_sum), sum(u.lng_sum), sum(u.stops), sum(u.visits), sum(u.revenue)
      from jsonb_to_recordset(months.keys) k(route_id bigint, month date)
      join app_private.heat_map_trips h on h.tenant_id = months.tenant_id and h.route_id = k.route_id
                                       and h.date >= k.month and h.date < (k.month + interval '1 month')::date
     cross join lateral unnest(h.place, h.lat_sum, h.lng_sum, h.stops, h.visits, h.revenue) u(place, lat_sum, lng_sum, stops, visits, revenue)
     group by k.route_id, k.month, u.place;
  end loop;
  return null;
end;
$$;
revoke execute on function app_private.heat_map_trips_changed() from public;

-- One transition table name for both events, so the function reads the same whichever fired it.
create trigger heat_map_trips_inserted after insert on app_private.heat_map_trips
  referencing new table as changed_rows for each statement execute function app_private.heat_map_trips_changed();
create trigger heat_map_trips_deleted after delete on app_private.heat_map_trips
  referencing old table as changed_rows for each statement execute function app_private.heat_map_trips_changed();

-- Recompute the summaries of these trips: finished ones get their places again, the others none.
create function app_private.refresh_heat_map_trips(p_tenant_id uuid, p_plan_event_ids bigint[]) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  finished bigint[];
begin
  if coalesce(cardinality(p_plan_event_ids), 0) = 0 then
    return;
  end if;
  -- The routes the trips are and were on, so the months' sums below are recomputed one transaction at a time.
  perform app_private.lock_heat_map_routes(p_tenant_id, array(
    select e.route_id from public.plan_events e where e.tenant_id = p_tenant_id and e.id = any (p_plan_event_ids)
    union select h.route_id from app_private.heat_map_trips h where h.tenant_id = p_tenant_id and h.plan_event_id = any (p_plan_event_ids)));
  delete from app_private.heat_map_trips h where h.tenant_id = p_tenant_id and h.plan_event_id = any (p_plan_event_ids);
  select array_agg(e.id) into finished from public.plan_events e
   where e.tenant_id = p_tenant_id and e.id = any (p_plan_event_ids) and e.trip_finished_at is not null;
  if finished is not null then
    insert into app_private.heat_map_trips (tenant_id, plan_event_id, route_id, date, place, lat_sum, lng_sum, stops, visits, revenue)
    select p_tenant_id, p.plan_event_id, e.route_id, e.date, array_agg(p.place), array_agg(p.lat_sum), array_agg(p.lng_sum),
           array_agg(p.stops), array_agg(p.visits), array_agg(p.revenue)
      from app_private.heat_map_trip_places(p_tenant_id, finished) p
      join public.plan_events e on e.tenant_id = p_tenant_id and e.id = p.plan_event_id
     group by p.plan_event_id, e.route_id, e.date;
  end if;
end;
$$;
revoke execute on function app_private.refresh_heat_map_trips(uuid, bigint[]) from public;

-- Refresh the finished trips among (tenant, plan event) pairs; the cheap path for unfinished ones is this one join.
create function app_private.refresh_finished_heat_map_trips(p_trips jsonb) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  tenant record;
begin
  for tenant in
    select e.tenant_id, array_agg(distinct e.id) as ids
      from jsonb_to_recordset(p_trips) t(tenant_id uuid, plan_event_id bigint)
      join public.plan_events e on e.tenant_id = t.tenant_id and e.id = t.plan_event_id
     where e.trip_finished_at is not null
        or exists (select from app_private.heat_map_trips h where h.tenant_id = e.tenant_id and h.plan_event_id = e.id)
     group by e.tenant_id
  loop
    perform app_private.refresh_heat_map_trips(tenant.tenant_id, tenant.ids);
  end loop;
end;
$$;
revoke execute on function app_private.refresh_finished_heat_map_trips(jsonb) from public;

-- The stops of trips (visits, arrivals, coordinates, stops added or removed).
create function app_private.heat_map_stops_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_finished_heat_map_trips(
      (select jsonb_agg(distinct jsonb_build_object('tenant_id', n.tenant_id, 'plan_event_id', n.plan_event_id)) from new_rows n));
  elsif tg_op = 'DELETE' then
    perform app_private.refresh_finished_heat_map_trips(
      (select jsonb_agg(distinct jsonb_build_object('tenant_id', o.tenant_id, 'plan_event_id', o.plan_event_id)) from old_rows o));
  else
    -- Only rows whose figures' inputs changed; the engine's other updates (estimates, SMS times) pass here.
    perform app_private.refresh_finished_heat_map_trips((
      select jsonb_agg(distinct x.trip) from (
        select jsonb_build_object('tenant_id', n.tenant_id, 'plan_event_id', n.plan_event_id) as trip
          from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
         where (n.plan_event_id, n.route_point_id, n.lat, n.lng, n.point_visited, n.actual_arrival_time)
               is distinct from (o.plan_event_id, o.route_point_id, o.lat, o.lng, o.point_visited, o.actual_arrival_time)
        union all
        select jsonb_build_object('tenant_id', o.tenant_id, 'plan_event_id', o.plan_event_id)
          from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
         where n.plan_event_id is distinct from o.plan_event_id) x));
  end if;
  return null;
end;
$$;
revoke execute on function app_private.heat_map_stops_changed() from public;

create trigger heat_map_stops_inserted after insert on public.plan_event_route_points
  referencing new table as new_rows for each statement execute function app_private.heat_map_stops_changed();
create trigger heat_map_stops_updated after update on public.plan_event_route_points
  referencing new table as new_rows old table as old_rows for each statement execute function app_private.heat_map_stops_changed();
create trigger heat_map_stops_deleted after delete on public.plan_event_route_points
  referencing old table as old_rows for each statement execute function app_private.heat_map_stops_changed();

-- Point-of-sale orders (a late sale, a corrected amount or time, a deleted order).
create function app_private.heat_map_orders_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  changed jsonb;
begin
  -- Each branch names only the transition tables its event has.
  if tg_op = 'INSERT' then
    changed := (select jsonb_agg(distinct jsonb_build_object('tenant_id', n.tenant_id, 'report_id', n.end_of_day_report_id)) from new_rows n);
  elsif tg_op = 'DELETE' then
    changed := (select jsonb_agg(distinct jsonb_build_object('tenant_id', o.tenant_id, 'report_id', o.end_of_day_report_id)) from old_rows o);
  else
    changed := (select jsonb_agg(distinct x.report) from (
      select jsonb_build_object('tenant_id', n.tenant_id, 'report_id', n.end_of_day_report_id) as report from new_rows n
      union all
      select jsonb_build_object('tenant_id', o.tenant_id, 'report_id', o.end_of_day_report_id) from old_rows o) x);
  end if;
  perform app_private.refresh_finished_heat_map_trips((
    select jsonb_agg(distinct jsonb_build_object('tenant_id', r.tenant_id, 'plan_event_id', r.plan_event_id))
      from jsonb_to_recordset(changed) c(tenant_id uuid, report_id bigint)
      join public.end_of_day_reports r on r.tenant_id = c.tenant_id and r.id = c.report_id
     where r.plan_event_id is not null));
  return null;
end;
$$;
revoke execute on function app_private.heat_map_orders_changed() from public;

create trigger heat_map_orders_inserted after insert on public.eod_orders
  referencing new table as new_rows for each statement execute function app_private.heat_map_orders_changed();
create trigger heat_map_orders_updated after update on public.eod_orders
  referencing new table as new_rows old table as old_rows for each statement execute function app_private.heat_map_orders_changed();
create trigger heat_map_orders_deleted after delete on public.eod_orders
  referencing old table as old_rows for each statement execute function app_private.heat_map_orders_changed();

-- A report mapped to another trip, or deleted with its orders (the orders' own trigger no longer finds the report).
create function app_private.heat_map_reports_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform app_private.refresh_finished_heat_map_trips((
      select jsonb_agg(distinct jsonb_build_object('tenant_id', o.tenant_id, 'plan_event_id', o.plan_event_id))
        from old_rows o where o.plan_event_id is not null));
  else
    perform app_private.refresh_finished_heat_map_trips((
      select jsonb_agg(distinct t.trip) from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
       cross join lateral (values (jsonb_build_object('tenant_id', n.tenant_id, 'plan_event_id', n.plan_event_id)),
                                  (jsonb_build_object('tenant_id', o.tenant_id, 'plan_event_id', o.plan_event_id))) t(trip)
       where n.plan_event_id is distinct from o.plan_event_id));
  end if;
  return null;
end;
$$;
revoke execute on function app_private.heat_map_reports_changed() from public;

create trigger heat_map_reports_updated after update on public.end_of_day_reports
  referencing new table as new_rows old table as old_rows for each statement execute function app_private.heat_map_reports_changed();
create trigger heat_map_reports_deleted after delete on public.end_of_day_reports
  referencing old table as old_rows for each statement execute function app_private.heat_map_reports_changed();

-- A trip finishing gets its summary; one reopened loses it (computed live again); one moved to another route or day
-- moves with its summary.
create function app_private.heat_map_trip_finished() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.refresh_heat_map_trips(new.tenant_id, array[new.id]);
  return null;
end;
$$;
revoke execute on function app_private.heat_map_trip_finished() from public;

create trigger heat_map_trip_finished after insert on public.plan_events
  for each row when (new.trip_finished_at is not null) execute function app_private.heat_map_trip_finished();
create trigger heat_map_trip_finished_or_reopened after update of trip_finished_at, route_id, date on public.plan_events
  for each row when ((new.trip_finished_at, new.route_id, new.date) is distinct from (old.trip_finished_at, old.route_id, old.date))
  execute function app_private.heat_map_trip_finished();

-- The trips finished before this migration.
select app_private.refresh_heat_map_trips(e.tenant_id, array_agg(e.id))
  from public.plan_events e where e.trip_finished_at is not null group by e.tenant_id;

create or replace function public.plan_event_heat_map(tenant_slug text, plan_event_id bigint) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_in_reach(plan_event_id, enum_range(null::public.app_role), tenant_slug);
  window_start date := (pe.date - interval '2 years')::date + 1;
  -- The calendar months wholly inside the window, [first_month, after_months): read from the months' sums.
  first_month date := date_trunc('month', window_start - 1)::date + interval '1 month';
  after_months date := date_trunc('month', pe.date + 1)::date;
  events jsonb;
  live bigint[];
  points jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object('id', e.id, 'date', e.date) order by e.date desc), '[]'::jsonb),
         array_agg(e.id) filter (where e.trip_finished_at is null)
    into events, live
    from public.plan_events e
   where e.tenant_id = pe.tenant_id and e.route_id = pe.route_id and e.date between window_start and pe.date;

  -- Finished trips from the months' sums and, in the window's partial months, from their own summaries; the others
  -- (today's, under way) computed live the same way.
  with trips as (
    select m.place, m.lat_sum, m.lng_sum, m.stops, m.visits, m.revenue
      from app_private.heat_map_route_months m
     where m.tenant_id = pe.tenant_id and m.route_id = pe.route_id and m.month >= first_month and m.month < after_months
    union all
    select u.place, u.lat_sum, u.lng_sum, u.stops, u.visits, u.revenue
      from app_private.heat_map_trips h
     cross join lateral unnest(h.place, h.lat_sum, h.lng_sum, h.stops, h.visits, h.revenue) u(place, lat_sum, lng_sum, stops, visits, revenue)
     where h.tenant_id = pe.tenant_id and h.route_id = pe.route_id and h.date between window_start and pe.date
       and (h.date < first_month or h.date >= after_months)
    union all
    select l.place, l.lat_sum, l.lng_sum, l.stops, l.visits, l.revenue
      from app_private.heat_map_trip_places(pe.tenant_id, coalesce(live, '{}')) l
  ), places as (
    select sum(t.lat_sum) / sum(t.stops) as lat, sum(t.lng_sum) / sum(t.stops) as lng,
           sum(t.stops)::integer as stops, sum(t.visits)::integer as visits, sum(t.revenue)::numeric(14, 2) as revenue
      from trips t
     group by t.place
  )
  select coalesce(jsonb_agg(jsonb_build_object('lat', p.lat, 'lng', p.lng, 'stops', p.stops, 'visits', p.visits, 'revenue', p.revenue)
                            order by p.lat, p.lng), '[]'::jsonb)
    into points
    from places p;

  return jsonb_build_object('plan_event', jsonb_build_object('id', pe.id, 'depo_id', pe.depo_id, 'date', pe.date, 'route_id', pe.route_id,
                                                             'route_name', (select r.name from public.routes r where r.tenant_id = pe.tenant_id and r.id = pe.route_id),
                                                             'from', window_start),
                            'events', events, 'points', points);
end;
$$;
