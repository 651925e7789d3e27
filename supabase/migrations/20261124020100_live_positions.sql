-- What each batch of GPS fixes does (issue 9), in one statement-level trigger on car_positions so a sync tick
-- of up to 500 rows costs a handful of set-based statements:
--   1. the cars' latest location and last_synced_at;
--   2. broadcasts: staff on `depo:<depo id>:car_positions` (event 'positions', payload {positions: [...]}, every
--      fix of the batch for that depo), the public on `car:<car id>:position` (event 'position', the car's
--      newest fix) for cars on a plan event today; anyone may join a car's channel only while that holds;
--   3. the trip of the car's plan event: driven trail, stop visits, car_not_moving.
--
-- The rules, in constants here so tests and the README can name them:
--   * a plan event is the car's trip of the day when the fix's date in the tenant's time zone is within
--     [date, date + day_span - 1] and its trip has not finished (the earliest such event if there are two);
--   * a stop is visited when the truck stays within 50 m of it (the specs' matching radius) for 60 s:
--     actual_arrival_time = the first fix inside, visited_at = the fix that completes the dwell,
--     stop_duration = from arrival to the first fix outside again;
--   * a stop the truck came within 50 m of without staying is "passed";
--   * the trip ends (plan_events.trip_finished_at) when the truck leaves its last stop (highest position) after
--     visiting it, or at the end of the plan event's last day in the tenant's time zone (cron, every 10 min).
--     Then every stop not visited that was passed, or lies before a visited stop, is skipped
--     (point_visited = false); stops the truck never reached stay open (null);
--   * car_not_moving is set on a started, unfinished plan event once the truck has stayed within 50 m of one
--     spot for 15 minutes, and cleared at the first fix more than 50 m away;
--   * the trail is the Google encoded polyline (precision 5) of the fixes at least 10 m apart, kept in chunks
--     of up to 500 points that concatenate into one polyline (each chunk continues the previous one's deltas),
--     readable as the computed column plan_events.driven_trail; it is not dropped with the fixes.

create extension if not exists cube with schema extensions;
create extension if not exists earthdistance with schema extensions;

-- These small functions have no `set search_path` (they name everything with its schema): a function with a SET
-- clause is never inlined, and they run for every fix of every batch.
create function app_private.stop_radius_m() returns double precision language sql immutable parallel safe as $$ select 50::double precision $$;
create function app_private.stop_dwell() returns interval language sql immutable parallel safe as $$ select interval '60 seconds' $$;
create function app_private.car_not_moving_after() returns interval language sql immutable parallel safe as $$ select interval '15 minutes' $$;
comment on function app_private.stop_radius_m() is 'Metres within which a fix or a sale matches a stop (the specs'' matching radius).';
comment on function app_private.stop_dwell() is 'How long a truck stays within the radius of a stop for it to count as visited.';
comment on function app_private.car_not_moving_after() is 'How long a truck on its route may stay within 50 m of one spot before car_not_moving is set.';

alter table public.plan_events
  add column car_not_moving boolean not null default false,
  add column trip_finished_at timestamptz;
comment on column public.plan_events.car_not_moving is 'Set while the started truck has not moved more than 50 m for 15 minutes (see live positions migration).';
comment on column public.plan_events.trip_finished_at is 'When the trip ended: the truck left its last stop, or the plan event''s last day ended.';
create index plan_events_car_date_idx on public.plan_events (tenant_id, car_id, date) where trip_finished_at is null;

create index plan_event_route_points_location_idx on public.plan_event_route_points
  using gist (extensions.ll_to_earth(lat, lng)) where lat is not null and lng is not null;

-- Where a trip stands between batches (private: derived, written only by the trigger).
create table app_private.plan_event_trips (
  tenant_id uuid not null,
  plan_event_id bigint not null,
  last_fix_at timestamptz,
  trail_lat_e5 integer,
  trail_lng_e5 integer,
  trail_chunk integer not null default 0,
  trail_chunk_points integer not null default 0,
  anchor_lat double precision,
  anchor_lng double precision,
  anchor_at timestamptz,
  stop_id bigint,
  stop_entered_at timestamptz,
  passed_stop_ids bigint[] not null default '{}',
  primary key (tenant_id, plan_event_id),
  foreign key (tenant_id, plan_event_id) references public.plan_events (tenant_id, id) on delete cascade
);

create table app_private.plan_event_trail_chunks (
  tenant_id uuid not null,
  plan_event_id bigint not null,
  chunk integer not null,
  encoded text not null default '',
  points integer not null default 0,
  primary key (tenant_id, plan_event_id, chunk),
  foreign key (tenant_id, plan_event_id) references public.plan_events (tenant_id, id) on delete cascade
);
comment on table app_private.plan_event_trail_chunks is
  'A plan event''s driven trail as consecutive pieces of one encoded polyline; concatenated in chunk order they are the trail.';

-- One signed value of the polyline algorithm: zigzag, then 5-bit groups, low first, +63.
create function app_private.polyline_value(v integer) returns text
language plpgsql immutable strict set search_path = '' as $$
declare
  n bigint := (v::bigint << 1) # (v::bigint >> 63);
  out text := '';
begin
  while n >= 32 loop
    out := out || chr(((n & 31) | 32)::integer + 63);
    n := n >> 5;
  end loop;
  return out || chr(n::integer + 63);
end;
$$;

-- A whole polyline of points (used by tests and by anyone encoding a path in SQL).
create function app_private.encode_polyline(lats double precision[], lngs double precision[]) returns text
language sql immutable set search_path = '' as $$
  select coalesce(string_agg(app_private.polyline_value(p.lat5 - coalesce(p.prev_lat5, 0)) || app_private.polyline_value(p.lng5 - coalesce(p.prev_lng5, 0)), '' order by p.i), '')
  from (select i, round(lats[i] * 1e5)::integer as lat5, round(lngs[i] * 1e5)::integer as lng5,
               lag(round(lats[i] * 1e5)::integer) over (order by i) as prev_lat5,
               lag(round(lngs[i] * 1e5)::integer) over (order by i) as prev_lng5
        from generate_subscripts(lats, 1) i) p;
$$;

create function app_private.meters_between(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
returns double precision language sql immutable parallel safe as $$
  select extensions.earth_distance(extensions.ll_to_earth(lat1, lng1), extensions.ll_to_earth(lat2, lng2));
$$;

-- The trail, for the report and the heat map: a computed column (select=driven_trail) of plan events. It runs
-- as the caller, so it answers only for a plan event the caller's RLS lets them read; the chunks themselves
-- are private and read by the definer helper.
create function app_private.trail_of(p_tenant_id uuid, p_plan_event_id bigint) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(string_agg(c.encoded, '' order by c.chunk), '')
  from app_private.plan_event_trail_chunks c
  where c.tenant_id = p_tenant_id and c.plan_event_id = p_plan_event_id;
$$;
revoke execute on function app_private.trail_of(uuid, bigint) from public;
grant execute on function app_private.trail_of(uuid, bigint) to authenticated, service_role;

create function public.driven_trail(pe public.plan_events) returns text
language sql stable security invoker set search_path = '' as $$
  select app_private.trail_of(pe.tenant_id, pe.id)
  where exists (select 1 from public.plan_events x where x.tenant_id = pe.tenant_id and x.id = pe.id);
$$;
comment on function public.driven_trail(public.plan_events) is
  'The plan event''s driven trail as one encoded polyline (precision 5), for whoever may read the plan event.';
revoke execute on function public.driven_trail(public.plan_events) from public, anon;
grant execute on function public.driven_trail(public.plan_events) to authenticated, service_role;

-- Ends a trip: skips what was passed or lies before a visited stop, and forgets the trip's state.
create function app_private.finish_trip(p_tenant_id uuid, p_plan_event_id bigint, finished_at timestamptz) returns void
language plpgsql security definer set search_path = '' as $$
declare
  passed bigint[] := coalesce((select t.passed_stop_ids from app_private.plan_event_trips t
                                where t.tenant_id = p_tenant_id and t.plan_event_id = p_plan_event_id), '{}');
  last_visited integer := (select max(s.position) from public.plan_event_route_points s
                            where s.tenant_id = p_tenant_id and s.plan_event_id = p_plan_event_id and s.point_visited);
begin
  update public.plan_events set trip_finished_at = finished_at, car_not_moving = false
   where tenant_id = p_tenant_id and id = p_plan_event_id and trip_finished_at is null;
  update public.plan_event_route_points s set point_visited = false
   where s.tenant_id = p_tenant_id and s.plan_event_id = p_plan_event_id and s.point_visited is null
     and (s.id = any (passed) or s.position < last_visited);
  delete from app_private.plan_event_trips where tenant_id = p_tenant_id and plan_event_id = p_plan_event_id;
end;
$$;
revoke execute on function app_private.finish_trip(uuid, bigint, timestamptz) from public;

-- Cron: trips whose last day has ended in their tenant's time zone, all in one go (the first run after a
-- quiet spell may find many). Same rules as finish_trip. Returns how many it finished.
create function app_private.finish_overdue_trips() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  n integer;
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
    returning 1
  ), forgotten as (
    delete from app_private.plan_event_trips x using due where x.tenant_id = due.tenant_id and x.plan_event_id = due.id
    returning 1
  )
  update public.plan_events e set trip_finished_at = due.day_end, car_not_moving = false
    from due where e.tenant_id = due.tenant_id and e.id = due.id;
  get diagnostics n = row_count;
  return n;
end;
$$;
revoke execute on function app_private.finish_overdue_trips() from public;
select cron.schedule('finish-overdue-trips', '*/10 * * * *', $$select app_private.finish_overdue_trips()$$);

-- Runs one trip's new fixes (ordered, each with the ids of the open stops within 50 m, nearest first) through
-- the trail, visit and not-moving rules. It writes only its private state and trail; the changes to stops and
-- the plan event are returned, {visits: [{tenant_id, id, visited_at, arrival}], departures: [{tenant_id, id,
-- left_at, arrival}], not_moving: bool or null when unchanged, finished_at}, and applied for the whole batch
-- at once, so the tables' statement triggers run once per batch, not once per truck.
create type app_private.trip_fix as (recorded_at timestamptz, lat double precision, lng double precision, near_stop_ids bigint[]);

create function app_private.advance_trip(p_tenant_id uuid, p_plan_event_id bigint, fixes app_private.trip_fix[]) returns jsonb
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
  visited_now bigint[] := '{}';
  visits jsonb := '[]';
  departures jsonb := '[]';
begin
  select e.started_at, e.car_not_moving, e.trip_finished_at into pe
    from public.plan_events e where e.tenant_id = p_tenant_id and e.id = p_plan_event_id for no key update;
  if pe.trip_finished_at is not null then
    return null;
  end if;
  insert into app_private.plan_event_trips (tenant_id, plan_event_id) values (p_tenant_id, p_plan_event_id) on conflict do nothing;
  select * into st from app_private.plan_event_trips t where t.tenant_id = p_tenant_id and t.plan_event_id = p_plan_event_id;
  not_moving := pe.car_not_moving;
  last_position := (select max(s.position) from public.plan_event_route_points s where s.tenant_id = p_tenant_id and s.plan_event_id = p_plan_event_id);

  foreach f in array fixes loop
    continue when st.last_fix_at is not null and f.recorded_at <= st.last_fix_at;
    st.last_fix_at := f.recorded_at;

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
    elsif pe.started_at is not null and f.recorded_at - st.anchor_at >= app_private.car_not_moving_after() then
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
      -- The nearest open stop the truck is in; a stop visited in this batch is no longer open.
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
                            'finished_at', finished_at);
