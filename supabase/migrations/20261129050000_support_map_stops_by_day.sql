-- The support stop map at scale (issue 15, `npm run bench -- scale`): its stops were found by a test on
-- coalesce(stop's arrival date, plan event's date), which no index serves, so "today" read every stop of the
-- tenant (a sequential scan of 4 million stops with two years of plan events). The same test stays; the rows it
-- judges now come from two index ranges: stops by arrival date, and stops without one by their plan event's date.

create index plan_event_route_points_arrival_date_idx on public.plan_event_route_points (tenant_id, arrival_date);

create or replace function public.support_stop_map_stops(
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
  -- The days asked for as a range, so each of the two dates a visit takes its day from is an index range.
  from_day date := coalesce(specific_day, local_today);
  to_day date := case when specific_day is not null or today then coalesce(specific_day, local_today) else 'infinity'::date end;
begin
  if near_lat is null or near_lng is null or abs(near_lat) > 90 or abs(near_lng) > 180 then
    raise exception 'Coordinates are invalid' using errcode = '22023';
  end if;
  return query
  with candidates as (
    -- A visit's day is its stop's arrival date, else its plan event's date: the stops of each kind in the range.
    select p.id from public.plan_event_route_points p
     where p.tenant_id = t.id and p.arrival_date between from_day and to_day
    union all
    select p.id from public.plan_events pe
      join public.plan_event_route_points p on p.tenant_id = pe.tenant_id and p.plan_event_id = pe.id
     where pe.tenant_id = t.id and pe.depo_id = any (depos) and pe.date between from_day and to_day and p.arrival_date is null
  ),
  upcoming as (
    -- One marker per place: its next planned visit (a specific day or today: that day's visit).
    select distinct on (coalesce(p.route_point_id, -p.id))
           p.*, coalesce(p.arrival_date, pe.date) as visit_date, pe.date as event_date, pe.route_id, pe.user_id, pe.car_id
      from public.plan_event_route_points p
      join public.plan_events pe on pe.tenant_id = p.tenant_id and pe.id = p.plan_event_id
     where p.tenant_id = t.id
       and p.id in (select c.id from candidates c)
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
