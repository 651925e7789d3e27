-- Following a truck needs a live stop (issue 24, item 9). `car:<id>:position` was joinable by anon for every car on
-- a plan event today, by sequential id, even after the trip had passed the caller's stop. Now:
--   * the public follows the truck of one stop on `stop:<plan_event_route_points.uuid>:truck` (event 'position',
--     the car's newest fix, as before): joinable while the stop is live, i.e. its plan event is on the road today
--     in the tenant's time zone and the visit is not done (the stop is not visited and no later stop of the trip
--     is, the tracking page's visited rule); broadcast only to live stops, so a page joined before the visit
--     hears nothing more once the truck has been there;
--   * `car:<id>:position` is for staff who may read the car's depo (as the depo topics).
-- The tracking page joins the stop's topic (src/features/public-tracking/live/use-truck-feed.ts) and polls the
-- stop's truck when it cannot.

create function app_private.stop_is_live(p_stop uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.plan_event_route_points s
    join public.plan_events pe on pe.tenant_id = s.tenant_id and pe.id = s.plan_event_id
    join public.tenants t on t.id = s.tenant_id
    where s.uuid = p_stop and pe.car_id is not null
      and (now() at time zone t.time_zone)::date between pe.date and pe.date + pe.day_span - 1
      and not coalesce(s.point_visited, false)
      and not exists (select 1 from public.plan_event_route_points later
                       where later.tenant_id = s.tenant_id and later.plan_event_id = s.plan_event_id
                         and later.position > s.position and later.point_visited));
$$;
comment on function app_private.stop_is_live(uuid) is
  'Whether the public may follow the truck of a stop: its plan event is on the road today and the visit is not done (the stop and every later stop unvisited).';
revoke execute on function app_private.stop_is_live(uuid) from public;

create function app_private.can_follow_stop_truck(topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(topic ~ '^stop:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:truck$'
                  and app_private.stop_is_live(split_part(topic, ':', 2)::uuid), false);
$$;
comment on function app_private.can_follow_stop_truck(text) is
  'Realtime authorization of stop:<uuid>:truck: anyone with the stop''s public uuid while the stop is live.';
revoke execute on function app_private.can_follow_stop_truck(text) from public;
grant execute on function app_private.can_follow_stop_truck(text) to anon, authenticated;

create policy "anyone can follow the truck of a live stop by its public uuid" on realtime.messages
  for select to anon, authenticated
  using (extension = 'broadcast' and (select app_private.can_follow_stop_truck((select realtime.topic()))));

-- The car's own topic: staff of its depo only.
drop policy "anyone can follow a car on the road today" on realtime.messages;
create or replace function app_private.can_follow_car_topic(topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(topic ~ '^car:[0-9]{1,18}:position$' and exists (
    select 1 from public.cars c
    where c.id = split_part(topic, ':', 2)::bigint
      and c.tenant_id = any (app_private.current_user_tenant_ids())
      and c.depo_id = any (app_private.readable_depo_ids())), false);
$$;
comment on function app_private.can_follow_car_topic(text) is
  'Realtime authorization of car:<id>:position: members who may read the car''s depo.';
revoke execute on function app_private.can_follow_car_topic(text) from public;
grant execute on function app_private.can_follow_car_topic(text) to authenticated;
create policy "staff of the car's depo can follow the car" on realtime.messages for select to authenticated
  using (extension = 'broadcast' and (select app_private.can_follow_car_topic((select realtime.topic()))));

-- The insert path (as 20261125020000_position_queue.sql), the public message now per live stop of the car's trip.
create or replace function app_private.on_car_positions_inserted() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Written as realtime.send() writes them, in one statement per kind (send() opens a subtransaction a call).
  insert into realtime.messages (id, payload, event, topic, private, extension)
  select m.id, m.payload || jsonb_build_object('id', m.id), m.event, m.topic, true, 'broadcast'
  from (
    -- Public: each car on the road today, its newest fix, to each live stop of its trip (small messages first:
    -- they travel inside their notification, while a depo's batch is read back by id).
    select 1 as kind, gen_random_uuid() as id, 'position' as event, format('stop:%s:truck', s.uuid) as topic,
           jsonb_build_object('car_id', l.car_id, 'recorded_at', l.recorded_at, 'lat', l.lat, 'lng', l.lng,
                              'speed_kmh', l.speed_kmh, 'heading', l.heading) as payload
      from (select distinct on (n.tenant_id, n.car_id) n.* from new_positions n order by n.tenant_id, n.car_id, n.recorded_at desc) l
      join public.tenants t on t.id = l.tenant_id
      join public.plan_events pe on pe.tenant_id = l.tenant_id and pe.car_id = l.car_id
       and (now() at time zone t.time_zone)::date between pe.date and pe.date + pe.day_span - 1
      join public.plan_event_route_points s on s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id
       and not coalesce(s.point_visited, false)
     where not exists (select 1 from public.plan_event_route_points later
                        where later.tenant_id = s.tenant_id and later.plan_event_id = s.plan_event_id
                          and later.position > s.position and later.point_visited)
    union all
    -- Staff: the newest fix of a car on the road today on its own topic, and every fix of the batch, one message
    -- per depo.
    select 1, gen_random_uuid(), 'position', format('car:%s:position', l.car_id),
           jsonb_build_object('car_id', l.car_id, 'recorded_at', l.recorded_at, 'lat', l.lat, 'lng', l.lng,
                              'speed_kmh', l.speed_kmh, 'heading', l.heading)
      from (select distinct on (n.tenant_id, n.car_id) n.* from new_positions n order by n.tenant_id, n.car_id, n.recorded_at desc) l
      join public.tenants t on t.id = l.tenant_id
     where exists (select 1 from public.plan_events pe
                    where pe.tenant_id = l.tenant_id and pe.car_id = l.car_id
                      and (now() at time zone t.time_zone)::date between pe.date and pe.date + pe.day_span - 1)
    union all
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

-- The tracking page's poll of the truck (when its socket is down or refused) ends with the visit too.
create or replace function public.public_tracking_car_location(stop_uuid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select app_private.tracked_car(t.tenant_id, t.car_id) from app_private.tracked_stop(stop_uuid) t
   where t.is_today and app_private.stop_is_live(stop_uuid);
$$;
comment on function public.public_tracking_car_location(uuid) is
  'Anyone with a stop''s public uuid: the last position of the truck serving it, only while the stop is live (its plan event today, the visit not done); the tracking page polls it every 5 s when its socket is down.';
