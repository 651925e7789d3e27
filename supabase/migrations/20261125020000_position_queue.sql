-- Live positions, fast path and queue (issue 9, figure: 500 trucks every 5 s, 2,000 subscribers, p95 from
-- write to subscriber <= 250 ms). Until now the statement trigger of car_positions did everything a batch
-- causes inside the insert: the subscribers got a fix only once the visits, trail, car_not_moving, the cars'
-- latest location and their live-list broadcasts were done. Now:
--   * the insert trigger only broadcasts the fixes (the same topics, events and payloads as before: staff one
--     message per depo `depo:<id>:car_positions` 'positions', the public one per car on the road today
--     `car:<id>:position` 'position') and copies them to app_private.car_position_queue;
--   * app_private.drain_car_position_queue(), run every second by cron, does the rest (latest location and
--     last_synced_at, trail, visits, car_not_moving, trip start and end) with the rules of
--     20261124020100_live_positions.sql.
-- Draining: a drainer claims cars by locking their public.cars row `for no key update skip locked` (the lock
-- its location update takes anyway), so one car's fixes are handled by one drainer at a time and in order,
-- and concurrent drainers share the cars. It deletes the claimed cars' queued fixes in the same transaction
-- that applies them: a drainer that dies rolls back and the fixes wait for the next one. Applying a fix twice
-- changes nothing (a trip skips fixes not newer than its last one; the location moves only forward).
--
-- Trip start (plan_events.started_at, which car_not_moving and the re-estimates need): a not-started plan
-- event starts at the first of its fixes, from its planned start time on, that is more than 50 m from where
-- the trip departs (the route's start, else the depo's address) or within 50 m of one of its stops, whichever
-- comes first. A truck standing at the depo before it sets off neither starts its trip nor counts as not
-- moving; a truck moved around before the planned start (a wash, a refill) does not start it either.
--
-- The cars live list (`depo:<id>:cars`): the drainer moves up to every car of a depo each tick, and a message
-- per car (the row trigger of 20261122021100_live_list_broadcasts.sql) was ~500 messages a tick. The drainer's
-- location update is announced instead with one message per depo (per 35 cars): event 'locations', payload
-- { table: 'cars', cars: [{ id, latest_location_lat, latest_location_lng, latest_location_updated_at,
-- last_synced_at }] }. Every other change of a car is broadcast row by row as before.
--
-- Skips at the end of a trip: receivers still waiting for the SMS of a stop the trip skipped
-- (point_visited = false) are skipped at once with the reason 'stop_skipped' ("the truck passed the stop
-- without stopping"); before, they waited for their send time and read "already visited".

create table app_private.car_position_queue (
  tenant_id uuid not null,
  car_id bigint not null,
  depo_id bigint not null,
  recorded_at timestamptz not null,
  lat double precision not null,
  lng double precision not null,
  primary key (tenant_id, car_id, recorded_at)
);
comment on table app_private.car_position_queue is
  'GPS fixes written but not yet applied to the car and its trip; drained every second by app_private.drain_car_position_queue().';

-- No foreign key (car_positions already checks every fix against its car and depo; a second check a row would
-- cost the insert path again): a deleted car's queued fixes go with it here.
create function app_private.forget_queued_positions_of_deleted_cars() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from app_private.car_position_queue q using old_cars o where q.tenant_id = o.tenant_id and q.car_id = o.id;
  return null;
end;
$$;
revoke execute on function app_private.forget_queued_positions_of_deleted_cars() from public;
create trigger cars_forget_queued_positions after delete on public.cars
  referencing old table as old_cars for each statement execute function app_private.forget_queued_positions_of_deleted_cars();

-- Where a trip departs from, remembered when it is first seen (the route's start, else the depo's address).
alter table app_private.plan_event_trips
  add column departure_lat double precision,
  add column departure_lng double precision;

-- The insert path: broadcasts and the queue, nothing else.
create or replace function app_private.on_car_positions_inserted() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Written as realtime.send() writes them, in one statement per kind (send() opens a subtransaction a call).
  insert into realtime.messages (id, payload, event, topic, private, extension)
  select m.id, m.payload || jsonb_build_object('id', m.id), m.event, m.topic, true, 'broadcast'
  from (
    -- Public: each car on the road today, its newest fix. First: these small messages travel inside their
    -- notification, while a depo's batch is too big for one and is read back by id, which holds up the
    -- deliveries behind it.
    select 1 as kind, gen_random_uuid() as id, 'position' as event, format('car:%s:position', l.car_id) as topic,
           jsonb_build_object('car_id', l.car_id, 'recorded_at', l.recorded_at, 'lat', l.lat, 'lng', l.lng,
                              'speed_kmh', l.speed_kmh, 'heading', l.heading) as payload
      from (select distinct on (n.tenant_id, n.car_id) n.* from new_positions n order by n.tenant_id, n.car_id, n.recorded_at desc) l
      join public.tenants t on t.id = l.tenant_id
     where exists (select 1 from public.plan_events pe
                    where pe.tenant_id = l.tenant_id and pe.car_id = l.car_id
                      and (now() at time zone t.time_zone)::date between pe.date and pe.date + pe.day_span - 1)
    union all
    -- Staff: every fix of the batch, one message per depo.
    select 2, gen_random_uuid(), 'positions', format('depo:%s:car_positions', b.depo_id), jsonb_build_object('positions', b.positions)
      from (select n.depo_id,
                   jsonb_agg(jsonb_build_object('car_id', n.car_id, 'recorded_at', n.recorded_at, 'lat', n.lat, 'lng', n.lng,
                                                'speed_kmh', n.speed_kmh, 'heading', n.heading) order by n.recorded_at) as positions
              from new_positions n group by n.depo_id) b
  ) m
  order by m.kind;

  insert into app_private.car_position_queue (tenant_id, car_id, depo_id, recorded_at, lat, lng)
  select n.tenant_id, n.car_id, n.depo_id, n.recorded_at, n.lat, n.lng from new_positions n
  on conflict do nothing;
  return null;
end;
$$;
revoke execute on function app_private.on_car_positions_inserted() from public;

-- Stops whose SMS can no longer be useful because the trip skipped them: their waiting receivers are skipped.
create function app_private.skip_receivers_of_skipped_stops(p_stop_ids bigint[]) returns void
language sql security definer set search_path = '' as $$
  update public.sms_receivers r
     set sms_sent_skipped_at = now(), reason_of_sms_skip = 'stop_skipped',
         full_description_of_sms_skip = app_private.sms_skip_description(array['stop_skipped'])
    from public.plan_event_route_points p
   where p.id = any (p_stop_ids) and p.point_visited = false and r.plan_event_route_point_id = p.id
     and r.sms_queued_at is null and r.sms_sent_at is null and r.sms_sent_skipped_at is null;
$$;
revoke execute on function app_private.skip_receivers_of_skipped_stops(bigint[]) from public;

create or replace function app_private.sms_skip_description(reasons text[]) returns text
language sql immutable set search_path = '' as $$
  select string_agg(case r
    when 'no_sms_permission' then 'the customer has no SMS permission'
    when 'unsubscribed' then 'the customer unsubscribed from this stop'
    when 'sms_stopped' then 'SMS was stopped for this plan event'
    when 'point_visited' then 'the truck has already visited the stop'
    when 'stop_skipped' then 'the truck passed the stop without stopping'
    when 'invalid_phone' then 'the phone number is not valid'
    when 'too_late' then 'the truck arrives too soon for the SMS to be useful'
    else r end, ', ' order by ord)
  from unnest(reasons) with ordinality u(r, ord);
$$;

-- As in 20261124020100_live_positions.sql, and the skipped stops' receivers are skipped with their reason.
create or replace function app_private.finish_trip(p_tenant_id uuid, p_plan_event_id bigint, finished_at timestamptz) returns void
language plpgsql security definer set search_path = '' as $$
declare
  passed bigint[] := coalesce((select t.passed_stop_ids from app_private.plan_event_trips t
                                where t.tenant_id = p_tenant_id and t.plan_event_id = p_plan_event_id), '{}');
  last_visited integer := (select max(s.position) from public.plan_event_route_points s
                            where s.tenant_id = p_tenant_id and s.plan_event_id = p_plan_event_id and s.point_visited);
  skipped bigint[];
begin
  update public.plan_events set trip_finished_at = finished_at, car_not_moving = false
   where tenant_id = p_tenant_id and id = p_plan_event_id and trip_finished_at is null;
  with newly_skipped as (
    update public.plan_event_route_points s set point_visited = false
     where s.tenant_id = p_tenant_id and s.plan_event_id = p_plan_event_id and s.point_visited is null
       and (s.id = any (passed) or s.position < last_visited)
    returning s.id
  ) select array_agg(k.id) into skipped from newly_skipped k;
  if skipped is not null then
    perform app_private.skip_receivers_of_skipped_stops(skipped);
  end if;
  delete from app_private.plan_event_trips where tenant_id = p_tenant_id and plan_event_id = p_plan_event_id;
end;
$$;

create or replace function app_private.finish_overdue_trips() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  n integer;
  skipped_ids bigint[];
begin
  with due as (
    select pe.tenant_id, pe.id, ((pe.date + pe.day_span)::timestamp at time zone t.time_zone) as day_end
    from public.plan_events pe join public.tenants t on t.id = pe.tenant_id
    where pe.trip_finished_at is null and pe.date < (now() at time zone t.time_zone)::date
      and ((pe.date + pe.day_span)::timestamp at time zone t.time_zone) <= now()
      and (pe.started_at is not null
           or exists (select 1 from app_private.plan_event_trips x where x.tenant_id = pe.tenant_id and x.plan_event_id = pe.id))
  ), skipped as (
    update public.plan_event_route_points s set point_visited = false
      from due left join app_private.plan_event_trips x on x.tenant_id = due.tenant_id and x.plan_event_id = due.id
     where s.tenant_id = due.tenant_id and s.plan_event_id = due.id and s.point_visited is null
       and (s.id = any (coalesce(x.passed_stop_ids, '{}'))
            or s.position < (select max(v.position) from public.plan_event_route_points v
                              where v.tenant_id = due.tenant_id and v.plan_event_id = due.id and v.point_visited))
    returning s.id
  ), forgotten as (
    delete from app_private.plan_event_trips x using due where x.tenant_id = due.tenant_id and x.plan_event_id = due.id
    returning 1
  ), finished as (
    update public.plan_events e set trip_finished_at = due.day_end, car_not_moving = false
      from due where e.tenant_id = due.tenant_id and e.id = due.id
    returning 1
  )
  select (select count(*) from finished), (select array_agg(k.id) from skipped k) into n, skipped_ids;
  if skipped_ids is not null then
    perform app_private.skip_receivers_of_skipped_stops(skipped_ids);
  end if;
  return n;
end;
$$;

-- A due receiver of a skipped stop (one the trip end has not reached yet, e.g. skipped by hand) gets the same
-- reason; otherwise as in 20261124050100_sms_dispatch.sql.
create or replace function public.sms_enqueue_due(max_rows integer default 500) returns integer
language plpgsql set search_path = '' as $$
declare
  too_late interval := make_interval(mins => (select s.too_late_minutes from app_private.sms_settings s));
  handled integer;
begin
  with due as (
    select r.id from public.sms_receivers r
     where r.sms_queued_at is null and r.sms_sent_at is null and r.sms_sent_skipped_at is null and r.sms_should_send_at <= now()
     order by r.sms_should_send_at
     limit max_rows
     for update of r skip locked
  ), facts as (
    select r.id, r.tenant_id, r.depo_id, r.customer_id, r.plan_event_route_point_id, p.plan_event_id, p.google_estimate_time,
           app_private.sms_e164(c.phone, t.phone_prefix) as phone,
           coalesce(nullif(d.sms_text, ''), 'The truck arrives soon.') || ' ' || app_private.sms_tracking_url(t.slug, p.uuid, c.uuid) as text,
           array_remove(array[
             case when not c.sms_permission then 'no_sms_permission' end,
             case when exists (select 1 from public.stop_subscriptions s
                                where s.tenant_id = r.tenant_id and s.customer_id = r.customer_id
                                  and s.route_point_id = p.route_point_id and s.unsubscribed_at is not null) then 'unsubscribed' end,
             case when pe.sms_stopped_at is not null or r.sms_stopped_at is not null then 'sms_stopped' end,
             case when p.point_visited then 'point_visited' when not p.point_visited then 'stop_skipped' end,
             case when app_private.sms_e164(c.phone, t.phone_prefix) is null then 'invalid_phone' end,
             case when p.google_estimate_time < now() + too_late then 'too_late' end
           ], null) as reasons
      from due
      join public.sms_receivers r on r.id = due.id
      join public.customers c on c.id = r.customer_id
      join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
      join public.plan_events pe on pe.id = p.plan_event_id
      join public.tenants t on t.id = r.tenant_id
      join public.depos d on d.id = r.depo_id
  ), queued as (
    insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, sms_receiver_id, customer_id, plan_event_id,
                                   plan_event_route_point_id, phone, text)
    select f.tenant_id, f.depo_id, 'arrival:' || f.id, 'arrival', f.id, f.customer_id, f.plan_event_id, f.plan_event_route_point_id, f.phone, f.text
      from facts f where cardinality(f.reasons) = 0
    on conflict (dedup_key) do nothing
    returning 1
  ), marked as (
    update public.sms_receivers r
       set sms_queued_at = now(),
           sms_estimate_at_send = case when cardinality(f.reasons) = 0 then f.google_estimate_time end,
           sms_sent_skipped_at = case when cardinality(f.reasons) > 0 then now() end,
           reason_of_sms_skip = f.reasons[1],
           full_description_of_sms_skip = case when cardinality(f.reasons) > 0 then app_private.sms_skip_description(f.reasons) end
      from facts f where r.id = f.id
    returning 1
  )
  select count(*) into handled from marked;
  return handled;
