-- SMS before arrival (issue 9), the dispatcher's steps. Exactly once rests on three rules:
--   1. a message is written to the outbox under a unique deduplication key before any provider sees it;
--   2. a dispatcher claims outbox rows with `for update skip locked` and a lease; a claim not yet handed to the
--      provider (submitted_at null) may be taken over when its lease ends, one already handed over never is:
--      when its outcome does not come back it becomes `unknown` (a delivery report may still settle it);
--   3. statuses only move forward (queued < sending < unknown < sent < final), so a late or repeated report
--      changes nothing.
-- The TypeScript dispatcher (edge-functions/_shared/sms/) calls these as the service role; the local provider
-- and the cron tick use them from SQL.

-- The number the provider gets (+ and digits), or null when it cannot be a phone number.
create function app_private.sms_e164(phone text, prefix text) returns text
language sql immutable set search_path = '' as $$
  select case when n ~ '^\+[1-9][0-9]{7,14}$' then n end
  from (select case when phone like '+%' then phone when prefix is not null then prefix || phone end as n) x;
$$;
grant execute on function app_private.sms_e164(text, text) to authenticated, service_role;

-- The link a customer's SMS carries.
create function app_private.sms_tracking_url(tenant_slug text, stop_uuid uuid, customer_uuid uuid) returns text
language sql stable set search_path = '' as $$
  select rtrim(s.public_site_url, '/') || public.sms_tracking_path(tenant_slug, stop_uuid, customer_uuid) from app_private.sms_settings s;
$$;
revoke execute on function app_private.sms_tracking_url(text, uuid, uuid) from public;

create function app_private.sms_status_rank(status public.sms_status) returns integer
language sql immutable set search_path = '' as $$
  select case status when 'queued' then 0 when 'sending' then 1 when 'unknown' then 2 when 'sent' then 3 else 4 end;
$$;
revoke execute on function app_private.sms_status_rank(public.sms_status) from public;

-- Receivers whose send time has come: each is skipped with its reasons or written to the outbox, once.
create function public.sms_enqueue_due(max_rows integer default 500) returns integer
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
             case when p.point_visited is not null then 'point_visited' end,
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
comment on function public.sms_enqueue_due(integer) is 'Dispatcher step 1 (service role): due receivers are skipped with their reasons or written to the outbox under a unique key.';

-- One updated SMS when the truck slipped after the arrival SMS went out. No update for a customer who may no
-- longer get SMS or a stop already reached; the dedup key keeps it to one per receiver (one stop of one day).
create function public.sms_enqueue_renotify(max_rows integer default 500) returns integer
language plpgsql set search_path = '' as $$
declare
  handled integer;
begin
  with due as (
    select r.id from public.sms_receivers r
     where r.renotify_should_send_at <= now() and r.renotified_at is null
     order by r.renotify_should_send_at
     limit max_rows
     for update of r skip locked
  ), facts as (
    select r.id, r.tenant_id, r.depo_id, r.customer_id, r.plan_event_route_point_id, p.plan_event_id,
           app_private.sms_e164(c.phone, t.phone_prefix) as phone,
           format('Update: the truck is delayed and now expected at %s. ', to_char(p.google_estimate_time at time zone t.time_zone, 'HH24:MI'))
             || app_private.sms_tracking_url(t.slug, p.uuid, c.uuid) as text,
           c.sms_permission and pe.sms_stopped_at is null and r.sms_stopped_at is null and p.point_visited is null
             and app_private.sms_e164(c.phone, t.phone_prefix) is not null
             and not exists (select 1 from public.stop_subscriptions s
                              where s.tenant_id = r.tenant_id and s.customer_id = r.customer_id
                                and s.route_point_id = p.route_point_id and s.unsubscribed_at is not null) as may_send
      from due
      join public.sms_receivers r on r.id = due.id
      join public.customers c on c.id = r.customer_id
      join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
      join public.plan_events pe on pe.id = p.plan_event_id
      join public.tenants t on t.id = r.tenant_id
  ), queued as (
    insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, sms_receiver_id, customer_id, plan_event_id,
                                   plan_event_route_point_id, phone, text)
    select f.tenant_id, f.depo_id, 'renotify:' || f.id, 'renotify', f.id, f.customer_id, f.plan_event_id, f.plan_event_route_point_id, f.phone, f.text
      from facts f where f.may_send
    on conflict (dedup_key) do nothing
    returning 1
  ), marked as (
    update public.sms_receivers r set renotified_at = now() from facts f where r.id = f.id returning 1
  )
  select count(*) into handled from marked;
  return handled;
end;
$$;
comment on function public.sms_enqueue_renotify(integer) is 'Dispatcher step 1b (service role): the one updated SMS of a receiver whose truck slipped.';

