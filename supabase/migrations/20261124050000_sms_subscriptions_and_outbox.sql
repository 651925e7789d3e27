-- SMS before arrival (issue 9), the data: subscriptions to a recurring stop, each depo's lead time, the
-- receivers' send times that follow the stop's estimate, and the outbox every SMS is written to before a
-- provider sees it. The dispatcher is in ..._sms_dispatch.sql, the staff actions in ..._sms_staff_actions.sql.

-- How long before the truck's estimated arrival the SMS goes out. The depo's texts say "about 30 minutes"
-- (Norwegian) or 10-15 (Danish), so it is the depo's choice, next to its text.
alter table public.depos add column sms_lead_minutes integer not null default 30 check (sms_lead_minutes between 5 and 120);
comment on column public.depos.sms_lead_minutes is 'Minutes before the estimated arrival that the arrival SMS is sent; matches what sms_text promises.';

-- Staff stopped SMS for the whole plan event (stop_sending_sms).
alter table public.plan_events add column sms_stopped_at timestamptz;

alter table public.sms_receivers
  add column sms_queued_at timestamptz,
  add column sms_estimate_at_send timestamptz,
  add column renotify_should_send_at timestamptz,
  add column renotified_at timestamptz;
comment on column public.sms_receivers.sms_queued_at is 'When the dispatcher put the arrival SMS in the outbox (or recorded its skip).';
comment on column public.sms_receivers.sms_estimate_at_send is 'The stop''s estimate the arrival SMS announced; a later slip of more than 15 minutes sends one update.';
create index sms_receivers_due_idx on public.sms_receivers (sms_should_send_at)
  where sms_queued_at is null and sms_sent_at is null and sms_sent_skipped_at is null;
create index sms_receivers_renotify_due_idx on public.sms_receivers (renotify_should_send_at)
  where renotify_should_send_at is not null and renotified_at is null;

-- A customer's subscription to a recurring stop (a route point), not to one visit: every upcoming plan event
-- that visits the point gets an SMS receiver for them. Ending it keeps the row, so a skip can say why.
create table public.stop_subscriptions (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  customer_id bigint not null,
  route_point_id bigint not null,
  depo_id bigint not null,
  subscribed_at timestamptz not null default now(),
  unsubscribed_at timestamptz,
  primary key (tenant_id, id),
  unique (id),
  unique (tenant_id, customer_id, route_point_id),
  foreign key (tenant_id, customer_id) references public.customers (tenant_id, id) on delete cascade,
  foreign key (tenant_id, route_point_id) references public.route_points (tenant_id, id) on delete cascade
);
comment on table public.stop_subscriptions is 'A customer subscribed to SMS before the truck reaches a route point, on every plan event that visits it.';
create index stop_subscriptions_route_point_idx on public.stop_subscriptions (tenant_id, route_point_id) where unsubscribed_at is null;
select app_private.secure_depo_table('public.stop_subscriptions', '{admin,depo_admin,support}');

-- Provider states of one SMS. queued: written, no dispatcher has it; sending: a dispatcher holds it (and
-- handed it to the provider once submitted_at is set); unknown: handed over but the outcome never came back
-- (timeout, dispatcher gone), so it is never resent blindly; sent: the provider took it; delivered,
-- undelivered, failed: final.
create type public.sms_status as enum ('queued', 'sending', 'unknown', 'sent', 'delivered', 'undelivered', 'failed');

-- Every SMS, written with its deduplication key before any provider is called: a second write of the same
-- message is a no-op, so no race or retry can send it twice. No foreign keys to customers or stops: the record
-- of what was sent outlives a customer deleted at night.
create table public.sms_outbox (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  id bigint generated always as identity,
  depo_id bigint not null,
  dedup_key text not null unique,
  kind text not null check (kind in ('arrival', 'renotify', 'template', 'custom')),
  sms_receiver_id bigint,
  customer_id bigint,
  plan_event_id bigint,
  plan_event_route_point_id bigint,
  phone text not null,
  text text not null check (length(text) between 1 and 1600),
  status public.sms_status not null default 'queued',
  provider text,
  provider_message_id text,
  provider_status text,
  claim_token uuid,
  claim_expires_at timestamptz,
  submitted_at timestamptz,
  sent_at timestamptz,
  status_at timestamptz not null default now(),
  error text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (id),
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
);
comment on table public.sms_outbox is 'Every SMS with its deduplication key and provider status; the local provider''s sent messages. Staff read it; only the dispatcher writes it.';
create index sms_outbox_pending_idx on public.sms_outbox (id) where status in ('queued', 'sending');
create index sms_outbox_plan_event_idx on public.sms_outbox (tenant_id, plan_event_id);
create index sms_outbox_created_idx on public.sms_outbox (tenant_id, depo_id, created_at desc);
create index sms_outbox_provider_message_idx on public.sms_outbox (provider, provider_message_id) where provider_message_id is not null;
-- Read by the depo's staff; no client role writes (the dispatcher and the staff actions are trusted functions).
select app_private.secure_depo_table('public.sms_outbox', '{}');

