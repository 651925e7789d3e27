-- The heat map of a plan event (delivery-operations §2 "/plan_events/{planEventId}/heat_map", §3 "Heat map point",
-- §4 "Heat map", §7 historical_plan_events and heat_map_points).
-- * Its history: the plan events of the same route dated within the 2 years up to the plan event's own date
--   (itself included), newest first.
-- * Its points: one per place the route stopped at in that history (the stops of one point of the route; a stop
--   that was no point of it, by its coordinates to 4 decimals, about 10 m), with how often a stop was planned
--   there, how often it was visited, and the
--   revenue sold there: a point-of-sale order of a trip's end-of-day reports belongs to the stop the truck had
--   reached last when it was sold (from its actual arrival until the next stop's). Sales before the first
--   arrival (at the depo) are no place's.
-- The page gets aggregates, never the history's rows, so two years of a daily route stay one small answer.
-- Every member of the plan event's depo may read it, as the report; anyone else gets 'Not found'.

-- A trip's visited stops in arrival order (the sales' attribution walks them by time).
create index plan_event_route_points_arrival_idx on public.plan_event_route_points (tenant_id, plan_event_id, actual_arrival_time)
  where actual_arrival_time is not null;

create function public.plan_event_heat_map(tenant_slug text, plan_event_id bigint) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_in_reach(plan_event_id, enum_range(null::public.app_role), tenant_slug);
  window_start date := (pe.date - interval '2 years')::date + 1;
  events jsonb;
  points jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object('id', e.id, 'date', e.date) order by e.date desc), '[]'::jsonb)
    into events
    from public.plan_events e
   where e.tenant_id = pe.tenant_id and e.route_id = pe.route_id and e.date between window_start and pe.date;

  with history as (
    select e.id from public.plan_events e
     where e.tenant_id = pe.tenant_id and e.route_id = pe.route_id and e.date between window_start and pe.date
  ), stops as (
    select s.id, s.plan_event_id, s.route_point_id, s.lat, s.lng, s.point_visited, s.actual_arrival_time,
           lead(s.actual_arrival_time) over (partition by s.plan_event_id order by s.actual_arrival_time) as left_before
      from history h
      join public.plan_event_route_points s on s.tenant_id = pe.tenant_id and s.plan_event_id = h.id
     where s.lat is not null and s.lng is not null
  ), takings as (
    -- Each arrived stop's sales: the trip's orders from its arrival until the next arrival, one index range
    -- (eod_orders_report_idx: report, time) per stop and report rather than every order against every stop.
    select st.id, sum(x.revenue) as revenue
      from stops st
      join public.end_of_day_reports r on r.tenant_id = pe.tenant_id and r.plan_event_id = st.plan_event_id
      cross join lateral (
        select sum(o.total_revenue) as revenue from public.eod_orders o
         where o.tenant_id = pe.tenant_id and o.end_of_day_report_id = r.id
           and o.time >= st.actual_arrival_time and o.time < coalesce(st.left_before, 'infinity')) x
     where st.actual_arrival_time is not null
     group by st.id
  ), places as (
    -- A place is a point of the route (its stops over the history), or for a stop that was none (an unplanned
    -- sale) its coordinates to 4 decimals.
    select coalesce(st.route_point_id::text, round(st.lat::numeric, 4) || ',' || round(st.lng::numeric, 4)) as place,
           avg(st.lat) as lat, avg(st.lng) as lng,
           count(*)::integer as stops,
           count(*) filter (where st.point_visited)::integer as visits,
           coalesce(sum(t.revenue), 0)::numeric(14, 2) as revenue
      from stops st
      left join takings t on t.id = st.id
     group by 1
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
comment on function public.plan_event_heat_map(text, bigint) is
  'The heat map of a plan event: its route''s plan events of the 2 years up to its date, and per place stopped at: stops planned, visits, revenue. Any member of its depo; otherwise Not found.';
revoke execute on function public.plan_event_heat_map(text, bigint) from public, anon;
grant execute on function public.plan_event_heat_map(text, bigint) to authenticated;
