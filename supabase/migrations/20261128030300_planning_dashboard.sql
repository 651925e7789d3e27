-- The route catalogue's dashboard (inventory-public-support §2.6 "dashboard, plan_event_routes_with_quota,
-- plan_event_routes_without_quota, sms_stops_made, sms_stops_not_made") as the home page's planning section, for
-- one depo on the tenant's today:
-- * routes: today's plan events with their route's quota (routes.minimum_efficient_sales_count, the sales a stop
--   should reach; 0 is no quota), car, driver and stops planned and visited; the page lists those with a quota and
--   those without;
-- * sms_stops: today's stops that have SMS subscribers, with how many SMS were sent and skipped; a stop's SMS is
--   made once one was sent, not made while none was.
-- Admins, depo admins and support of the depo (the planners); anyone else, and another tenant's depo: 'Not found'.

create function public.planning_dashboard(depo_id bigint) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  depo public.depos;
  local_today date;
  routes jsonb;
  sms_stops jsonb;
begin
  select d.* into depo from public.depos d
   where d.id = planning_dashboard.depo_id and d.id = any (app_private.depo_ids_where_role('{admin,depo_admin,support}'));
  if depo.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  local_today := (now() at time zone (select t.time_zone from public.tenants t where t.id = depo.tenant_id))::date;

  select coalesce(jsonb_agg(jsonb_build_object(
           'plan_event_id', pe.id,
           'route_id', r.id,
           'route_name', r.name,
           'quota', r.minimum_efficient_sales_count,
           'car_internal_number', c.internal_number,
           'driver_name', coalesce(nullif(btrim(coalesce(sp.first_name, '') || ' ' || coalesce(sp.last_name, '')), ''), sp.email),
           'planned_stops', st.planned,
           'visited_stops', st.visited) order by r.name, pe.id), '[]'::jsonb)
    into routes
    from public.plan_events pe
    join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    join public.cars c on c.tenant_id = pe.tenant_id and c.id = pe.car_id
    left join public.staff_profiles sp on sp.user_id = pe.user_id
    cross join lateral (select count(*)::integer as planned, count(*) filter (where s.point_visited)::integer as visited
                          from public.plan_event_route_points s where s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id) st
   -- A multi-day plan event is on the road on each of its days.
   where pe.tenant_id = depo.tenant_id and pe.depo_id = depo.id
     and pe.date between local_today - 13 and local_today and local_today < pe.date + pe.day_span;

  select coalesce(jsonb_agg(jsonb_build_object(
           'plan_event_id', pe.id,
           'route_name', r.name,
           'stop_id', s.id,
           'position', s.position,
           'address', s.address,
           'estimate', s.google_estimate_time,
           'receivers', x.receivers,
           'sent', x.sent,
           'skipped', x.skipped) order by r.name, s.position), '[]'::jsonb)
    into sms_stops
    from public.plan_events pe
    join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    join public.plan_event_route_points s on s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id
    cross join lateral (select count(*)::integer as receivers,
                               count(*) filter (where m.sms_sent_at is not null)::integer as sent,
                               count(*) filter (where m.sms_sent_at is null and m.sms_sent_skipped_at is not null)::integer as skipped
                          from public.sms_receivers m where m.tenant_id = pe.tenant_id and m.plan_event_route_point_id = s.id) x
   where pe.tenant_id = depo.tenant_id and pe.depo_id = depo.id
     and pe.date between local_today - 13 and local_today and local_today < pe.date + pe.day_span
     and (s.arrival_date is null or s.arrival_date = local_today)
     and x.receivers > 0;

  return jsonb_build_object('date', local_today, 'routes', routes, 'sms_stops', sms_stops);
end;
$$;
comment on function public.planning_dashboard(bigint) is
  'The home page''s planning section for a depo today: plan-event routes with their quota, and stops with SMS subscribers with SMS sent and skipped. Admins, depo admins and support of the depo.';
revoke execute on function public.planning_dashboard(bigint) from public, anon;
grant execute on function public.planning_dashboard(bigint) to authenticated;