-- Where an SMS's tracking link points, in one place: the customer's public page for this stop.
create function public.sms_tracking_path(tenant_slug text, stop_uuid uuid, customer_uuid uuid) returns text
language sql immutable set search_path = '' as $$
  select format('/%s/track/%s/%s', tenant_slug, stop_uuid, customer_uuid);
$$;
comment on function public.sms_tracking_path(text, uuid, uuid) is 'The public tracking page of one stop for one customer, as SMS links and the router spell it.';
grant execute on function public.sms_tracking_path(text, uuid, uuid) to anon, authenticated, service_role;

-- Settings of the SMS engine that are not secrets (one row). The dispatch endpoint and its key, when the real
-- provider is used, are Vault secrets (sms_dispatch_url, sms_dispatch_key), never here.
create table app_private.sms_settings (
  singleton boolean primary key default true check (singleton),
  public_site_url text not null default 'http://127.0.0.1:54321',
  too_late_minutes integer not null default 5 check (too_late_minutes >= 0),
  renotify_slip_minutes integer not null default 15 check (renotify_slip_minutes > 0),
  claim_lease_seconds integer not null default 30 check (claim_lease_seconds > 0)
);
insert into app_private.sms_settings default values;
comment on table app_private.sms_settings is
  'public_site_url: base of tracking links; too_late_minutes: an arrival SMS later than this before the estimate is skipped; renotify_slip_minutes: slip that sends one update; claim_lease_seconds: how long a dispatcher holds a claim.';

-- The receiver's send time: the stop's estimate minus the depo's lead time.
create function app_private.sms_send_time(estimate timestamptz, depo bigint) returns timestamptz
language sql stable set search_path = '' as $$
  select estimate - make_interval(mins => d.sms_lead_minutes) from public.depos d where d.id = depo;
$$;
revoke execute on function app_private.sms_send_time(timestamptz, bigint) from public;

create function app_private.sms_receiver_send_time() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.sms_should_send_at is null then
    new.sms_should_send_at := app_private.sms_send_time(
      (select p.google_estimate_time from public.plan_event_route_points p where p.id = new.plan_event_route_point_id), new.depo_id);
  end if;
  return new;
end;
$$;
revoke execute on function app_private.sms_receiver_send_time() from public;
create trigger sms_receivers_send_time before insert on public.sms_receivers
  for each row execute function app_private.sms_receiver_send_time();

-- When a stop's estimate moves: pending receivers follow it; a receiver whose SMS went out gets one update when
-- the truck now comes more than renotify_slip_minutes later than the SMS said (at most one per stop and day:
-- a receiver is one customer at one stop of one plan event, and renotified_at closes it).
create function app_private.sms_follow_estimate() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  slip interval := make_interval(mins => (select s.renotify_slip_minutes from app_private.sms_settings s));
begin
  update public.sms_receivers r
     set sms_should_send_at = app_private.sms_send_time(n.google_estimate_time, r.depo_id)
    from new_points n join old_points o on o.id = n.id
   where r.plan_event_route_point_id = n.id
     and n.google_estimate_time is distinct from o.google_estimate_time
     and r.sms_queued_at is null and r.sms_sent_at is null and r.sms_sent_skipped_at is null;

  update public.sms_receivers r
     set renotify_should_send_at = now()
    from new_points n join old_points o on o.id = n.id
   where r.plan_event_route_point_id = n.id
     and n.google_estimate_time is distinct from o.google_estimate_time
     and r.sms_estimate_at_send is not null
     and n.google_estimate_time > r.sms_estimate_at_send + slip
     and r.renotify_should_send_at is null and r.renotified_at is null
     and n.point_visited is null;

  -- Something may be due now: wake the dispatcher instead of waiting for the next minute.
  if exists (select 1 from new_points n join old_points o on o.id = n.id
              join public.sms_receivers r on r.plan_event_route_point_id = n.id
             where n.google_estimate_time is distinct from o.google_estimate_time
               and ((r.sms_queued_at is null and r.sms_sent_skipped_at is null and r.sms_sent_at is null and r.sms_should_send_at <= now())
                    or (r.renotify_should_send_at is not null and r.renotified_at is null))) then
    perform app_private.sms_wake_dispatcher();
  end if;
  return null;
end;
$$;
revoke execute on function app_private.sms_follow_estimate() from public;

