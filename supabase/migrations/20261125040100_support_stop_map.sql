-- The customer-support stop map (inventory-public-support §2.4, §7): the planned stops nearest a point, as
-- truck markers with their plan event, depo, route, driver and car; and the next plan events visiting a stop.
-- Staff who work with customers (admins, depo admins, support) of the tenant may ask, and see only the
-- depos they work in; drivers and other tenants get the same refusal, so an id says nothing about what exists.

-- The tenant, if the caller may use its support map; otherwise the refusal.
create function app_private.support_map_tenant(p_tenant_slug text) returns public.tenants
language plpgsql stable security definer set search_path = '' as $$
declare
  found public.tenants;
begin
  select t.* into found from public.tenants t
   where t.slug = p_tenant_slug
     and t.id = any (app_private.tenant_ids_where_role('{admin,depo_admin,support}'));
  if found.id is null then
    raise exception 'You are not authorized to access this page.' using errcode = '42501';
  end if;
  return found;
end;
$$;
revoke execute on function app_private.support_map_tenant(text) from public;

-- At most this many markers: the nearest stops around the searched address.
create function app_private.support_map_marker_limit() returns integer language sql immutable as 'select 200';

create function public.support_stop_map_stops(
  tenant_slug text,
  near_lat double precision,
  near_lng double precision,
  today boolean default null,
  specific_day date default null
)
returns table (
  id bigint,
  uuid uuid,
  address text,
  lat double precision,
  lng double precision,
  distance double precision,
  original_google_estimate_time timestamptz,
  google_estimate_time timestamptz,
  arrival_date date,
  "position" integer,
  point_visited boolean,
  plan_event_id bigint,
  plan_event_date date,
  depo_id bigint,
  depo_name text,
  route_name text,
  driver_name text,
  phone text,
  internal_number text,
  license_number text
)
language plpgsql stable security definer set search_path = '' as $$
declare
  t public.tenants := app_private.support_map_tenant(tenant_slug);
  local_today date := (now() at time zone t.time_zone)::date;
  depos bigint[] := app_private.depo_ids_where_role('{admin,depo_admin,support}');
begin
  if near_lat is null or near_lng is null or abs(near_lat) > 90 or abs(near_lng) > 180 then
    raise exception 'Coordinates are invalid' using errcode = '22023';
  end if;
  return query
  with upcoming as (
    -- One marker per place: its next planned visit (a specific day or today: that day's visit).
    select distinct on (coalesce(p.route_point_id, -p.id))
           p.*, coalesce(p.arrival_date, pe.date) as visit_date, pe.date as event_date, pe.route_id, pe.user_id, pe.car_id
      from public.plan_event_route_points p
      join public.plan_events pe on pe.tenant_id = p.tenant_id and pe.id = p.plan_event_id
     where p.tenant_id = t.id
       and p.depo_id = any (depos)
       and p.lat is not null and p.lng is not null
       and case
             when specific_day is not null then coalesce(p.arrival_date, pe.date) = specific_day
             when today then coalesce(p.arrival_date, pe.date) = local_today
             else coalesce(p.arrival_date, pe.date) >= local_today
           end
     order by coalesce(p.route_point_id, -p.id), coalesce(p.arrival_date, pe.date), p.google_estimate_time nulls last
  )
  select u.id, u.uuid, u.address, u.lat, u.lng,
         app_private.meters_between(near_lat, near_lng, u.lat, u.lng),
         u.original_google_estimate_time, u.google_estimate_time, u.visit_date, u.position, u.point_visited,
         u.plan_event_id, u.event_date, u.depo_id, d.title, r.name,
         nullif(btrim(concat_ws(' ', sp.first_name, sp.last_name)), ''),
         c.mobile_number, c.internal_number, c.plate_number
    from upcoming u
    join public.depos d on d.tenant_id = u.tenant_id and d.id = u.depo_id
    join public.routes r on r.tenant_id = u.tenant_id and r.id = u.route_id
    join public.cars c on c.tenant_id = u.tenant_id and c.id = u.car_id
    left join public.staff_profiles sp on sp.user_id = u.user_id
   order by app_private.meters_between(near_lat, near_lng, u.lat, u.lng), u.visit_date
   limit app_private.support_map_marker_limit();
end;
$$;
comment on function public.support_stop_map_stops(text, double precision, double precision, boolean, date) is
  'Support stop map: the nearest planned stops (one per place, its next visit; or those of today or of a specific day) in the depos the caller works in, with depo, route, driver and car. Admins, depo admins and support only.';
revoke execute on function public.support_stop_map_stops(text, double precision, double precision, boolean, date) from public, anon;
grant execute on function public.support_stop_map_stops(text, double precision, double precision, boolean, date) to authenticated, service_role;

-- The next plan events visiting a stop's place (within 50 m, in the stop's depo), from the tenant's today on.
create function public.support_stop_next_events(tenant_slug text, stop_id bigint)
returns table (id bigint, date date, route_name text, depo_id bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  t public.tenants := app_private.support_map_tenant(tenant_slug);
  stop public.plan_event_route_points;
begin
  select p.* into stop from public.plan_event_route_points p
   where p.id = stop_id and p.tenant_id = t.id
     and p.depo_id = any (app_private.depo_ids_where_role('{admin,depo_admin,support}'));
  if stop.id is null then
    raise exception 'You are not authorized to access this page.' using errcode = '42501';
  end if;
  return query
  select distinct on (pe.date, pe.id) pe.id, pe.date, r.name, pe.depo_id
    from public.plan_event_route_points p
    join public.plan_events pe on pe.tenant_id = p.tenant_id and pe.id = p.plan_event_id
    join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
   where p.tenant_id = t.id and p.depo_id = stop.depo_id
     and pe.date >= (now() at time zone t.time_zone)::date
     and (p.route_point_id = stop.route_point_id
          or (p.lat is not null and extensions.earth_box(extensions.ll_to_earth(stop.lat, stop.lng), 50)
                operator(extensions.@>) extensions.ll_to_earth(p.lat, p.lng)
              and app_private.meters_between(stop.lat, stop.lng, p.lat, p.lng) <= 50))
   order by pe.date, pe.id
   limit 50;
end;
$$;
comment on function public.support_stop_next_events(text, bigint) is
  'Support stop map: the next plan events (id, date, route, depo) visiting the place of a stop the caller may see. Admins, depo admins and support only.';
revoke execute on function public.support_stop_next_events(text, bigint) from public, anon;
grant execute on function public.support_stop_next_events(text, bigint) to authenticated, service_role;
