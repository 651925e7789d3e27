-- The plan-event report (delivery-operations §2 "/plan_events/{planEventId}", §3 "Report stop", §4 "Plan event",
-- §6, §7 convert_to_route, §8) and converting a driven trip into a route.
-- * plan_event_report(tenant_slug, plan_event_id): the header (date, route, driver, car, revenue from the trip's
--   end-of-day reports), every stop with its status and times, and the driven trail, in one answer. Every member
--   of the plan event's depo may read it (drivers too); a forged id, another tenant's plan event and one of a depo
--   the caller does not work in all answer 'Not found', so an id tells nothing about what exists.
-- * convert_to_route(plan_event_id, with_unvisited_stops): admins only (the report's menu offers it to them
--   alone). A new, not yet approved route in the plan event's depo from the stops the truck visited (with the
--   unvisited ones too when asked), in the order driven; the plan event remembers it (converted_route_id, _at,
--   _by). A second conversion, or a live route of the depo already named like the new one, is refused with the
--   spec's sentence.

-- The report finds each stop's e-shop orders by key (a trip's end-of-day reports by the calendar's
-- end_of_day_reports_plan_event_idx); without it, each stop of a 60-stop report would scan the tenant's orders.
create index webshop_orders_stop_idx on public.webshop_orders (tenant_id, plan_event_route_point_id) where plan_event_route_point_id is not null;

-- The plan event, if the caller works in its depo (and its tenant is the one named); with `roles`, only if they
-- hold one of them there (only the conversion narrows the roles, hence its refusal).
create function app_private.plan_event_in_reach(p_plan_event_id bigint, p_roles public.app_role[], p_tenant_slug text default null)
returns public.plan_events
language plpgsql stable security definer set search_path = '' as $$
declare
  found public.plan_events;
begin
  select pe.* into found from public.plan_events pe
   where pe.id = p_plan_event_id
     and pe.tenant_id = any (app_private.current_user_tenant_ids())
     and pe.depo_id = any (app_private.readable_depo_ids())
     and (p_tenant_slug is null or pe.tenant_id = (select t.id from public.tenants t where t.slug = p_tenant_slug));
  if found.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  if not (found.depo_id = any (app_private.depo_ids_where_role(p_roles))) then
    raise exception 'You are not allowed to convert this plan event to a route' using errcode = '42501';
  end if;
  return found;
end;
$$;
revoke execute on function app_private.plan_event_in_reach(bigint, public.app_role[], text) from public;

-- A stop's status on the report: an e-shop delivery stop (light blue), a stop that is no point of the route
-- (unplanned, orange: a sale where the truck was not planned to stop), else visited (green), skipped (red) or
-- not reached yet (planned).
create function app_private.report_stop_status(p_route_point_id bigint, p_point_visited boolean, p_has_eshop_order boolean)
returns text language sql immutable parallel safe set search_path = '' as $$
  select case
    when p_has_eshop_order then 'eshop'
    when p_route_point_id is null then 'unplanned'
    when p_point_visited then 'visited'
    when not p_point_visited then 'skipped'
    else 'planned'
  end;
$$;
revoke execute on function app_private.report_stop_status(bigint, boolean, boolean) from public;

-- The title a converted route gets: the route's name and the plan event's date (DD-MM-YYYY, as dates display),
-- kept within the route name's 120 characters.
create function app_private.converted_route_title(p_route_name text, p_date date) returns text
language sql immutable parallel safe set search_path = '' as $$
  select left(p_route_name, 109) || ' ' || to_char(p_date, 'DD-MM-YYYY');
$$;
revoke execute on function app_private.converted_route_title(text, date) from public;

create function public.plan_event_report(tenant_slug text, plan_event_id bigint) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_in_reach(plan_event_id, enum_range(null::public.app_role), tenant_slug);
  tz text := (select t.time_zone from public.tenants t where t.id = pe.tenant_id);
  local_today date := (now() at time zone tz)::date;
  header jsonb;
  stops jsonb;
