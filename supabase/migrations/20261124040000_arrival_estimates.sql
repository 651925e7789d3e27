-- Arrival estimates (issue 9): each stop's google_estimate_time follows the truck, original_google_estimate_time
-- keeps the plan (set once, from the planned schedule, never moved by a re-estimate).
--
-- The work is done by the edge function `estimate-arrivals` (it owns the route estimators: local, Mapbox),
-- which a cron job calls through pg_net whenever there is something to estimate:
--   * plan:   a plan event with stops still lacking an original estimate (from its start time and the route's
--             start, or the depo, over all its stops);
--   * follow: a started plan event of today whose car reported a position newer than the one its last
--             estimate used, at most once every 30 s per plan event, over its remaining stops
--             (point_visited is null, in position order), from the car's latest location.
-- The function claims work with claim_arrival_estimates() and writes with save_arrival_estimates(), both for
-- the service role only. A save broadcasts what changed:
--   staff   private topic `depo:<depo id>:arrival_estimates`, event 'arrival_estimates',
--           payload { plan_event_id, stops: [{ id, uuid, position, google_estimate_time, original_google_estimate_time }] }
--   public  private topic `stop:<plan_event_route_points.uuid>`, event 'arrival_estimate', payload one such stop;
--           anyone who knows the stop's public uuid (tracking links, SMS) may listen, anon included.

alter table public.tenants
  add column route_estimator text not null default 'local' check (route_estimator in ('local', 'mapbox')),
  add column route_detour_factor numeric(3, 2) not null default 1.30 check (route_detour_factor between 1 and 3);
comment on column public.tenants.route_estimator is
  'Arrival estimates from distance (local) or Mapbox Directions (mapbox, when MAPBOX_ACCESS_TOKEN is configured; else local).';
comment on column public.tenants.route_detour_factor is
  'Road distance over great-circle distance, for the local arrival estimator.';

alter table public.plan_events
  add column estimated_at timestamptz,
  add column estimated_from_position_at timestamptz;
comment on column public.plan_events.estimated_at is 'When the arrival estimates were last claimed for computing (throttles re-estimates to one per 30 s).';
comment on column public.plan_events.estimated_from_position_at is 'The car position (recorded_at) the last re-estimate started from.';

-- Both kinds of due work are found from small sets: stops lacking a plan, and trips under way.
create index plan_event_route_points_unplanned_idx on public.plan_event_route_points (plan_event_id)
  where original_google_estimate_time is null and point_visited is null;
create index plan_events_under_way_idx on public.plan_events (date) where started_at is not null;

create function app_private.arrival_estimates_due()
returns table (plan_event_id bigint, mode text, position_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select pe.id, 'plan', null::timestamptz
  from public.plan_events pe
  join public.tenants t on t.id = pe.tenant_id
  where pe.id in (select p.plan_event_id from public.plan_event_route_points p
                  where p.original_google_estimate_time is null and p.point_visited is null)
    and pe.date >= (now() at time zone t.time_zone)::date - 1
    and (pe.estimated_at is null or pe.estimated_at <= now() - interval '30 seconds')
  union all
  select pe.id, 'follow', c.latest_location_updated_at
  from public.plan_events pe
  join public.tenants t on t.id = pe.tenant_id
  join public.cars c on c.tenant_id = pe.tenant_id and c.id = pe.car_id
  where pe.started_at is not null
    and pe.date between (now() at time zone t.time_zone)::date - 13 and (now() at time zone t.time_zone)::date
    and pe.date > (now() at time zone t.time_zone)::date - pe.day_span
    and c.latest_location_lat is not null and c.latest_location_lng is not null
    and c.latest_location_updated_at > coalesce(pe.estimated_from_position_at, '-infinity')
    -- A car whose GPS fell silent keeps its last estimates rather than getting some from a stale fix.
    and c.latest_location_updated_at > now() - interval '10 minutes'
    and (pe.estimated_at is null or pe.estimated_at <= now() - interval '30 seconds')
    and not exists (select 1 from public.plan_event_route_points p
                    where p.plan_event_id = pe.id and p.original_google_estimate_time is null and p.point_visited is null)
    and exists (select 1 from public.plan_event_route_points p
                where p.tenant_id = pe.tenant_id and p.plan_event_id = pe.id and p.point_visited is null)
$$;
comment on function app_private.arrival_estimates_due() is
  'Plan events whose arrival estimates are due: plan (stops lacking an original estimate) or follow (a newer car position, last estimate 30 s old).';

-- What the estimator needs for one plan event: the stops to estimate, where and when the truck sets off.
create function app_private.arrival_estimate_job(p_plan_event_id bigint, p_mode text)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'plan_event_id', pe.id,
    'mode', p_mode,
    'tenant_slug', t.slug,
    'route_estimator', t.route_estimator,
    'detour_factor', t.route_detour_factor,
    'origin', case when p_mode = 'follow'
                   then jsonb_build_object('lat', c.latest_location_lat, 'lng', c.latest_location_lng)
                   else coalesce(case when r.start_lat is not null and r.start_lng is not null
                                      then jsonb_build_object('lat', r.start_lat, 'lng', r.start_lng) end,
                                 case when d.address_lat is not null and d.address_lng is not null
                                      then jsonb_build_object('lat', d.address_lat, 'lng', d.address_lng) end) end,
    'depart_at', case when p_mode = 'follow' then c.latest_location_updated_at
                      else (pe.date + make_time(pe.start_at_hour, pe.start_at_min, 0)) at time zone t.time_zone end,
    'stops', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'lat', p.lat, 'lng', p.lng, 'wait_hours', coalesce(rp.wait_time, 0))
                       order by p.position, p.id)
      from public.plan_event_route_points p
      left join public.route_points rp on rp.tenant_id = p.tenant_id and rp.id = p.route_point_id
      where p.tenant_id = pe.tenant_id and p.plan_event_id = pe.id and p.lat is not null and p.lng is not null
        and (p_mode = 'plan' or p.point_visited is null)), '[]'::jsonb))
  from public.plan_events pe
  join public.tenants t on t.id = pe.tenant_id
  join public.cars c on c.tenant_id = pe.tenant_id and c.id = pe.car_id
  join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
  join public.depos d on d.tenant_id = pe.tenant_id and d.id = pe.depo_id
  where pe.id = p_plan_event_id