-- Step 2: claim outbox rows. A row held by a dispatcher that never handed it over is taken over when the lease ends.
create function public.sms_claim(token uuid, max_rows integer default 100) returns setof public.sms_outbox
language sql set search_path = '' as $$
  update public.sms_outbox o
     set status = 'sending', claim_token = token, status_at = now(),
         claim_expires_at = now() + make_interval(secs => (select s.claim_lease_seconds from app_private.sms_settings s))
   where o.id in (select x.id from public.sms_outbox x
                   where x.status = 'queued' or (x.status = 'sending' and x.submitted_at is null and x.claim_expires_at < now())
                   order by x.id limit max_rows
                   for update skip locked)
  returning o.*;
$$;
comment on function public.sms_claim(uuid, integer) is 'Dispatcher step 2 (service role): claims queued messages (skip locked) under a lease.';

-- Step 3 (real providers): the claims still held, marked as handed to the provider. Only these may be sent.
create function public.sms_mark_submitted(token uuid, ids bigint[]) returns setof bigint
language sql set search_path = '' as $$
  update public.sms_outbox o set submitted_at = now()
   where o.id = any (ids) and o.claim_token = token and o.status = 'sending' and o.submitted_at is null
  returning o.id;
$$;
comment on function public.sms_mark_submitted(uuid, bigint[]) is 'Dispatcher step 3 (service role): records the hand-over before the provider call; a row not returned must not be sent.';

-- A receiver's SMS counts as sent once the provider has it.
create function app_private.sms_mark_receivers_sent(ids bigint[]) returns void
language sql set search_path = '' as $$
  update public.sms_receivers r set sms_sent_at = coalesce(o.sent_at, now())
    from public.sms_outbox o
   where o.id = any (ids) and o.kind = 'arrival' and r.id = o.sms_receiver_id and r.sms_sent_at is null
     and o.status in ('sent', 'delivered');
$$;
revoke execute on function app_private.sms_mark_receivers_sent(bigint[]) from public;
grant execute on function app_private.sms_mark_receivers_sent(bigint[]) to service_role;

-- Step 4: the provider's answers: [{ "id", "outcome": "sent" | "failed" | "unknown", "provider", "provider_message_id", "error" }].
create function public.sms_record_results(token uuid, results jsonb) returns integer
language plpgsql set search_path = '' as $$
declare
  changed bigint[];
begin
  with answer as (
    select (a ->> 'id')::bigint as id, (a ->> 'outcome')::public.sms_status as outcome, a ->> 'provider' as provider,
           a ->> 'provider_message_id' as provider_message_id, a ->> 'error' as error
      from jsonb_array_elements(results) a
     where a ->> 'outcome' in ('sent', 'failed', 'unknown')
  ), updated as (
    update public.sms_outbox o
       set status = a.outcome, status_at = now(), provider = coalesce(a.provider, o.provider),
           provider_message_id = coalesce(a.provider_message_id, o.provider_message_id), error = a.error,
           sent_at = case when a.outcome = 'sent' then coalesce(o.sent_at, now()) else o.sent_at end
      from answer a
     where o.id = a.id and o.claim_token = token and o.submitted_at is not null
       and app_private.sms_status_rank(a.outcome) > app_private.sms_status_rank(o.status)
    returning o.id
  )
  select array_agg(id) into changed from updated;
  perform app_private.sms_mark_receivers_sent(coalesce(changed, '{}'));
  return coalesce(cardinality(changed), 0);
end;
$$;
comment on function public.sms_record_results(uuid, jsonb) is 'Dispatcher step 4 (service role): the provider''s answers; statuses only move forward.';

-- The local provider: the outbox is the provider, so handing over and being sent are one atomic change.
create function public.sms_local_provider_send(token uuid, ids bigint[]) returns integer
language plpgsql set search_path = '' as $$
declare
  sent bigint[];
begin
  with updated as (
    update public.sms_outbox o
       set status = 'sent', provider = 'local', provider_message_id = 'local-' || o.id, submitted_at = now(), sent_at = now(), status_at = now()
     where o.id = any (ids) and o.claim_token = token and o.status = 'sending' and o.submitted_at is null
    returning o.id
  )
  select array_agg(id) into sent from updated;
  perform app_private.sms_mark_receivers_sent(coalesce(sent, '{}'));
  return coalesce(cardinality(sent), 0);
end;
$$;
comment on function public.sms_local_provider_send(uuid, bigint[]) is 'The local SMS provider (service role): sends claimed messages by recording them as sent.';

