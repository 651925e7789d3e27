-- Cars, cash registers, stop types, routes of 20-60 stops along real towns, and the calendar around the
-- anchor (pg_temp.seed_now()): 8 weeks of driven trips, today's trips under way, 2 weeks planned ahead.

-- Twelve cars per tenant, spread over the depos.
insert into public.cars (tenant_id, depo_id, internal_number, mobile_number, plate_number, axapta_code, franchise_car, mapon_car_id,
                         latest_location_lat, latest_location_lng, latest_location_updated_at, last_synced_at)
select t.id, d.id, format('%s-%s', upper(left(t.slug, 2)), lpad(n::text, 3, '0')),
       coalesce(t.phone_prefix, '+00') || (20000000 + pg_temp.rint(t.slug || n || 'phone', 0, 9999999))::text,
       upper(substr(md5(t.slug || n), 1, 2)) || ' ' || (10000 + pg_temp.rint(t.slug || n || 'plate', 0, 89999))::text,
       'CAR' || n, n % 5 = 0, (100000 + n)::text,
       d.address_lat + (pg_temp.rnd(t.slug || n || 'lat') - 0.5) * 0.1, d.address_lng + (pg_temp.rnd(t.slug || n || 'lng') - 0.5) * 0.1,
       pg_temp.seed_now() - make_interval(mins => n), pg_temp.seed_now() - interval '1 hour'
from public.tenants t
cross join generate_series(1, 12) n
cross join lateral (select d.* from public.depos d where d.tenant_id = t.id order by d.id
                    offset (n - 1) % (select count(*) from public.depos x where x.tenant_id = t.id) limit 1) d
where not t.is_public;

insert into public.cash_registers (tenant_id, depo_id, name)
select d.tenant_id, d.id, format('Kasse %s %s', d.title, n) from public.depos d cross join generate_series(1, 2) n;

insert into public.stop_types (tenant_id, stop_type, wait_time)
select t.id, s.stop_type, s.wait_time from public.tenants t
cross join (values ('Residential', 0.08), ('Business', 0.25), ('School', 0.5)) s(stop_type, wait_time)
where not t.is_public;

-- 11 routes per depo (33 per tenant, 22 in Romania's two depos + 11 more below), each around one of the depo's towns.
insert into public.routes (tenant_id, depo_id, name, route_type, should_approve, administration_time, eod_administration_time,
                           first_stop_arrival_time, last_stop_arrival_time, route_duration, start_address, end_address,
                           start_lat, start_lng, end_lat, end_lng, should_leave_at_time, return_to_depo, radius, tag, minimum_efficient_sales_count)
select d.tenant_id, d.id, format('%s %s', town.town, coalesce((array['Nord','Syd','Øst','Vest','Centrum','Havn','Skov','Strand','Bakke','Mark','Eng','By'])[n], 'Rute ' || n)),
       case when n % 4 = 0 then 'b2b' else 'home' end,
       case when n % 3 = 0 then 'pending'::public.route_approval else 'approved' end,
       0.5, 0.25, time '09:00', time '17:00', 8, d.address, d.address, d.address_lat, d.address_lng, d.address_lat, d.address_lng,
       time '08:30', true, 3000, case when n % 2 = 0 then 'summer' end, 3
from public.depos d
join public.tenants t on t.id = d.tenant_id
cross join generate_series(1, case when t.slug = 'romania' then 16 else 11 end) n
cross join lateral (select * from seed_town_list s where s.tenant = t.slug and s.depo = d.title
                    order by s.town offset (n - 1) % (select count(*) from seed_town_list x where x.tenant = t.slug and x.depo = d.title) limit 1) town
-- In a fixed order (the tenants as inserted above, then depo and number): the route ids, and the stop addresses
-- derived from them, must not depend on the join order the planner happens to pick.
order by array_position(array['hjem-is', 'den-norske-isbilen', 'romania'], t.slug), d.id, n;

-- 20 to 60 stops per route, scattered within a few kilometres of the route's town, numbered by position. Coastal
-- towns scatter around a point inland, some over a smaller area (seed_land_areas), so no stop lies in the sea or a
-- fjord: each area lies wholly on the offline base map's land (Natural Earth 1:10m), checked on a 13×13 grid.
create temporary table seed_land_areas (town text primary key, lat double precision, lng double precision, spread double precision);
insert into seed_land_areas values
  ('Roskilde', 55.6295, 12.0803, 0.8), ('Køge', 55.4500, 12.1641, 0.8), ('Aarhus', 56.1629, 10.1739, 0.8),
  ('Horsens', 55.8607, 9.8263, 0.8), ('Svendborg', 55.0918, 10.6068, 0.8), ('Middelfart', 55.5059, 9.7725, 0.8),
  ('Nyborg', 55.3287, 10.7536, 0.8), ('Oslo', 59.9259, 10.7582, 0.8), ('Drammen', 59.7520, 10.1865, 0.8),
  ('Bergen', 60.3913, 5.3401, 0.8), ('Os', 60.2069, 5.4201, 0.8), ('Knarvik', 60.5827, 5.2819, 0.6),
  ('Trondheim', 63.4185, 10.3891, 0.8), ('Stjørdal', 63.4700, 10.9545, 0.8), ('Melhus', 63.2850, 10.3200, 0.8);
insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, sales_count, wait_time, arrival_time, private_comment, point_type, separator)
select r.tenant_id, r.id, r.depo_id, p,
       format('%s %s, %s', (array['Skolevej','Kirkevej','Møllevej','Parkvej','Engvej','Skovvej','Bakkevej','Strandvej','Solvej','Birkevej'])[1 + (p % 10)],
              pg_temp.rint(r.id || 'no' || p, 1, 120), town.town),
       coalesce(area.lat, town.lat) + (pg_temp.rnd(r.id || 'lat' || p) - 0.5) * 0.06 * coalesce(area.spread, 1),
       coalesce(area.lng, town.lng) + (pg_temp.rnd(r.id || 'lng' || p) - 0.5) * 0.1 * coalesce(area.spread, 1),
       pg_temp.rint(r.id || 'sales' || p, 0, 9),
       (array[0.08, 0.17, 0.25])[1 + (p % 3)],
       time '09:00' + make_interval(mins => p * 9),
       case when p % 7 = 0 then 'Ring on the bell' end,
       'stop', false
