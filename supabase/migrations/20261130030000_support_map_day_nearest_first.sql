-- The support map's "Today" (and a specific day) at scale 1 (issue 15, `npm run bench -- scale`: p50 260 ms, p95
-- 537 ms with 4,000,000 stops). The day's stops were found by index (5,500 of them for an admin of all 20 depos),
-- but every one went on to the final query: joined to its plan event, route, depo and car (a merge join over all
-- 80,000 plan events, the 5,500 ids estimated as a range) and its distance computed, to keep the 200 nearest. Now
-- the day's selection keeps only the `wanted` nearest places (their distance computed once each), so the final
-- query joins 200 stops by key. Same answer: on one day every visit has the same date, so the final order is by
-- distance alone, and the nearest `wanted` of the places are the ones it kept before (its joins drop no stop: a
-- stop's plan event, depo, and the plan event's route and car are not null and kept by foreign keys). "All stops"
-- is unchanged.

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
  one_day boolean := specific_day is not null or coalesce(today, false);
  the_day date := coalesce(specific_day, local_today);
  wanted integer := app_private.support_map_marker_limit();
  origin extensions.earth;
  -- A first walk of five visits a marker: enough places when a place has up to ~4 coming visits (it grows if not).
  walk integer := app_private.support_map_marker_limit() * 5;
  walked integer;
  inside integer;
  chosen bigint[];
begin
  if near_lat is null or near_lng is null or abs(near_lat) > 90 or abs(near_lng) > 180 then
    raise exception 'Coordinates are invalid' using errcode = '22023';
  end if;
  origin := extensions.ll_to_earth(near_lat, near_lng);

  if one_day then
    -- A visit's day is its stop's arrival date, else its plan event's date: the stops of each kind on that day,
    -- one marker per place (its first visit of the day), and of those only the `wanted` nearest. Every visit is on
    -- the one day, so the final query's order (distance, then day) is distance alone, and it keeps the same ones.
    select array_agg(n.id order by n.d) into chosen from (
      select u.id, app_private.meters_between(near_lat, near_lng, u.lat, u.lng) as d from (
        select distinct on (coalesce(p.route_point_id, -p.id)) p.id, p.lat, p.lng
          from public.plan_event_route_points p
          join public.plan_events pe on pe.tenant_id = p.tenant_id and pe.id = p.plan_event_id
         where p.tenant_id = t.id
           and p.id in (select p2.id from public.plan_event_route_points p2
                         where p2.tenant_id = t.id and p2.arrival_date = the_day
                        union all
                        select p2.id from public.plan_events pe2
                          join public.plan_event_route_points p2 on p2.tenant_id = pe2.tenant_id and p2.plan_event_id = pe2.id
                         where pe2.tenant_id = t.id and pe2.depo_id = any (depos) and pe2.date = the_day
                           and p2.arrival_date is null)
           and p.depo_id = any (depos)
           and p.lat is not null and p.lng is not null
           and coalesce(p.arrival_date, pe.date) = the_day
         order by coalesce(p.route_point_id, -p.id), p.google_estimate_time nulls last
      ) u
      order by 2
      limit wanted
    ) n;
  else
    loop
      with nearest as (
        -- The `walk` coming visits nearest the point (cube distance: in the same order as metres).
        select p.id, p.route_point_id,
               extensions.ll_to_earth(p.lat, p.lng) operator(extensions.<->) origin as d,
               coalesce(p.arrival_date, pe.date) as visit_date
          from public.plan_event_route_points p
          join public.plan_events pe on pe.tenant_id = p.tenant_id and pe.id = p.plan_event_id
         where p.tenant_id = t.id and p.depo_id = any (depos)
           and p.lat is not null and p.lng is not null
           -- The same test twice: the first half drops a past stop before its plan event is looked up.
           and (p.arrival_date is null or p.arrival_date >= local_today)
           and coalesce(p.arrival_date, pe.date) >= local_today
         order by extensions.ll_to_earth(p.lat, p.lng) operator(extensions.<->) origin
         limit walk
      ),
      next_visits as (
        -- One marker per place: its next visit. A stop without a route point is a place of its own.
        select n.id, n.d, n.visit_date from nearest n where n.route_point_id is null
        union all
        select v.id, v.d, v.visit_date
          from (select distinct n.route_point_id from nearest n where n.route_point_id is not null) place
          cross join lateral (
            select p.id, extensions.ll_to_earth(p.lat, p.lng) operator(extensions.<->) origin as d,
                   coalesce(p.arrival_date, pe.date) as visit_date
              from public.plan_event_route_points p
              join public.plan_events pe on pe.tenant_id = p.tenant_id and pe.id = p.plan_event_id
             where p.tenant_id = t.id and p.route_point_id = place.route_point_id and p.depo_id = any (depos)
               and p.lat is not null and p.lng is not null
               and (p.arrival_date is null or p.arrival_date >= local_today)
               and coalesce(p.arrival_date, pe.date) >= local_today
             order by coalesce(p.arrival_date, pe.date), p.google_estimate_time nulls last
             limit 1
          ) v
      )
      select (select count(*) from nearest),
             (select count(*) from next_visits x where x.d < (select max(n.d) from nearest n)),
             (select array_agg(x.id order by x.d, x.visit_date) from next_visits x)
        into walked, inside, chosen;
      exit when walked < walk or inside >= wanted;
      walk := walk * 4;
    end loop;
    chosen := chosen[1:wanted];
  end if;

  return query
  select p.id, p.uuid, p.address, p.lat, p.lng,
         app_private.meters_between(near_lat, near_lng, p.lat, p.lng),
         p.original_google_estimate_time, p.google_estimate_time, coalesce(p.arrival_date, pe.date), p.position,
         p.point_visited, p.plan_event_id, pe.date, p.depo_id, d.title, r.name,
         nullif(btrim(concat_ws(' ', sp.first_name, sp.last_name)), ''),
         c.mobile_number, c.internal_number, c.plate_number
    from public.plan_event_route_points p
    join public.plan_events pe on pe.tenant_id = p.tenant_id and pe.id = p.plan_event_id
    join public.depos d on d.tenant_id = p.tenant_id and d.id = p.depo_id
    join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    join public.cars c on c.tenant_id = pe.tenant_id and c.id = pe.car_id
    left join public.staff_profiles sp on sp.user_id = pe.user_id
   where p.tenant_id = t.id and p.id = any (coalesce(chosen, '{}'))
   order by app_private.meters_between(near_lat, near_lng, p.lat, p.lng), coalesce(p.arrival_date, pe.date)
   limit wanted;
end;
$$;