$$;

-- Both read every tenant's trips: for the claim below only.
revoke execute on function app_private.arrival_estimates_due(), app_private.arrival_estimate_job(bigint, text) from public;

create function public.claim_arrival_estimates(p_limit integer default 20, p_plan_event_id bigint default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  due record;
  jobs jsonb := '[]'::jsonb;
begin
  for due in select d.* from app_private.arrival_estimates_due() d
             where p_plan_event_id is null or d.plan_event_id = p_plan_event_id
             order by d.mode, d.plan_event_id limit greatest(p_limit, 0) loop
    -- The throttle is checked again on the locked row, so concurrent callers never claim the same plan event twice.
    update public.plan_events pe
       set estimated_at = now(),
           estimated_from_position_at = coalesce(due.position_at, pe.estimated_from_position_at)
     where pe.id = due.plan_event_id
       and (pe.estimated_at is null or pe.estimated_at <= now() - interval '30 seconds');
    if found then
      jobs := jobs || jsonb_build_array(app_private.arrival_estimate_job(due.plan_event_id, due.mode));
    end if;
  end loop;
  return jobs;
end;
$$;
comment on function public.claim_arrival_estimates(integer, bigint) is
  'Service role only: claims up to p_limit plan events (or only p_plan_event_id) whose arrival estimates are due (see arrival_estimates_due) and returns what to estimate.';

create function public.save_arrival_estimates(p_plan_event_id bigint, p_estimates jsonb)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  event record;
  changed jsonb;
begin
  if jsonb_typeof(p_estimates) is distinct from 'array' then
    raise exception 'estimates must be a JSON array of {id, at}' using errcode = '22023';
  end if;
  select pe.tenant_id, pe.depo_id into event from public.plan_events pe where pe.id = p_plan_event_id;
  if not found then
    raise exception 'plan event % does not exist', p_plan_event_id using errcode = 'P0002';
  end if;

  with input as (
    select distinct on (e.id) e.id, e.at
    from jsonb_to_recordset(p_estimates) as e(id bigint, at timestamptz)
    where e.id is not null and e.at is not null
    order by e.id
  ), updated as (
    update public.plan_event_route_points p
       set google_estimate_time = i.at,
           -- The plan is kept: only a stop that never had an estimate takes this one as its original.
           original_google_estimate_time = coalesce(p.original_google_estimate_time, i.at)
      from input i
     where p.tenant_id = event.tenant_id and p.plan_event_id = p_plan_event_id and p.id = i.id
       and p.point_visited is null
       and (p.google_estimate_time is distinct from i.at or p.original_google_estimate_time is null)
    returning p.id, p.uuid, p.position, p.google_estimate_time, p.original_google_estimate_time
  )
  select coalesce(jsonb_agg(to_jsonb(u) order by u.position, u.id), '[]'::jsonb) into changed from updated u;

  if jsonb_array_length(changed) > 0 then
    perform realtime.send(jsonb_build_object('plan_event_id', p_plan_event_id, 'stops', changed), 'arrival_estimates',
                          format('depo:%s:arrival_estimates', event.depo_id), true);
    -- The rows realtime.send() would write, one per stop, in one statement: a refresh changes up to every stop.
    insert into realtime.messages (id, payload, event, topic, private, extension)
    select gen_random_uuid(), stop, 'arrival_estimate', 'stop:' || (stop ->> 'uuid'), true, 'broadcast'
    from jsonb_array_elements(changed) stop;
  end if;
  return jsonb_array_length(changed);
end;
$$;
comment on function public.save_arrival_estimates(bigint, jsonb) is
  'Service role only: sets google_estimate_time of the plan event''s unvisited stops from [{id, at}] (original_google_estimate_time once, when it has none) and broadcasts the changes.';

revoke execute on function public.claim_arrival_estimates(integer, bigint), public.save_arrival_estimates(bigint, jsonb) from public, anon, authenticated;
grant execute on function public.claim_arrival_estimates(integer, bigint), public.save_arrival_estimates(bigint, jsonb) to service_role;

-- A stop's topic: open to whoever knows its public uuid, like its tracking page. Anon has no usage on
-- app_private, but a policy refers to its function by oid, so only the execute right granted here is checked.
create function app_private.is_stop_topic(topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(topic ~ '^stop:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                  and exists (select 1 from public.plan_event_route_points p where p.uuid = substr(topic, 6)::uuid), false);
$$;
revoke execute on function app_private.is_stop_topic(text) from public;
grant execute on function app_private.is_stop_topic(text) to anon, authenticated;

create policy "anyone can listen to a stop's estimates by its public uuid" on realtime.messages for select to anon, authenticated
  using (extension = 'broadcast' and (select app_private.is_stop_topic((select realtime.topic()))));

-- The cron job: asks the function only when there is work, with the project URL and service key from the
-- vault (`project_url`, `service_role_key`; the local stack writes them, a hosted project sets them once).
create function app_private.request_arrival_estimates() returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  project_url text := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url' limit 1);
  service_key text := (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key' limit 1);
begin
  if project_url is null or service_key is null or not exists (select 1 from app_private.arrival_estimates_due()) then
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/estimate-arrivals',
    headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', service_key, 'Authorization', 'Bearer ' || service_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 20000);
end;
$$;
revoke execute on function app_private.request_arrival_estimates() from public;

select cron.schedule('estimate-arrivals', '5 seconds', $$select app_private.request_arrival_estimates()$$);

-- Estimates rewrite a trip's stops every 30 s; the B2B route flags only care when a stop changes route point
-- or plan event, so an update that moves neither returns at once instead of calling the flag refresh (a SQL
-- function planned on every call) with no customers. Otherwise as in 20261122021120_b2b_customers_list.sql.
create or replace function app_private.refresh_flags_after_plan_event_route_points_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_b2b_customer_route_flags(array(
      select distinct x.b2b_customer_id from new_rows n
        join public.route_point_b2b_customers x on x.tenant_id = n.tenant_id and x.route_point_id = n.route_point_id));
  elsif tg_op = 'DELETE' then
    perform app_private.refresh_b2b_customer_route_flags(array(
      select distinct x.b2b_customer_id from old_rows o
        join public.route_point_b2b_customers x on x.tenant_id = o.tenant_id and x.route_point_id = o.route_point_id));
  elsif exists (select 1 from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
                where n.route_point_id is distinct from o.route_point_id or n.plan_event_id is distinct from o.plan_event_id) then
    perform app_private.refresh_b2b_customer_route_flags(array(
      select distinct x.b2b_customer_id
        from new_rows n
        join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
        join public.route_point_b2b_customers x on x.tenant_id = n.tenant_id and x.route_point_id in (n.route_point_id, o.route_point_id)
       where n.route_point_id is distinct from o.route_point_id or n.plan_event_id is distinct from o.plan_event_id));
  end if;
  return null;
end;
$$;

-- The same for plan events: claiming one for an estimate stamps estimated_at; only a new date matters here.
create or replace function app_private.refresh_flags_after_plan_events_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from new_rows n join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id where n.date is distinct from o.date) then
    perform app_private.refresh_b2b_customer_route_flags(array(
      select distinct x.b2b_customer_id
        from new_rows n
        join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
        join public.plan_event_route_points perp on perp.tenant_id = n.tenant_id and perp.plan_event_id = n.id
        join public.route_point_b2b_customers x on x.tenant_id = perp.tenant_id and x.route_point_id = perp.route_point_id
       where n.date is distinct from o.date));
  end if;
  return null;
end;
$$;
