-- The public tracking page (issue 10, spec 2.3): a customer opens /{locale}/{stop uuid}?c={customer uuid} from
-- the SMS and watches the truck come. Anon reads no table; these security-definer functions return exactly what
-- that customer may see:
--   * public_tracking_stop: the stop (address, estimate, visited), nearby stops of the same plan event, the truck's
--     last position while its plan event is today, and the customer's own flags (never their phone or address);
--   * public_tracking_car_location: the 5-second polling fallback for the truck while the socket is down;
--   * public_tracking_feedback: the feedback bar (one rating per customer and stop, rate limited);
--   * public_tracking_unsubscribe: the menu's unsubscribe by customer uuid (full, or partial with two boxes).
-- A stop is "expired" (no row: the page shows its expired modal) once its plan event's last day is over in the
-- tenant's time zone, or when no stop has that uuid.

-- Nearby stops: the stops of the same plan event within this distance of the customer's stop (the subscribe
-- page's no-near-stop threshold, so the same neighbourhood).
create function app_private.tracking_nearby_m() returns double precision language sql immutable parallel safe set search_path = '' as $$ select 5000::double precision $$;
comment on function app_private.tracking_nearby_m() is 'Metres around a tracked stop within which the other stops of its plan event are shown as nearby.';

-- The stop and its plan event, when its plan event has not ended yet in the tenant's time zone.
create function app_private.tracked_stop(p_stop_uuid uuid)
returns table (tenant_id uuid, stop_id bigint, depo_id bigint, plan_event_id bigint, car_id bigint, is_today boolean)
language sql stable security definer set search_path = '' as $$
  select s.tenant_id, s.id, s.depo_id, pe.id, pe.car_id,
         (now() at time zone t.time_zone)::date >= pe.date
    from public.plan_event_route_points s
    join public.plan_events pe on pe.tenant_id = s.tenant_id and pe.id = s.plan_event_id
    join public.tenants t on t.id = s.tenant_id
   where s.uuid = p_stop_uuid
     and (now() at time zone t.time_zone)::date <= pe.date + pe.day_span - 1;
$$;
revoke execute on function app_private.tracked_stop(uuid) from public;

-- The truck's last known position, only while the stop's plan event is today (as the car's public channel).
create function app_private.tracked_car(p_tenant_id uuid, p_car_id bigint) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', c.id, 'lat', c.latest_location_lat, 'lng', c.latest_location_lng,
                            'recorded_at', c.latest_location_updated_at)
    from public.cars c
   where c.tenant_id = p_tenant_id and c.id = p_car_id;
$$;
revoke execute on function app_private.tracked_car(uuid, bigint) from public;