from public.routes r
join public.tenants t on t.id = r.tenant_id
join lateral (select * from seed_town_list s where s.tenant = t.slug and r.name like s.town || ' %' limit 1) town on true
left join seed_land_areas area on area.town = town.town and t.slug <> 'romania'
cross join lateral generate_series(1, pg_temp.rint('stops' || r.id, 20, 60)) p;

-- Each car has its own driver: the depo's n-th car goes with its n-th driver.
create temporary table seed_car_driver as
select cars.tenant_id, cars.car_id, cars.depo_id, drivers.user_id, cars.no
from (select c.tenant_id, c.id as car_id, c.depo_id, row_number() over (partition by c.depo_id order by c.id) as no from public.cars c) cars
join (select md.depo_id, md.user_id, row_number() over (partition by md.depo_id order by p.email) as no
      from public.membership_depos md
      join public.tenant_memberships tm on tm.tenant_id = md.tenant_id and tm.user_id = md.user_id and tm.role = 'driver' and tm.status = 'active'
      join public.staff_profiles p on p.user_id = md.user_id) drivers
  on drivers.depo_id = cars.depo_id and drivers.no = cars.no;

create temporary table seed_depo_routes as
select r.tenant_id, r.depo_id, r.id as route_id, row_number() over (partition by r.depo_id order by r.id) as no,
       count(*) over (partition by r.depo_id) as n,
       (select count(*) from public.route_points rp where rp.route_id = r.id) as stops
from public.routes r;

-- Each tenant's clock at the anchor: its own date ("today") and that date's local midnights.
create temporary table seed_clock as
select t.id as tenant_id, d.today, pg_temp.seed_now() as now,
       pg_temp.seed_at(t.id, d.today, time '00:00') as day_start,
       pg_temp.seed_at(t.id, d.today + 1, time '00:00') as day_end
from public.tenants t cross join lateral (select pg_temp.seed_today(t.id) as today) d
where not t.is_public;

