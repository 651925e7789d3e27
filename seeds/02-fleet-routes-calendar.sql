-- Cars, cash registers, stop types, routes of 20-60 stops along real towns, and plan events for this
-- week and the next with their stops and estimates.

-- Twelve cars per tenant, spread over the depos.
insert into public.cars (tenant_id, depo_id, internal_number, mobile_number, plate_number, axapta_code, franchise_car, mapon_car_id,
                         latest_location_lat, latest_location_lng, latest_location_updated_at, last_synced_at)
select t.id, d.id, format('%s-%s', upper(left(t.slug, 2)), lpad(n::text, 3, '0')),
       coalesce(t.phone_prefix, '+00') || (20000000 + pg_temp.rint(t.slug || n || 'phone', 0, 9999999))::text,
       upper(substr(md5(t.slug || n), 1, 2)) || ' ' || (10000 + pg_temp.rint(t.slug || n || 'plate', 0, 89999))::text,
       'CAR' || n, n % 5 = 0, (100000 + n)::text,
       d.address_lat + (pg_temp.rnd(t.slug || n || 'lat') - 0.5) * 0.1, d.address_lng + (pg_temp.rnd(t.slug || n || 'lng') - 0.5) * 0.1,
       now() - make_interval(mins => n), now() - interval '1 hour'
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
                    order by s.town offset (n - 1) % (select count(*) from seed_town_list x where x.tenant = t.slug and x.depo = d.title) limit 1) town;

-- 20 to 60 stops per route, scattered within a few kilometres of the route's town, numbered by position.
insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, sales_count, wait_time, arrival_time, private_comment, point_type, separator)
select r.tenant_id, r.id, r.depo_id, p,
       format('%s %s, %s', (array['Skolevej','Kirkevej','Møllevej','Parkvej','Engvej','Skovvej','Bakkevej','Strandvej','Solvej','Birkevej'])[1 + (p % 10)],
              pg_temp.rint(r.id || 'no' || p, 1, 120), town.town),
       town.lat + (pg_temp.rnd(r.id || 'lat' || p) - 0.5) * 0.06,
       town.lng + (pg_temp.rnd(r.id || 'lng' || p) - 0.5) * 0.1,
       pg_temp.rint(r.id || 'sales' || p, 0, 9),
       (array[0.08, 0.17, 0.25])[1 + (p % 3)],
       time '09:00' + make_interval(mins => p * 9),
       case when p % 7 = 0 then 'Ring on the bell' end,
       'stop', false
from public.routes r
join public.tenants t on t.id = r.tenant_id
join lateral (select * from seed_town_list s where s.tenant = t.slug and r.name like s.town || ' %' limit 1) town on true
cross join lateral generate_series(1, pg_temp.rint('stops' || r.id, 20, 60)) p;

-- Plan events Monday to Saturday of this week and the next: each car drives one of its depo's routes with its own driver.
create temporary table seed_car_driver on commit drop as
select cars.tenant_id, cars.car_id, cars.depo_id, drivers.user_id, cars.no
from (select c.tenant_id, c.id as car_id, c.depo_id, row_number() over (partition by c.depo_id order by c.id) as no from public.cars c) cars
join (select md.depo_id, md.user_id, row_number() over (partition by md.depo_id order by p.email) as no
      from public.membership_depos md
      join public.tenant_memberships tm on tm.tenant_id = md.tenant_id and tm.user_id = md.user_id and tm.role = 'driver' and tm.status = 'active'
      join public.staff_profiles p on p.user_id = md.user_id) drivers
  on drivers.depo_id = cars.depo_id and drivers.no = cars.no;

create temporary table seed_depo_routes on commit drop as
select r.tenant_id, r.depo_id, r.id as route_id, row_number() over (partition by r.depo_id order by r.id) as no,
       count(*) over (partition by r.depo_id) as n
from public.routes r;

insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour, start_at_min, started_at)
select cd.tenant_id, cd.depo_id, day, dr.route_id, cd.user_id, cd.car_id, 8, 30,
       case when day < current_date then day + time '08:30' end
from seed_car_driver cd
cross join generate_series(date_trunc('week', current_date)::date, date_trunc('week', current_date)::date + 12, interval '1 day') g(day_ts)
cross join lateral (select g.day_ts::date as day) dd
join seed_depo_routes dr on dr.depo_id = cd.depo_id
 and dr.no = 1 + ((cd.no - 1 + (dd.day - date_trunc('week', current_date)::date)) % dr.n)
where extract(isodow from dd.day) <> 7;

-- The first car of each depo drives its Monday route every week as a series.
insert into public.plan_event_series (tenant_id, depo_id, start_date, end_date, recurrence_interval)
select distinct pe.tenant_id, pe.depo_id, date_trunc('week', current_date)::date, date_trunc('week', current_date)::date + 56, 7
from public.plan_events pe;
update public.plan_events pe set series_id = s.id
from public.plan_event_series s, seed_car_driver cd
where s.depo_id = pe.depo_id and cd.car_id = pe.car_id and cd.no = 1 and extract(isodow from pe.date) = 1;

-- The stops of each planned event, with estimates from the start time and the wait times before them.
insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng,
                                            original_google_estimate_time, google_estimate_time, arrival_date, point_visited, visited_at)
select pe.tenant_id, pe.id, rp.id, pe.depo_id, rp.position, rp.address, rp.lat, rp.lng,
       eta.at, eta.at + make_interval(mins => pg_temp.rint(pe.id || 'drift' || rp.position, -5, 10)), pe.date,
       case when pe.date < current_date then pg_temp.rnd(pe.id || 'visited' || rp.position) > 0.1 end,
       case when pe.date < current_date and pg_temp.rnd(pe.id || 'visited' || rp.position) > 0.1 then eta.at end
from public.plan_events pe
join public.route_points rp on rp.tenant_id = pe.tenant_id and rp.route_id = pe.route_id
cross join lateral (select (pe.date + make_time(pe.start_at_hour, pe.start_at_min, 0) + make_interval(mins => 20 + rp.position * 9))
                           at time zone (select t.time_zone from public.tenants t where t.id = pe.tenant_id) as at) eta;

-- The latest known position of each car, as the GPS feed would have left it.
insert into public.car_positions (tenant_id, car_id, depo_id, recorded_at, lat, lng, speed_kmh, heading)
select c.tenant_id, c.id, c.depo_id, now() - make_interval(mins => k * 2), c.latest_location_lat + k * 0.001, c.latest_location_lng - k * 0.001, 25, 90
from public.cars c cross join generate_series(0, 2) k;