-- Subscribers of a stop get a receiver on each upcoming plan event that visits it.
create function app_private.sms_receivers_for_new_stops() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id)
  select n.tenant_id, s.customer_id, n.id, n.depo_id
    from new_points n
    join public.plan_events pe on pe.id = n.plan_event_id
    join public.tenants t on t.id = n.tenant_id
    join public.stop_subscriptions s on s.tenant_id = n.tenant_id and s.route_point_id = n.route_point_id and s.unsubscribed_at is null
   where pe.date >= (now() at time zone t.time_zone)::date
  on conflict (tenant_id, plan_event_route_point_id, customer_id) do nothing;
  return null;
end;
$$;
revoke execute on function app_private.sms_receivers_for_new_stops() from public;

create function app_private.sms_receivers_for_subscription() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.unsubscribed_at is not null then
    -- Ended: the visits not yet texted are skipped now, with the reason.
    update public.sms_receivers r
       set sms_sent_skipped_at = now(), reason_of_sms_skip = 'unsubscribed',
           full_description_of_sms_skip = app_private.sms_skip_description(array['unsubscribed'])
      from public.plan_event_route_points p
     where p.id = r.plan_event_route_point_id and p.route_point_id = new.route_point_id
       and r.tenant_id = new.tenant_id and r.customer_id = new.customer_id
       and r.sms_queued_at is null and r.sms_sent_at is null and r.sms_sent_skipped_at is null;
    return null;
  end if;
  if tg_op = 'UPDATE' and old.unsubscribed_at is null then
    return null;
  end if;
  insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id)
  select p.tenant_id, new.customer_id, p.id, p.depo_id
    from public.plan_event_route_points p
    join public.plan_events pe on pe.id = p.plan_event_id
    join public.tenants t on t.id = p.tenant_id
   where p.tenant_id = new.tenant_id and p.route_point_id = new.route_point_id
     and pe.date >= (now() at time zone t.time_zone)::date
     and p.point_visited is null
  on conflict (tenant_id, plan_event_route_point_id, customer_id) do update
    -- A customer who comes back gets the visits their unsubscribe skipped.
    set sms_sent_skipped_at = null, reason_of_sms_skip = null, full_description_of_sms_skip = null
    where public.sms_receivers.reason_of_sms_skip = 'unsubscribed' and public.sms_receivers.sms_queued_at is null;
  return null;
end;
$$;
revoke execute on function app_private.sms_receivers_for_subscription() from public;

-- Human words for the skip reasons, in one place; full_description_of_sms_skip joins them with commas.
create function app_private.sms_skip_description(reasons text[]) returns text
language sql immutable set search_path = '' as $$
  select string_agg(case r
    when 'no_sms_permission' then 'the customer has no SMS permission'
    when 'unsubscribed' then 'the customer unsubscribed from this stop'
    when 'sms_stopped' then 'SMS was stopped for this plan event'
    when 'point_visited' then 'the truck has already visited the stop'
    when 'invalid_phone' then 'the phone number is not valid'
    when 'too_late' then 'the truck arrives too soon for the SMS to be useful'
    else r end, ', ' order by ord)
  from unnest(reasons) with ordinality u(r, ord);
$$;
grant execute on function app_private.sms_skip_description(text[]) to authenticated, service_role;

-- Wakes the dispatcher: with the real provider, a call to its edge function (pg_net, sent after commit);
-- with the local provider, the due messages are sent right away in this transaction (the outbox is the
-- provider, so they commit or roll back together with the change that made them due).
create function app_private.sms_wake_dispatcher() returns void
language plpgsql security definer set search_path = '' as $$
declare
  dispatch_url text := (select s.decrypted_secret from vault.decrypted_secrets s where s.name = 'sms_dispatch_url');
  dispatch_key text := (select s.decrypted_secret from vault.decrypted_secrets s where s.name = 'sms_dispatch_key');
begin
  if dispatch_url is not null then
    perform net.http_post(dispatch_url, '{}'::jsonb, '{}'::jsonb,
      jsonb_build_object('Authorization', 'Bearer ' || coalesce(dispatch_key, ''), 'Content-Type', 'application/json'), 15000);
  else
    perform app_private.sms_dispatch_locally(500);
  end if;
end;
$$;
revoke execute on function app_private.sms_wake_dispatcher() from public;

create trigger plan_event_route_points_sms_receivers after insert on public.plan_event_route_points
  referencing new table as new_points
  for each statement execute function app_private.sms_receivers_for_new_stops();
create trigger plan_event_route_points_sms_follow_estimate after update on public.plan_event_route_points
  referencing new table as new_points old table as old_points
  for each statement execute function app_private.sms_follow_estimate();
create trigger stop_subscriptions_sms_receivers after insert or update of unsubscribed_at on public.stop_subscriptions
  for each row execute function app_private.sms_receivers_for_subscription();