-- One trip per car and day, from 8 weeks before this week to 2 weeks after today; none on Sundays but
-- today, so there is always a today. The depo's first car drives route 1 every Monday (a weekly series);
-- the other trips rotate over the depo's other routes, so no route is driven twice a day.
-- state: done (driven), mid (under way), planned (not started). Stops lie in [s, p] (first half) and
-- [p, e] (second half): 9 minutes apart from about 08:30 on other days; today, fitted around the tenant's
-- local now and inside its date, with a third of each depo's cars done, under way and not started.
create temporary table seed_trips as
with days as (
  select cd.*, c.today, c.now, c.day_start, c.day_end, g.day::date as day
  from seed_car_driver cd
  join seed_clock c on c.tenant_id = cd.tenant_id
  cross join generate_series(date_trunc('week', c.today)::date - 56, c.today + 14, interval '1 day') g(day)
  where (extract(isodow from g.day) <> 7 or g.day::date = c.today)
    -- Every car within a week of today; further out only the first car (the series' car), to keep loading quick.
    and (cd.no = 1 or g.day::date between c.today - 7 and c.today + 7)
), routed as (
  select d.*, dr.route_id, dr.stops,
         case when d.day < d.today then 'done' when d.day > d.today then 'planned'
              else (array['planned', 'done', 'mid'])[1 + d.no % 3] end as state
  from days d
  join seed_depo_routes dr on dr.depo_id = d.depo_id
   and dr.no = case when d.no = 1 and extract(isodow from d.day) = 1 then 1
                    else 2 + (d.no - 1 + (d.day - date '2000-01-03')) % (dr.n - 1) end
), windowed as (
  select r.*,
         case when r.day <> r.today
                then pg_temp.seed_at(r.tenant_id, r.day, time '08:30')
                     + case when r.state = 'done' then make_interval(mins => pg_temp.rint(r.car_id || 'late' || r.day, 0, 20)) else interval '0' end
              when r.state = 'done' then greatest(r.day_start, r.now - interval '8 hours')
              when r.state = 'mid' then greatest(r.day_start, r.now - interval '3 hours')
              else r.now + least(interval '1 hour', (r.day_end - r.now) / 3) end as s
  from routed r
)
select w.tenant_id, w.depo_id, w.car_id, w.user_id, w.no, w.day, w.route_id, w.stops, w.state, w.s, x.e,
       case when w.state = 'mid' then w.now else w.s + (x.e - w.s) / 2 end as p,
       null::bigint as plan_event_id
from windowed w
cross join lateral (select case when w.day <> w.today then w.s + make_interval(mins => 9 * (w.stops::int + 1))
                                when w.state = 'done' then w.s + (w.now - w.s) * 0.95
                                when w.state = 'mid' then w.now + least(interval '3 hours', w.day_end - w.now)
                                else least(w.day_end, w.s + interval '8 hours') end as e) x;

insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour, start_at_min, started_at)
select t.tenant_id, t.depo_id, t.day, t.route_id, t.user_id, t.car_id,
       extract(hour from t.s at time zone tz.time_zone), extract(minute from t.s at time zone tz.time_zone),
       case when t.state <> 'planned' then t.s end
from seed_trips t join public.tenants tz on tz.id = t.tenant_id
order by t.tenant_id, t.day, t.depo_id, t.no;
update seed_trips t set plan_event_id = pe.id
from public.plan_events pe where pe.tenant_id = t.tenant_id and pe.user_id = t.user_id and pe.date = t.day;

-- The first car of each depo drives route 1 every Monday, as a weekly series spanning the calendar.
insert into public.plan_event_series (tenant_id, depo_id, start_date, end_date, recurrence_interval)
select t.tenant_id, t.depo_id, min(t.day), max(t.day) + 28, 7
from seed_trips t where t.no = 1 and extract(isodow from t.day) = 1
group by t.tenant_id, t.depo_id order by t.tenant_id, t.depo_id;
update public.plan_events pe set series_id = s.id
from seed_trips t, public.plan_event_series s
where t.plan_event_id = pe.id and t.no = 1 and extract(isodow from t.day) = 1 and s.tenant_id = t.tenant_id and s.depo_id = t.depo_id;

-- The stops of each trip with their estimates; stops already passed were visited (arrival time) or, one
-- in ten, skipped.
insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng,
                                            original_google_estimate_time, google_estimate_time, arrival_date, point_visited, visited_at,
                                            actual_arrival_time)
select t.tenant_id, t.plan_event_id, rp.id, t.depo_id, rp.position, rp.address, rp.lat, rp.lng,
       eta.at, eta.at + make_interval(mins => pg_temp.rint(t.plan_event_id || 'drift' || rp.position, -5, 10)), t.day,
       case when v.reached then v.visited end,
       case when v.reached and v.visited then eta.at end,
       case when v.reached and v.visited then eta.at end
from seed_trips t
join public.route_points rp on rp.tenant_id = t.tenant_id and rp.route_id = t.route_id
cross join lateral (select t.stops::int / 2 as half) h
cross join lateral (select case when rp.position <= h.half then t.s + (t.p - t.s) * (rp.position::float8 / (h.half + 1))
                                else t.p + (t.e - t.p) * ((rp.position - h.half)::float8 / (t.stops - h.half + 1)) end as at) eta
cross join lateral (select t.state = 'done' or (t.state = 'mid' and eta.at <= t.p) as reached,
                           pg_temp.rnd(t.plan_event_id || 'visited' || rp.position) > 0.1 as visited) v;

-- The latest known position of each car, as the GPS feed would have left it.
insert into public.car_positions (tenant_id, car_id, depo_id, recorded_at, lat, lng, speed_kmh, heading)
select c.tenant_id, c.id, c.depo_id, pg_temp.seed_now() - make_interval(mins => k * 2), c.latest_location_lat + k * 0.001, c.latest_location_lng - k * 0.001, 25, 90
from public.cars c cross join generate_series(0, 2) k;