end;
$$;

-- As in 20261124020100_live_positions.sql, plus the trip start (see the top of this file): the outcome also
-- carries started_at when this batch started the trip.
create or replace function app_private.advance_trip(p_tenant_id uuid, p_plan_event_id bigint, fixes app_private.trip_fix[]) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  pe record;
  st app_private.plan_event_trips;
  f app_private.trip_fix;
  trail text := '';
  trail_points integer := 0;
  lat5 integer;
  lng5 integer;
  not_moving boolean;
  last_position integer;
  stop record;
  finished_at timestamptz;
  started_at timestamptz;
  started_now timestamptz;
  visited_now bigint[] := '{}';
  visits jsonb := '[]';
  departures jsonb := '[]';
begin
  select e.started_at, e.car_not_moving, e.trip_finished_at,
         ((e.date + make_time(e.start_at_hour, e.start_at_min, 0)) at time zone t.time_zone) as planned_start
    into pe
    from public.plan_events e join public.tenants t on t.id = e.tenant_id
   where e.tenant_id = p_tenant_id and e.id = p_plan_event_id for no key update of e;
  if pe.trip_finished_at is not null then
    return null;
  end if;
  insert into app_private.plan_event_trips (tenant_id, plan_event_id, departure_lat, departure_lng)
  select p_tenant_id, p_plan_event_id,
         case when r.start_lat is not null and r.start_lng is not null then r.start_lat else d.address_lat end,
         case when r.start_lat is not null and r.start_lng is not null then r.start_lng else d.address_lng end
    from public.plan_events e
    join public.depos d on d.tenant_id = e.tenant_id and d.id = e.depo_id
    left join public.routes r on r.tenant_id = e.tenant_id and r.id = e.route_id
   where e.tenant_id = p_tenant_id and e.id = p_plan_event_id
  on conflict do nothing;
  select * into st from app_private.plan_event_trips t where t.tenant_id = p_tenant_id and t.plan_event_id = p_plan_event_id;
  not_moving := pe.car_not_moving;
  started_at := pe.started_at;
  last_position := (select max(s.position) from public.plan_event_route_points s where s.tenant_id = p_tenant_id and s.plan_event_id = p_plan_event_id);

  foreach f in array fixes loop
    continue when st.last_fix_at is not null and f.recorded_at <= st.last_fix_at;
    st.last_fix_at := f.recorded_at;

    if started_at is null and f.recorded_at >= pe.planned_start
       and (cardinality(f.near_stop_ids) > 0
            or (st.departure_lat is not null and st.departure_lng is not null
                and app_private.meters_between(st.departure_lat, st.departure_lng, f.lat, f.lng) > app_private.stop_radius_m())) then
      started_at := f.recorded_at;
      started_now := f.recorded_at;
      -- Standing still counts from the start: time parked at the depo before it is not "not moving".
      st.anchor_lat := f.lat;
      st.anchor_lng := f.lng;
      st.anchor_at := f.recorded_at;
    end if;

    lat5 := round(f.lat * 1e5)::integer;
    lng5 := round(f.lng * 1e5)::integer;
    if st.trail_lat_e5 is null
       or app_private.meters_between(st.trail_lat_e5 / 1e5, st.trail_lng_e5 / 1e5, f.lat, f.lng) >= 10 then
      trail := trail || app_private.polyline_value(lat5 - coalesce(st.trail_lat_e5, 0)) || app_private.polyline_value(lng5 - coalesce(st.trail_lng_e5, 0));
      trail_points := trail_points + 1;
      st.trail_lat_e5 := lat5;
      st.trail_lng_e5 := lng5;
    end if;

    if st.anchor_at is null or app_private.meters_between(st.anchor_lat, st.anchor_lng, f.lat, f.lng) > app_private.stop_radius_m() then
      st.anchor_lat := f.lat;
      st.anchor_lng := f.lng;
      st.anchor_at := f.recorded_at;
      not_moving := false;
    elsif started_at is not null and f.recorded_at - st.anchor_at >= app_private.car_not_moving_after() then
      not_moving := true;
    end if;

    if st.stop_id is not null then
      if st.stop_id = any (f.near_stop_ids) then
        if not st.stop_id = any (visited_now) and f.recorded_at - st.stop_entered_at >= app_private.stop_dwell() then
          visits := visits || jsonb_build_object('tenant_id', p_tenant_id, 'id', st.stop_id, 'visited_at', f.recorded_at, 'arrival', st.stop_entered_at);
          visited_now := visited_now || st.stop_id;
        end if;
      else
        select s.id, s.position, s.point_visited, s.actual_arrival_time into stop
          from public.plan_event_route_points s where s.tenant_id = p_tenant_id and s.id = st.stop_id;
        if stop.point_visited or stop.id = any (visited_now) then
          departures := departures || jsonb_build_object('tenant_id', p_tenant_id, 'id', stop.id, 'left_at', f.recorded_at,
                                                         'arrival', coalesce(stop.actual_arrival_time, st.stop_entered_at));
          if stop.position = last_position then
            finished_at := f.recorded_at;
          end if;
        else
          st.passed_stop_ids := st.passed_stop_ids || stop.id;
        end if;
        st.stop_id := null;
        st.stop_entered_at := null;
        exit when finished_at is not null;
      end if;
    end if;
    if st.stop_id is null then
      st.stop_id := (select x from unnest(f.near_stop_ids) with ordinality u(x, o) where not x = any (visited_now) order by o limit 1);
      st.stop_entered_at := case when st.stop_id is not null then f.recorded_at end;
    end if;
  end loop;

  if trail_points > 0 then
    if st.trail_chunk_points + trail_points > 500 then
      st.trail_chunk := st.trail_chunk + 1;
      st.trail_chunk_points := 0;
    end if;
    insert into app_private.plan_event_trail_chunks as c (tenant_id, plan_event_id, chunk, encoded, points)
    values (p_tenant_id, p_plan_event_id, st.trail_chunk, trail, trail_points)
    on conflict (tenant_id, plan_event_id, chunk) do update set encoded = c.encoded || excluded.encoded, points = c.points + excluded.points;
    st.trail_chunk_points := st.trail_chunk_points + trail_points;
  end if;

  update app_private.plan_event_trips t
     set last_fix_at = st.last_fix_at, trail_lat_e5 = st.trail_lat_e5, trail_lng_e5 = st.trail_lng_e5,
         trail_chunk = st.trail_chunk, trail_chunk_points = st.trail_chunk_points,
         anchor_lat = st.anchor_lat, anchor_lng = st.anchor_lng, anchor_at = st.anchor_at,
         stop_id = st.stop_id, stop_entered_at = st.stop_entered_at, passed_stop_ids = st.passed_stop_ids
   where t.tenant_id = p_tenant_id and t.plan_event_id = p_plan_event_id;
  return jsonb_build_object('visits', visits, 'departures', departures,
                            'not_moving', case when not_moving is distinct from pe.car_not_moving then not_moving end,
                            'started_at', started_now, 'finished_at', finished_at);