create function public.public_tracking_stop(stop_uuid uuid, customer_uuid uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  tracked record;
  stop public.plan_event_route_points;
  answer jsonb;
begin
  select * into tracked from app_private.tracked_stop(stop_uuid);
  if not found then
    return null;
  end if;
  select * into stop from public.plan_event_route_points s where s.tenant_id = tracked.tenant_id and s.id = tracked.stop_id;

  answer := jsonb_build_object(
    'uuid', stop.uuid,
    'address', stop.address,
    'lat', stop.lat,
    'lng', stop.lng,
    'position', stop.position,
    'point_visited', stop.point_visited,
    'google_estimate_time', stop.google_estimate_time,
    'original_google_estimate_time', stop.original_google_estimate_time,
    'arrival_date', stop.arrival_date,
    'depo', (select jsonb_build_object('title', d.title) from public.depos d where d.tenant_id = tracked.tenant_id and d.id = tracked.depo_id),
    'tenant', (select jsonb_build_object('slug', t.slug, 'name', t.name, 'homepage_url', t.brand_homepage_url, 'time_zone', t.time_zone)
                 from public.tenants t where t.id = tracked.tenant_id),
    'car', case when tracked.is_today then app_private.tracked_car(tracked.tenant_id, tracked.car_id) end,
    'nearby_points', coalesce((
      select jsonb_agg(jsonb_build_object(
               'uuid', n.uuid, 'address', n.address, 'lat', n.lat, 'lng', n.lng, 'position', n.position,
               'point_visited', n.point_visited, 'google_estimate_time', n.google_estimate_time,
               'original_google_estimate_time', n.original_google_estimate_time) order by n.position)
        from public.plan_event_route_points n
       where n.tenant_id = tracked.tenant_id and n.plan_event_id = tracked.plan_event_id and n.id <> stop.id
         and n.lat is not null and n.lng is not null and stop.lat is not null and stop.lng is not null
         and app_private.meters_between(stop.lat, stop.lng, n.lat, n.lng) <= app_private.tracking_nearby_m()), '[]'::jsonb),
    'customer', (
      select jsonb_build_object(
               'uuid', c.uuid, 'sms_permission', c.sms_permission, 'marketing_agreement', c.marketing_agreement,
               'has_feedback', exists (select 1 from public.feedbacks f
                                        where f.tenant_id = c.tenant_id and f.customer_id = c.id
                                          and f.plan_event_route_point_id = stop.id))
        from public.customers c
       where customer_uuid is not null and c.uuid = customer_uuid and c.tenant_id = tracked.tenant_id));
  return answer;
end;
$$;
comment on function public.public_tracking_stop(uuid, uuid) is
  'Anyone with a stop''s public uuid: the stop, the nearby stops of its plan event, the truck while the plan event is today, and (with the customer''s uuid of the same tenant) that customer''s SMS and marketing flags and whether they rated this stop. Null once the plan event is over or for an unknown uuid.';
revoke execute on function public.public_tracking_stop(uuid, uuid) from public;
grant execute on function public.public_tracking_stop(uuid, uuid) to anon, authenticated, service_role;

create function public.public_tracking_car_location(stop_uuid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select app_private.tracked_car(t.tenant_id, t.car_id) from app_private.tracked_stop(stop_uuid) t where t.is_today;
$$;
comment on function public.public_tracking_car_location(uuid) is
  'Anyone with a stop''s public uuid: the last position of the truck serving it, only while its plan event is today (the tracking page polls it every 5 s when its socket is down).';
revoke execute on function public.public_tracking_car_location(uuid) from public;
grant execute on function public.public_tracking_car_location(uuid) to anon, authenticated, service_role;

-- A small fixed-window limiter for the public calls: one row per key and window. Keys name the call and who
-- made it (the caller's address as the gateway sets it, or the customer), so one abuser cannot exhaust another's.
create table app_private.public_call_counts (
  key text not null,
  window_start timestamptz not null,
  calls integer not null default 0,
  primary key (key, window_start)
);
comment on table app_private.public_call_counts is 'Calls per key and fixed window of the public tracking functions (rate limits).';

-- The caller's address: the gateway (Supabase's edge, or the local gateway) sets X-Forwarded-For itself.
create function app_private.public_caller_address() returns text
language sql stable set search_path = '' as $$
  select coalesce(nullif(trim(split_part(coalesce(current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for', ''), ',', 1)), ''), 'unknown');
$$;
revoke execute on function app_private.public_caller_address() from public;

-- Counts one call for `key` in the current window; false when it is over `max_calls`. Old windows go as it runs.
create function app_private.take_public_call(p_key text, max_calls integer, per interval) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  started timestamptz := to_timestamp(floor(extract(epoch from now()) / extract(epoch from per)) * extract(epoch from per));
  n integer;
begin
  delete from app_private.public_call_counts where key = p_key and window_start < started;
  insert into app_private.public_call_counts as c (key, window_start, calls) values (p_key, started, 1)
    on conflict (key, window_start) do update set calls = c.calls + 1
    returning c.calls into n;
  return n <= max_calls;
end;
$$;
revoke execute on function app_private.take_public_call(text, integer, interval) from public;

-- Feedback: per address 30 in 10 minutes, per customer 5 an hour (one per stop anyway). A refusal is an answer
-- ('not_found', 'already_given'), not an error: an error would roll back the call's count, and probing for uuids
-- or repeating a rating must count against the limits. Over a limit it raises P0429 (the count is already over).
create function public.public_tracking_feedback(stop_uuid uuid, customer_uuid uuid, positive boolean, comment text default null) returns text
language plpgsql security definer set search_path = '' as $$
declare
  tracked record;
  who public.customers;
begin
  if not app_private.take_public_call('feedback:ip:' || app_private.public_caller_address(), 30, interval '10 minutes') then
    raise exception 'Too many requests' using errcode = 'P0429';
  end if;
  if positive is null then
    raise exception 'positive is required' using errcode = '22023';
  end if;
  select * into tracked from app_private.tracked_stop(stop_uuid);
  if not found then
    return 'not_found';
  end if;
  select * into who from public.customers c where c.uuid = customer_uuid and c.tenant_id = tracked.tenant_id;
  if who.id is null then
    return 'not_found';
  end if;
  if not app_private.take_public_call('feedback:customer:' || who.uuid, 5, interval '1 hour') then
    raise exception 'Too many requests' using errcode = 'P0429';
  end if;
  if exists (select 1 from public.feedbacks f where f.tenant_id = who.tenant_id and f.customer_id = who.id
                                                and f.plan_event_route_point_id = tracked.stop_id) then
    return 'already_given';
  end if;
  insert into public.feedbacks (tenant_id, depo_id, plan_event_route_point_id, customer_id, positive, comment, customer_phone_number)
  values (who.tenant_id, tracked.depo_id, tracked.stop_id, who.id, positive, nullif(trim(comment), ''), who.phone);
  return 'saved';
end;
$$;
comment on function public.public_tracking_feedback(uuid, uuid, boolean, text) is
  'The tracking page''s feedback bar: one rating (thumbs, optional comment) per customer and stop, by the customer''s uuid; answers saved, already_given or not_found; rate limited per address and per customer (P0429).';
revoke execute on function public.public_tracking_feedback(uuid, uuid, boolean, text) from public;
grant execute on function public.public_tracking_feedback(uuid, uuid, boolean, text) to anon, authenticated, service_role;

-- Unsubscribe from the tracking page's menu. route_sms: no more SMS before the truck comes (the customer's
-- stop subscriptions end, SMS not yet queued are dropped); marketing_sms: no marketing SMS. Both (or the full
-- unsubscribe of a customer without marketing): SMS permission goes too, and the nightly job deletes them.
create function public.public_tracking_unsubscribe(customer_uuid uuid, route_sms boolean default true, marketing_sms boolean default true) returns text
language plpgsql security definer set search_path = '' as $$
declare
  who public.customers;
  full_stop boolean;
begin
  if not app_private.take_public_call('unsubscribe:ip:' || app_private.public_caller_address(), 20, interval '10 minutes') then
    raise exception 'Too many requests' using errcode = 'P0429';
  end if;
  if not coalesce(route_sms, false) and not coalesce(marketing_sms, false) then
    raise exception 'Nothing to unsubscribe from' using errcode = '22023';
  end if;
  select * into who from public.customers c where c.uuid = customer_uuid;
  if who.id is null then
    return 'not_found';
  end if;
  full_stop := coalesce(route_sms, false) and (coalesce(marketing_sms, false) or not who.marketing_agreement);
  if route_sms then
    update public.stop_subscriptions set unsubscribed_at = now()
     where tenant_id = who.tenant_id and customer_id = who.id and unsubscribed_at is null;
    delete from public.sms_receivers r
     where r.tenant_id = who.tenant_id and r.customer_id = who.id
       and r.sms_sent_at is null and r.sms_queued_at is null and r.sms_sent_skipped_at is null;
  end if;
  update public.customers
     set marketing_agreement = case when marketing_sms then false else marketing_agreement end,
         sms_permission = case when full_stop then false else sms_permission end,
         updated_at = now()
   where tenant_id = who.tenant_id and id = who.id;
  return 'unsubscribed';
end;
$$;
comment on function public.public_tracking_unsubscribe(uuid, boolean, boolean) is
  'The tracking page''s unsubscribe by customer uuid: route SMS, marketing SMS, or both (a full unsubscribe: SMS permission withdrawn); answers unsubscribed or not_found; rate limited per address (P0429).';
revoke execute on function public.public_tracking_unsubscribe(uuid, boolean, boolean) from public;
grant execute on function public.public_tracking_unsubscribe(uuid, boolean, boolean) to anon, authenticated, service_role;

-- SMS links now open the tracking page at /{locale}/{stop uuid}?c={customer uuid}; the locale segment is the
-- tenant's public language ('dk' for Danish, 'no' otherwise, as the spec's brand rule says). The old
-- /{tenant}/track/{stop}/{customer} links already sent keep working: the router redirects them.
create function app_private.public_locale_segment(tenant_slug text) returns text
language sql stable security definer set search_path = '' as $$
  select case when (select t.locale from public.tenants t where t.slug = tenant_slug) = 'da' then 'dk' else 'no' end;
$$;
revoke execute on function app_private.public_locale_segment(text) from public;

-- Security definer: it reads the tenant's language, and anon may spell a link too (as before).
create or replace function public.sms_tracking_path(tenant_slug text, stop_uuid uuid, customer_uuid uuid) returns text
language sql stable security definer set search_path = '' as $$
  select format('/%s/%s?c=%s', app_private.public_locale_segment(tenant_slug), stop_uuid, customer_uuid);
$$;
comment on function public.sms_tracking_path(text, uuid, uuid) is 'The public tracking page of one stop for one customer, as SMS links and the router spell it: /{locale}/{stop uuid}?c={customer uuid}.';