begin
  select jsonb_build_object(
           'id', pe.id,
           'depo_id', pe.depo_id,
           'date', pe.date,
           'day_span', pe.day_span,
           'start_at_hour', pe.start_at_hour,
           'start_at_min', pe.start_at_min,
           'route_id', pe.route_id,
           'route_name', r.name,
           'title', app_private.converted_route_title(r.name, pe.date),
           'driver_name', nullif(btrim(coalesce(sp.first_name, '') || ' ' || coalesce(sp.last_name, '')), ''),
           'driver_email', sp.email,
           'car_id', pe.car_id,
           'car_internal_number', c.internal_number,
           'car_plate_number', c.plate_number,
           'started_at', pe.started_at,
           'trip_finished_at', pe.trip_finished_at,
           'car_not_moving', pe.car_not_moving,
           -- The truck is on the road while its trip has started and not finished on one of the event's days:
           -- then the page follows it live.
           'on_road', pe.started_at is not null and pe.trip_finished_at is null
                      and local_today between pe.date and pe.date + pe.day_span - 1,
           'car_lat', c.latest_location_lat,
           'car_lng', c.latest_location_lng,
           'car_located_at', c.latest_location_updated_at,
           -- The trip's takings as its end-of-day reports give them (after staff corrections); none without one.
           'revenue', (select sum(e.final_total) from public.end_of_day_reports e
                        where e.tenant_id = pe.tenant_id and e.plan_event_id = pe.id),
           'sms_stopped_at', pe.sms_stopped_at,
           'converted_at', pe.converted_at,
           'converted_route_id', pe.converted_route_id,
           'converted_route_name', cr.name,
           'trail', app_private.trail_of(pe.tenant_id, pe.id))
    into header
    from public.routes r
    join public.cars c on c.tenant_id = pe.tenant_id and c.id = pe.car_id
    left join public.staff_profiles sp on sp.user_id = pe.user_id
    left join public.routes cr on cr.tenant_id = pe.tenant_id and cr.id = pe.converted_route_id
   where r.tenant_id = pe.tenant_id and r.id = pe.route_id;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', s.id,
           'position', s.position,
           'address', s.address,
           'lat', s.lat,
           'lng', s.lng,
           'status', app_private.report_stop_status(s.route_point_id, s.point_visited, o.eshop_orders > 0),
           'point_visited', s.point_visited,
           'arrival_date', s.arrival_date,
           'actual_arrival_time', s.actual_arrival_time,
           'visited_at', s.visited_at,
           'duration_seconds', extract(epoch from s.stop_duration)::integer,
           'original_estimate', s.original_google_estimate_time,
           'estimate', s.google_estimate_time,
           'subscribers', rc.subscribers,
           'eshop_orders', o.eshop_orders) order by s.position, s.id), '[]'::jsonb)
    into stops
    from public.plan_event_route_points s
    cross join lateral (select count(*)::integer as subscribers from public.sms_receivers x
                         where x.tenant_id = s.tenant_id and x.plan_event_route_point_id = s.id) rc
    cross join lateral (select count(*)::integer as eshop_orders from public.webshop_orders w
                         where w.tenant_id = s.tenant_id and w.plan_event_route_point_id = s.id
                           and w.kind = 'eshop' and w.status <> 'cancelled') o
   where s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id;

  return jsonb_build_object('plan_event', header, 'stops', stops);
end;
$$;
comment on function public.plan_event_report(text, bigint) is
  'The plan-event report: header (route, driver, car, revenue), stops with status and times, driven trail. Any member of the plan event''s depo; otherwise Not found.';
revoke execute on function public.plan_event_report(text, bigint) from public, anon;
grant execute on function public.plan_event_report(text, bigint) to authenticated;