end;
$$;
revoke execute on function app_private.advance_trip(uuid, bigint, app_private.trip_fix[]) from public;

-- Whether the car is on a plan event today in its tenant's time zone (the public may follow it then).
create function app_private.car_on_the_road_today(p_car_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.plan_events pe join public.tenants t on t.id = pe.tenant_id
    where pe.car_id = p_car_id
      and (now() at time zone t.time_zone)::date between pe.date and pe.date + pe.day_span - 1);
$$;
revoke execute on function app_private.car_on_the_road_today(bigint) from public;
grant execute on function app_private.car_on_the_road_today(bigint) to anon, authenticated;

create function app_private.can_follow_car_topic(topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select topic ~ '^car:[0-9]{1,18}:position$' and app_private.car_on_the_road_today(split_part(topic, ':', 2)::bigint);
$$;
revoke execute on function app_private.can_follow_car_topic(text) from public;
grant execute on function app_private.can_follow_car_topic(text) to anon, authenticated;

create policy "anyone can follow a car on the road today" on realtime.messages for select to anon, authenticated
  using (extension = 'broadcast' and (select app_private.can_follow_car_topic((select realtime.topic()))));

-- The batch trigger.
create function app_private.on_car_positions_inserted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  trip record;
  outcome jsonb;
  visits jsonb := '[]';
  departures jsonb := '[]';
  flags jsonb := '[]';
  finished jsonb := '[]';
begin
  -- 1. Latest location (only a newer fix moves it) and the sync time.
  update public.cars c
     set latest_location_lat = case when (c.latest_location_updated_at is null or c.latest_location_updated_at <= l.recorded_at) then l.lat else c.latest_location_lat end,
         latest_location_lng = case when (c.latest_location_updated_at is null or c.latest_location_updated_at <= l.recorded_at) then l.lng else c.latest_location_lng end,
         latest_location_updated_at = case when (c.latest_location_updated_at is null or c.latest_location_updated_at <= l.recorded_at) then l.recorded_at else c.latest_location_updated_at end,
         last_synced_at = now()
    from (select distinct on (n.tenant_id, n.car_id) n.tenant_id, n.car_id, n.depo_id, n.recorded_at, n.lat, n.lng
            from new_positions n order by n.tenant_id, n.car_id, n.recorded_at desc) l
   where c.tenant_id = l.tenant_id and c.id = l.car_id and c.depo_id = l.depo_id;

  -- 2. Staff: every fix of the batch, one message per depo.
  perform realtime.send(jsonb_build_object('positions', b.positions), 'positions', format('depo:%s:car_positions', b.depo_id), true)
    from (select n.depo_id,
                 jsonb_agg(jsonb_build_object('car_id', n.car_id, 'recorded_at', n.recorded_at, 'lat', n.lat, 'lng', n.lng,
                                              'speed_kmh', n.speed_kmh, 'heading', n.heading) order by n.recorded_at) as positions
            from new_positions n group by n.depo_id) b;

  -- 3. Public: each car on the road today, its newest fix.
  perform realtime.send(jsonb_build_object('car_id', l.car_id, 'recorded_at', l.recorded_at, 'lat', l.lat, 'lng', l.lng,
                                           'speed_kmh', l.speed_kmh, 'heading', l.heading),
                        'position', format('car:%s:position', l.car_id), true)
    from (select distinct on (n.tenant_id, n.car_id) n.* from new_positions n order by n.tenant_id, n.car_id, n.recorded_at desc) l
    join public.tenants t on t.id = l.tenant_id
   where exists (select 1 from public.plan_events pe
                  where pe.tenant_id = l.tenant_id and pe.car_id = l.car_id
                    and (now() at time zone t.time_zone)::date between pe.date and pe.date + pe.day_span - 1);

  -- 4. Trips.
  for trip in
    with cars_ as (
      select n.tenant_id, n.car_id, max(n.recorded_at) as newest from new_positions n group by n.tenant_id, n.car_id
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
    from trips tr join new_positions n on n.tenant_id = tr.tenant_id and n.car_id = tr.car_id
    group by tr.tenant_id, tr.plan_event_id
  loop
    outcome := app_private.advance_trip(trip.tenant_id, trip.plan_event_id, trip.fixes);
    continue when outcome is null;
    visits := visits || (outcome -> 'visits');
    departures := departures || (outcome -> 'departures');
    if outcome ->> 'not_moving' is not null then
      flags := flags || jsonb_build_object('tenant_id', trip.tenant_id, 'id', trip.plan_event_id, 'not_moving', outcome -> 'not_moving');
    end if;
    if outcome ->> 'finished_at' is not null then
      finished := finished || jsonb_build_object('tenant_id', trip.tenant_id, 'id', trip.plan_event_id, 'at', outcome -> 'finished_at');
    end if;
  end loop;

  -- 5. The trips' changes, one statement each for the batch (visits before departures: a stop can be both).
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
  return null;
end;
$$;
revoke execute on function app_private.on_car_positions_inserted() from public;

create trigger car_positions_batch after insert on public.car_positions
  referencing new table as new_positions for each statement execute function app_private.on_car_positions_inserted();

-- Point-of-sale hook (the EOD issue calls it): a sale made within 50 m of a stop of the plan event marks the
-- nearest such stop visited (also one skipped earlier). Returns the stop's id, or null when none is near.
create function app_private.mark_stop_visited_by_sale(p_tenant_id uuid, p_plan_event_id bigint, sale_lat double precision,
                                                      sale_lng double precision, sold_at timestamptz) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  stop_id bigint;
begin
  select s.id into stop_id from public.plan_event_route_points s
   where s.tenant_id = p_tenant_id and s.plan_event_id = p_plan_event_id and s.lat is not null and s.lng is not null
     and extensions.earth_box(extensions.ll_to_earth(sale_lat, sale_lng), app_private.stop_radius_m())
         operator(extensions.@>) extensions.ll_to_earth(s.lat, s.lng)
     and app_private.meters_between(sale_lat, sale_lng, s.lat, s.lng) <= app_private.stop_radius_m()
   order by app_private.meters_between(sale_lat, sale_lng, s.lat, s.lng), s.position
   limit 1;
  if stop_id is null then
    return null;
  end if;
  update public.plan_event_route_points s
     set point_visited = true,
         visited_at = coalesce(s.visited_at, sold_at),
         actual_arrival_time = least(coalesce(s.actual_arrival_time, sold_at), sold_at)
   where s.tenant_id = p_tenant_id and s.id = stop_id;
  return stop_id;
end;
$$;
comment on function app_private.mark_stop_visited_by_sale(uuid, bigint, double precision, double precision, timestamptz) is
  'A point-of-sale order at (lat, lng) marks the plan event''s nearest stop within 50 m visited; returns its id or null.';
revoke execute on function app_private.mark_stop_visited_by_sale(uuid, bigint, double precision, double precision, timestamptz) from public;
grant execute on function app_private.mark_stop_visited_by_sale(uuid, bigint, double precision, double precision, timestamptz) to service_role;