-- Handed over, lease over, no answer: the dispatcher died or the provider never answered. Never resent blindly.
create function public.sms_expire_claims() returns integer
language sql set search_path = '' as $$
  with expired as (
    update public.sms_outbox o
       set status = 'unknown', status_at = now(), error = 'No answer from the SMS provider; not resent, waiting for a delivery report'
     where o.status = 'sending' and o.submitted_at is not null and o.claim_expires_at < now()
    returning 1
  )
  select count(*)::integer from expired;
$$;
comment on function public.sms_expire_claims() is 'Dispatcher housekeeping (service role): handed-over messages without an outcome become unknown.';

-- A delivery report: matched by the outbox id the provider echoes (userref) and its message id. Upserted
-- forward only, so duplicates and reports out of order change nothing.
create function public.sms_record_delivery_report(tenant_slug text, provider_name text, outbox_id bigint, message_id text,
                                                  report_status public.sms_status, provider_report_status text,
                                                  report_error text default null) returns boolean
language plpgsql set search_path = '' as $$
declare
  changed bigint;
begin
  update public.sms_outbox o
     set status = report_status, status_at = now(), provider_status = provider_report_status,
         provider_message_id = coalesce(o.provider_message_id, message_id), provider = coalesce(o.provider, provider_name),
         error = coalesce(report_error, o.error), sent_at = coalesce(o.sent_at, now())
   where o.id = outbox_id and o.submitted_at is not null
     and o.tenant_id = (select t.id from public.tenants t where t.slug = tenant_slug)
     and (o.provider_message_id is null or message_id is null or o.provider_message_id = message_id)
     and app_private.sms_status_rank(report_status) > app_private.sms_status_rank(o.status)
  returning o.id into changed;
  if changed is null then
    return false;
  end if;
  perform app_private.sms_mark_receivers_sent(array[changed]);
  return true;
end;
$$;
comment on function public.sms_record_delivery_report(text, text, bigint, text, public.sms_status, text, text) is
  'Delivery-report webhook (service role): moves an outbox row forward to the reported status; never back from a final one.';

-- The dispatcher's steps run as the service role and read the settings and helpers they need.
grant select on app_private.sms_settings to service_role;
grant execute on function app_private.sms_tracking_url(text, uuid, uuid), app_private.sms_status_rank(public.sms_status) to service_role;

revoke execute on function public.sms_enqueue_due(integer), public.sms_enqueue_renotify(integer), public.sms_claim(uuid, integer),
  public.sms_mark_submitted(uuid, bigint[]), public.sms_record_results(uuid, jsonb), public.sms_local_provider_send(uuid, bigint[]),
  public.sms_expire_claims(), public.sms_record_delivery_report(text, text, bigint, text, public.sms_status, text, text)
  from public, anon, authenticated;
grant execute on function public.sms_enqueue_due(integer), public.sms_enqueue_renotify(integer), public.sms_claim(uuid, integer),
  public.sms_mark_submitted(uuid, bigint[]), public.sms_record_results(uuid, jsonb), public.sms_local_provider_send(uuid, bigint[]),
  public.sms_expire_claims(), public.sms_record_delivery_report(text, text, bigint, text, public.sms_status, text, text)
  to service_role;

-- The whole dispatcher with the local provider, in SQL: what the cron tick and a wake run when no real
-- provider is configured.
create function app_private.sms_dispatch_locally(batch integer) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  token uuid := gen_random_uuid();
  sent integer := 0;
  claimed bigint[];
begin
  perform public.sms_enqueue_due(batch);
  perform public.sms_enqueue_renotify(batch);
  loop
    select array_agg(c.id) into claimed from public.sms_claim(token, batch) c;
    exit when claimed is null;
    sent := sent + public.sms_local_provider_send(token, claimed);
  end loop;
  return sent;
end;
$$;
revoke execute on function app_private.sms_dispatch_locally(integer) from public;

-- Every minute: housekeeping, then the dispatcher (the edge function when a real provider is configured).
create function app_private.sms_dispatch_tick() returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.sms_expire_claims();
  if exists (select 1 from vault.decrypted_secrets s where s.name = 'sms_dispatch_url') then
    perform app_private.sms_wake_dispatcher();
  else
    -- Several rounds, so a backlog drains within the minute.
    for i in 1 .. 20 loop
      exit when app_private.sms_dispatch_locally(500) = 0
            and not exists (select 1 from public.sms_receivers r
                             where r.sms_queued_at is null and r.sms_sent_at is null and r.sms_sent_skipped_at is null
                               and r.sms_should_send_at <= now());
    end loop;
  end if;
end;
$$;
revoke execute on function app_private.sms_dispatch_tick() from public;

select cron.schedule('sms-dispatch', '* * * * *', $$select app_private.sms_dispatch_tick()$$);