create function public.convert_to_route(plan_event_id bigint, with_unvisited_stops boolean default false) returns public.routes
language plpgsql security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_in_reach(plan_event_id, '{admin}');
  source public.routes;
  title text;
  tz text := (select t.time_zone from public.tenants t where t.id = pe.tenant_id);
  created public.routes;
begin
  -- One conversion at a time per plan event: a second request waits here and then finds the first one's route.
  select x.* into pe from public.plan_events x where x.tenant_id = pe.tenant_id and x.id = pe.id for update;
  select r.* into source from public.routes r where r.tenant_id = pe.tenant_id and r.id = pe.route_id;
  title := app_private.converted_route_title(source.name, pe.date);
  if pe.converted_route_id is not null
     or exists (select 1 from public.routes r
                 where r.tenant_id = pe.tenant_id and r.depo_id = pe.depo_id and r.deleted_at is null
                   and lower(btrim(r.name)) = lower(title)) then
    raise exception 'Route has already been created or another one exists with name %', title using errcode = 'P0001';
  end if;

  insert into public.routes (tenant_id, depo_id, name, route_type, administration_time, eod_administration_time,
                             first_stop_arrival_time, last_stop_arrival_time, route_duration, start_address, end_address,
                             start_lat, start_lng, end_lat, end_lng, should_leave_at_time, return_to_depo, radius, tag,
                             minimum_efficient_sales_count)
  values (pe.tenant_id, pe.depo_id, title, source.route_type, source.administration_time, source.eod_administration_time,
          source.first_stop_arrival_time, source.last_stop_arrival_time, source.route_duration, source.start_address,
          source.end_address, source.start_lat, source.start_lng, source.end_lat, source.end_lng, source.should_leave_at_time,
          source.return_to_depo, source.radius, source.tag, source.minimum_efficient_sales_count)
  returning * into created;

  -- The stops in the order driven (by plan position); a visited stop keeps its local arrival time, the others
  -- the planned one; stops that were points of the route keep their settings and B2B customers.
  with chosen as (
    select s.id as stop_id, s.route_point_id, s.address, s.lat, s.lng,
           row_number() over (order by s.position, s.id)::integer as position,
           case when s.point_visited and s.actual_arrival_time is not null then (s.actual_arrival_time at time zone tz)::time end as driven_at
      from public.plan_event_route_points s
     where s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id
       and (s.point_visited or with_unvisited_stops)
  ), points as (
    insert into public.route_points (tenant_id, route_id, depo_id, position, address, custom_address, use_custom_address,
                                     lat, lng, sales_count, wait_time, arrival_time, private_comment, public_comment, point_type)
    select pe.tenant_id, created.id, pe.depo_id, ch.position, coalesce(ch.address, rp.address), rp.custom_address,
           coalesce(rp.use_custom_address, false), coalesce(ch.lat, rp.lat), coalesce(ch.lng, rp.lng),
           coalesce(rp.sales_count, 0), coalesce(rp.wait_time, 2), coalesce(ch.driven_at, rp.arrival_time),
           rp.private_comment, rp.public_comment, rp.point_type
      from chosen ch
      left join public.route_points rp on rp.tenant_id = pe.tenant_id and rp.id = ch.route_point_id
    returning id, position
  )
  insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
  select pe.tenant_id, p.id, b.b2b_customer_id, pe.depo_id
    from points p
    join chosen ch on ch.position = p.position
    join public.route_point_b2b_customers b on b.tenant_id = pe.tenant_id and b.route_point_id = ch.route_point_id;

  update public.plan_events x set converted_route_id = created.id, converted_at = now(), converted_by = auth.uid()
   where x.tenant_id = pe.tenant_id and x.id = pe.id;
  return created;
end;
$$;
comment on function public.convert_to_route(bigint, boolean) is
  'Admins turn a plan event into a new route of its depo from the visited stops (or all stops); once per plan event, never onto a taken name.';
revoke execute on function public.convert_to_route(bigint, boolean) from public, anon;
grant execute on function public.convert_to_route(bigint, boolean) to authenticated;
