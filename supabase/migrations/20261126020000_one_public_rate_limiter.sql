-- One rate limiter for every public call. Subscribe and unsubscribe counted through
-- app_private.enforce_public_rate_limit, the tracking page's feedback and unsubscribe through a second limiter
-- (app_private.take_public_call) with its own table, IP reading and error. The tracking calls now use the first one,
-- with their limits kept as rows of app_private.public_rate_limits, and the second limiter is dropped.

-- The tracking feedback counts its customer per hour but its caller per 10 minutes: a window per counted side.
alter table app_private.public_rate_limits rename column window_seconds to ip_window_seconds;
alter table app_private.public_rate_limits
  add column subject_window_seconds integer check (subject_window_seconds between 1 and 86400),
  alter column per_subject drop not null;
update app_private.public_rate_limits set subject_window_seconds = ip_window_seconds;
alter table app_private.public_rate_limits
  add constraint public_rate_limits_subject_window_with_limit
  check ((per_subject is null) = (subject_window_seconds is null));
comment on table app_private.public_rate_limits is
  'Per-IP and per-subject (phone, customer) limits of each public action, each within its window; no per_subject: the action counts callers only.';

-- The limits the tracking functions enforced until now, unchanged: feedback 30 per IP in 10 minutes and 5 per
-- customer an hour (the 'feedback' row was not used before); its menu's unsubscribe 20 per IP in 10 minutes.
update app_private.public_rate_limits
   set per_ip = 30, ip_window_seconds = 600, per_subject = 5, subject_window_seconds = 3600
 where action = 'feedback';
insert into app_private.public_rate_limits (action, per_ip, ip_window_seconds, per_subject, subject_window_seconds)
values ('tracking_unsubscribe', 20, 600, null, null);

-- The counting step now lives inside the limiter itself.
drop function app_private.hit_rate_limit(text, text, integer, integer);

-- Counts one call per caller IP and one per subject (a normalised phone, a customer uuid) in fixed windows; over
-- either limit it raises 'rate_limited' with SQLSTATE PT429, which PostgREST answers as HTTP 429. ip null: the API
-- caller's IP (X-Forwarded-For as the gateway sets it); an edge function passes the IP it was called from. A subject
-- of any length is counted under a short key, so a huge input cannot break the counter's index.
create or replace function app_private.enforce_public_rate_limit(action text, subject text, ip text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  limits app_private.public_rate_limits;
  source text := left(coalesce(nullif(btrim(ip), ''), app_private.request_source_ip()), 64);
  who text := lower(btrim(subject));
  counted integer;
  over boolean := false;
begin
  select * into limits from app_private.public_rate_limits l where l.action = enforce_public_rate_limit.action;
  if limits.action is null then
    raise exception 'no rate limit for action %', enforce_public_rate_limit.action;
  end if;

  insert into app_private.rate_limit_counters as c (action, key, window_start)
  values (limits.action || ':ip', source,
          to_timestamp(floor(extract(epoch from now()) / limits.ip_window_seconds) * limits.ip_window_seconds))
  on conflict (action, key, window_start) do update set hits = c.hits + 1
  returning c.hits into counted;
  over := counted > limits.per_ip;

  if limits.per_subject is not null and who is not null and who <> '' then
    if length(who) > 100 then
      who := 'md5:' || md5(who);
    end if;
    insert into app_private.rate_limit_counters as c (action, key, window_start)
    values (limits.action || ':subject', who,
            to_timestamp(floor(extract(epoch from now()) / limits.subject_window_seconds) * limits.subject_window_seconds))
    on conflict (action, key, window_start) do update set hits = c.hits + 1
    returning c.hits into counted;
    over := over or counted > limits.per_subject;
  end if;

  if over then
    raise exception 'rate_limited' using errcode = 'PT429', hint = 'Too many requests, try again later.';
  end if;
end;
$$;
revoke execute on function app_private.enforce_public_rate_limit(text, text, text) from public;
comment on function app_private.enforce_public_rate_limit(text, text, text) is
  'The one limiter of the public calls: counts a call per IP and per subject; raises rate_limited (HTTP 429) over app_private.public_rate_limits.';

-- Feedback: the caller is counted before anything is looked up, so probing for uuids counts too. A refusal is an
-- answer ('not_found', 'already_given'), not an error, so that its count stays.
create or replace function public.public_tracking_feedback(stop_uuid uuid, customer_uuid uuid, positive boolean, comment text default null) returns text
language plpgsql security definer set search_path = '' as $$
declare
  tracked record;
  who public.customers;
begin
  if positive is null then
    raise exception 'positive is required' using errcode = '22023';
  end if;
  -- The feedback table holds 2000 characters; a longer comment is refused in words, not by the table's check.
  if length(comment) > 2000 then
    raise exception 'comment_too_long' using errcode = '22023', hint = 'A comment has at most 2000 characters.';
  end if;
  select * into tracked from app_private.tracked_stop(stop_uuid);
  if found then
    select * into who from public.customers c where c.uuid = customer_uuid and c.tenant_id = tracked.tenant_id;
  end if;
  -- The customer counts only once known: an unknown uuid is counted against the caller alone.
  perform app_private.enforce_public_rate_limit('feedback', who.uuid::text);
  if who.id is null then
    return 'not_found';
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
  'The tracking page''s feedback bar: one rating (thumbs, optional comment) per customer and stop, by the customer''s uuid; answers saved, already_given or not_found; rate limited per caller and per customer (rate_limited, HTTP 429).';

create or replace function public.public_tracking_unsubscribe(customer_uuid uuid, route_sms boolean default true, marketing_sms boolean default true) returns text
language plpgsql security definer set search_path = '' as $$
declare
  who public.customers;
  full_stop boolean;
begin
  perform app_private.enforce_public_rate_limit('tracking_unsubscribe', null);
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
  'The tracking page''s unsubscribe by customer uuid: route SMS, marketing SMS, or both (a full unsubscribe: SMS permission withdrawn); answers unsubscribed or not_found; rate limited per caller (rate_limited, HTTP 429).';

drop function app_private.take_public_call(text, integer, interval);
drop function app_private.public_caller_address();
drop table app_private.public_call_counts;