end;
$$;

-- The row broadcast of cars stays quiet for the drainer's location update (announced per depo instead).
drop trigger broadcast_changes on public.cars;
create trigger broadcast_changes after insert or update or delete on public.cars
  for each row when (coalesce(current_setting('app_private.applying_positions', true), '') <> 'on')
  execute function app_private.broadcast_row_change();

-- Applies up to max_cars cars' queued fixes (all of each car's, oldest first). Returns how many fixes it took.
create function app_private.drain_car_position_queue(max_cars integer default 2000) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  fixes app_private.car_position_queue[];
  trip record;
  outcome jsonb;
  visits jsonb := '[]';
  departures jsonb := '[]';
  flags jsonb := '[]';
  starts jsonb := '[]';
  finished jsonb := '[]';
begin
  with claimed as (
    select c.tenant_id, c.id from public.cars c
     where (c.tenant_id, c.id) in (select q.tenant_id, q.car_id from app_private.car_position_queue q)
     order by c.tenant_id, c.id
     limit greatest(max_cars, 0)
     for no key update of c skip locked
  ), taken as (
    delete from app_private.car_position_queue q using claimed c where q.tenant_id = c.tenant_id and q.car_id = c.id
    returning q.*
  )
  select array_agg(row(t.tenant_id, t.car_id, t.depo_id, t.recorded_at, t.lat, t.lng)::app_private.car_position_queue
                   order by t.tenant_id, t.car_id, t.recorded_at)
    into fixes from taken t;
  if fixes is null then
    return 0;
  end if;

  -- 1. Latest location (only a newer fix moves it) and the sync time, announced once per depo.
  perform set_config('app_private.applying_positions', 'on', true);
  with moved as (
  update public.cars c
     set latest_location_lat = case when (c.latest_location_updated_at is null or c.latest_location_updated_at <= l.recorded_at) then l.lat else c.latest_location_lat end,
         latest_location_lng = case when (c.latest_location_updated_at is null or c.latest_location_updated_at <= l.recorded_at) then l.lng else c.latest_location_lng end,
         latest_location_updated_at = case when (c.latest_location_updated_at is null or c.latest_location_updated_at <= l.recorded_at) then l.recorded_at else c.latest_location_updated_at end,
         last_synced_at = now()
    from (select distinct on (n.tenant_id, n.car_id) n.tenant_id, n.car_id, n.depo_id, n.recorded_at, n.lat, n.lng
            from unnest(fixes) n order by n.tenant_id, n.car_id, n.recorded_at desc) l
   where c.tenant_id = l.tenant_id and c.id = l.car_id and c.depo_id = l.depo_id
  returning c.id, c.depo_id, c.latest_location_lat, c.latest_location_lng, c.latest_location_updated_at, c.last_synced_at
  )
  -- In pieces of 35 cars (about 7 kB), so each message still travels inside its notification (see above).
  insert into realtime.messages (id, payload, event, topic, private, extension)
  select gen_random_uuid(), jsonb_build_object('table', 'cars', 'cars', jsonb_agg(jsonb_build_object(
           'id', m.id, 'latest_location_lat', m.latest_location_lat, 'latest_location_lng', m.latest_location_lng,
           'latest_location_updated_at', m.latest_location_updated_at, 'last_synced_at', m.last_synced_at) order by m.id)),
         'locations', format('depo:%s:cars', m.depo_id), true, 'broadcast'
    from (select moved.*, (row_number() over (partition by moved.depo_id order by moved.id) - 1) / 35 as piece from moved) m
   group by m.depo_id, m.piece;
  perform set_config('app_private.applying_positions', '', true);

  -- 2. Trips (the rules of 20261124020100_live_positions.sql).
  for trip in
    with cars_ as (
      select n.tenant_id, n.car_id, max(n.recorded_at) as newest from unnest(fixes) n group by n.tenant_id, n.car_id
    ), trips as (
      select pe.tenant_id, pe.id as plan_event_id, pe.car_id, ts.stop_id
      from cars_ c
      join public.tenants t on t.id = c.tenant_id
      cross join lateral (
        select e.tenant_id, e.id, e.car_id from public.plan_events e
         where e.tenant_id = c.tenant_id and e.car_id = c.car_id and e.trip_finished_at is null
           and e.date <= (c.newest at time zone t.time_zone)::date
           and e.date >= (c.newest at time zone t.time_zone)::date - 13
           and (c.newest at time zone t.time_zone)::date <= e.date + e.day_span - 1
         order by e.date, e.start_at_hour, e.start_at_min, e.id limit 1) pe
      left join app_private.plan_event_trips ts on ts.tenant_id = pe.tenant_id and ts.plan_event_id = pe.id
    )
    select tr.tenant_id, tr.plan_event_id,
           array_agg(row(n.recorded_at, n.lat, n.lng,
                         array(select s.id from public.plan_event_route_points s
                                where s.tenant_id = tr.tenant_id and s.plan_event_id = tr.plan_event_id
                                  and (s.point_visited is null or s.id = tr.stop_id) and s.lat is not null and s.lng is not null
                                  and extensions.earth_box(extensions.ll_to_earth(n.lat, n.lng), app_private.stop_radius_m())
                                      operator(extensions.@>) extensions.ll_to_earth(s.lat, s.lng)
                                  and app_private.meters_between(n.lat, n.lng, s.lat, s.lng) <= app_private.stop_radius_m()
                                order by app_private.meters_between(n.lat, n.lng, s.lat, s.lng), s.position)
                        )::app_private.trip_fix order by n.recorded_at) as fixes
    from trips tr join unnest(fixes) n on n.tenant_id = tr.tenant_id and n.car_id = tr.car_id
    group by tr.tenant_id, tr.plan_event_id
  loop
    outcome := app_private.advance_trip(trip.tenant_id, trip.plan_event_id, trip.fixes);
    continue when outcome is null;
    visits := visits || (outcome -> 'visits');
    departures := departures || (outcome -> 'departures');
    if outcome ->> 'not_moving' is not null then
      flags := flags || jsonb_build_object('tenant_id', trip.tenant_id, 'id', trip.plan_event_id, 'not_moving', outcome -> 'not_moving');
    end if;
    if outcome ->> 'started_at' is not null then
      starts := starts || jsonb_build_object('tenant_id', trip.tenant_id, 'id', trip.plan_event_id, 'at', outcome -> 'started_at');
    end if;
    if outcome ->> 'finished_at' is not null then
      finished := finished || jsonb_build_object('tenant_id', trip.tenant_id, 'id', trip.plan_event_id, 'at', outcome -> 'finished_at');
    end if;
  end loop;

  -- 3. The trips' changes, one statement each (visits before departures: a stop can be both).
  if jsonb_array_length(starts) > 0 then
    update public.plan_events e set started_at = (x ->> 'at')::timestamptz
      from jsonb_array_elements(starts) x
     where e.tenant_id = (x ->> 'tenant_id')::uuid and e.id = (x ->> 'id')::bigint and e.started_at is null;
  end if;
  if jsonb_array_length(visits) > 0 then
    update public.plan_event_route_points s
       set point_visited = true, visited_at = (v ->> 'visited_at')::timestamptz, actual_arrival_time = (v ->> 'arrival')::timestamptz
      from jsonb_array_elements(visits) v
     where s.tenant_id = (v ->> 'tenant_id')::uuid and s.id = (v ->> 'id')::bigint and s.point_visited is distinct from true;
  end if;
  if jsonb_array_length(departures) > 0 then
    update public.plan_event_route_points s
       set stop_duration = (d ->> 'left_at')::timestamptz - coalesce(s.actual_arrival_time, (d ->> 'arrival')::timestamptz)
      from jsonb_array_elements(departures) d
     where s.tenant_id = (d ->> 'tenant_id')::uuid and s.id = (d ->> 'id')::bigint and s.stop_duration is null;
  end if;
  if jsonb_array_length(flags) > 0 then
    update public.plan_events e set car_not_moving = (x ->> 'not_moving')::boolean
      from jsonb_array_elements(flags) x
     where e.tenant_id = (x ->> 'tenant_id')::uuid and e.id = (x ->> 'id')::bigint;
  end if;
  for trip in select (x ->> 'tenant_id')::uuid as tenant_id, (x ->> 'id')::bigint as id, (x ->> 'at')::timestamptz as at
                from jsonb_array_elements(finished) x loop
    perform app_private.finish_trip(trip.tenant_id, trip.id, trip.at);
  end loop;
  return cardinality(fixes);
end;
$$;
comment on function app_private.drain_car_position_queue(integer) is
  'Applies queued GPS fixes to their cars and trips (latest location, trail, visits, car_not_moving, trip start and end); cron runs it every second.';
revoke execute on function app_private.drain_car_position_queue(integer) from public;

select cron.schedule('car-positions-queue', '1 seconds', $$select app_private.drain_car_position_queue()$$);
