-- Double opt-in (issue 24 items 2, 5, 6): a phone number is no longer an identity.
-- - Subscribe is two steps: the request sends a code by SMS to the phone and answers with a request id only (alike
--   for known and unknown phones); the subscription, and the customer's uuid, come only with the right code.
-- - Unsubscribe by phone answers alike for every number and sends the customer's unsubscribe link to the phone; it
--   changes nothing by itself. Unsubscribe by link (the customer's uuid) is unchanged.
-- - Tracking feedback is given only by a receiver of the stop's visit.

-- The SMS the public pages send go through the outbox and its dispatcher like every other SMS.
alter table public.sms_outbox drop constraint sms_outbox_kind_check,
  add constraint sms_outbox_kind_check
  check (kind in ('arrival', 'renotify', 'template', 'custom', 'opt_in_code', 'unsubscribe_link'));
comment on column public.sms_outbox.kind is
  'arrival, renotify: the engine''s SMS; template, custom: staff''s; opt_in_code: a public subscribe''s confirmation code; unsubscribe_link: the link an unsubscribe by phone sends.';

-- Confirming a code: counted per caller and per request (the request itself allows 5 wrong codes).
insert into app_private.public_rate_limits (action, per_ip, ip_window_seconds, per_subject, subject_window_seconds)
values ('subscribe_confirm', 60, 600, 10, 600);

-- A subscribe waiting for its code. Only the trusted functions below read or write it (app_private is not exposed).
create table app_private.subscribe_requests (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  phone text not null,
  route_point_id bigint not null,
  depo_id bigint not null,
  address text,
  lat double precision,
  lng double precision,
  original_address text,
  original_lat double precision,
  original_lng double precision,
  marketing_agreement boolean not null,
  page text,
  sms_consent_text text,
  marketing_consent_text text,
  code_hash text not null,
  wrong_codes integer not null default 0,
  expires_at timestamptz not null,
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table app_private.subscribe_requests is
  'Public subscribes waiting for the SMS code: what was asked for, the consent texts shown, the code''s bcrypt hash, its expiry and wrong tries. Pruned a day after expiry.';
comment on column app_private.subscribe_requests.code_hash is 'bcrypt hash (pgcrypto crypt) of the 6-digit code sent to the phone; the code itself is kept nowhere but the SMS.';
comment on column app_private.subscribe_requests.wrong_codes is 'Wrong codes tried; at 5 the request is spent.';
create index subscribe_requests_expires_idx on app_private.subscribe_requests (expires_at);

-- A 6-digit code from the cryptographic generator (random() is predictable).
create function app_private.new_sms_code() returns text
language sql volatile set search_path = '' as $$
  select lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
$$;
revoke execute on function app_private.new_sms_code() from public;
comment on function app_private.new_sms_code() is 'A uniformly random 6-digit code for SMS confirmation.';

-- The site a public call names, when it is a brand's (not the worldwide one).
create function app_private.public_brand_site(site text)
returns table (tenant_id uuid, slug text, segment text, language text, phone_prefix text)
language sql stable security definer set search_path = '' as $$
  select tn.id, tn.slug, s.public_segment, s.language, s.phone_prefix
    from public.public_site(site) s join public.tenants tn on tn.slug = s.slug
   where not s.is_public;
$$;
revoke execute on function app_private.public_brand_site(text) from public;
comment on function app_private.public_brand_site(text) is 'Tenant, slug, segment, language and phone prefix of a brand''s public site; nothing for the worldwide site.';

-- Step 1 of the public subscribe (edge function public-subscribe only, after the captcha): counts the call per
-- phone and per caller, stores the request with the code's hash and sends the code by SMS. The answer is the
-- request's id whether or not the phone belongs to a customer.
create function public.request_public_subscription(
  site text,
  route_point_id bigint,
  phone text,
  address text,
  lat double precision,
  lng double precision,
  original_address text,
  original_lat double precision,
  original_lng double precision,
  marketing_agreement boolean,
  page text,
  sms_consent_text text,
  marketing_consent_text text,
  client_ip text
) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  t record;
  stop record;
  normalised text := app_private.public_phone(request_public_subscription.phone);
  code text := app_private.new_sms_code();
  request uuid;
begin
  select * into t from app_private.public_brand_site(site);
  if t.tenant_id is null then
    raise exception 'unknown_site' using errcode = 'PT404';
  end if;
  if normalised is null then
    raise exception 'invalid_phone' using errcode = '22023';
  end if;
  perform app_private.enforce_public_rate_limit('subscribe', t.slug || ':' || normalised, client_ip);
  select rp.id, rp.depo_id into stop
    from public.route_points rp
   where rp.tenant_id = t.tenant_id and rp.id = request_public_subscription.route_point_id and rp.deleted_at is null;
  if stop.id is null then
    raise exception 'unknown_stop' using errcode = 'PT404';
  end if;

  insert into app_private.subscribe_requests (tenant_id, phone, route_point_id, depo_id, address, lat, lng,
                                              original_address, original_lat, original_lng, marketing_agreement,
                                              page, sms_consent_text, marketing_consent_text, code_hash, expires_at)
  values (t.tenant_id, normalised, stop.id, stop.depo_id, left(address, 500),
          case when lat between -90 and 90 then lat end, case when lng between -180 and 180 then lng end,
          left(original_address, 500), original_lat, original_lng, coalesce(marketing_agreement, false),
          left(page, 300), left(sms_consent_text, 2000), left(marketing_consent_text, 2000),
          extensions.crypt(code, extensions.gen_salt('bf', 6)), now() + interval '10 minutes')
  returning id into request;

  insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, phone, text)
  values (t.tenant_id, stop.depo_id, 'opt_in_code:' || request, 'opt_in_code', normalised,
          case when t.language = 'dk'
               then format('Din kode er %s. Indtast den på siden for at tilmelde dig SMS. Koden gælder i 10 minutter.', code)
               else format('Koden din er %s. Skriv den inn på siden for å melde deg på SMS. Koden gjelder i 10 minutter.', code) end);
  perform app_private.sms_wake_dispatcher();
  return request;
end;
$$;
comment on function public.request_public_subscription(text, bigint, text, text, double precision, double precision, text, double precision, double precision, boolean, text, text, text, text) is
  'Public subscribe, step 1 (edge function public-subscribe only, after the captcha): sends a 6-digit code by SMS (10 minutes, 5 tries) and answers the request id alike for every phone; rate limited per phone and caller.';
revoke execute on function public.request_public_subscription(text, bigint, text, text, double precision, double precision, text, double precision, double precision, boolean, text, text, text, text) from public, anon, authenticated;
grant execute on function public.request_public_subscription(text, bigint, text, text, double precision, double precision, text, double precision, double precision, boolean, text, text, text, text) to service_role;

-- Step 2: the code from the SMS. A wrong code is an answer (its count must stay), not an error. The right one
-- makes the subscription: a new customer gets the address and the consents ticked; a known one gets SMS
-- permission back (the code proves the phone is theirs) and offers only when ticked. The consent records name
-- the page and the texts the request was made with.
create function public.confirm_public_subscription(site text, request_id uuid, code text, client_ip text)
returns table (outcome text, customer_uuid uuid)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  t record;
  request app_private.subscribe_requests;
  customer record;
begin
  select * into t from app_private.public_brand_site(site);
  perform app_private.enforce_public_rate_limit('subscribe_confirm', request_id::text, client_ip);
  select * into request from app_private.subscribe_requests r
   where r.id = confirm_public_subscription.request_id and r.tenant_id = t.tenant_id
   for update;
  if request.id is null or request.confirmed_at is not null or request.expires_at <= now() then
    return query select 'expired'::text, null::uuid;
    return;
  end if;
  if request.wrong_codes >= 5 then
    return query select 'too_many_attempts'::text, null::uuid;
    return;
  end if;
  if code is null or btrim(code) !~ '^[0-9]{6}$' or extensions.crypt(btrim(code), request.code_hash) <> request.code_hash then
    update app_private.subscribe_requests r set wrong_codes = r.wrong_codes + 1 where r.id = request.id;
    return query select case when request.wrong_codes + 1 >= 5 then 'too_many_attempts' else 'wrong_code' end, null::uuid;
    return;
  end if;
  update app_private.subscribe_requests r set confirmed_at = now() where r.id = request.id;

  perform app_private.state_consent_source('public_page', request.page, request.sms_consent_text,
                                           case when request.marketing_agreement then request.marketing_consent_text end);
  insert into public.customers as c (tenant_id, phone, sms_permission, marketing_agreement, address, lat, lng,
                                     original_address, original_lat, original_lng)
  values (request.tenant_id, request.phone, true, request.marketing_agreement, request.address, request.lat, request.lng,
          request.original_address, request.original_lat, request.original_lng)
  on conflict (tenant_id, phone) do update
    set sms_permission = true, marketing_agreement = c.marketing_agreement or excluded.marketing_agreement, updated_at = now()
  returning c.id, c.uuid into customer;

  insert into public.stop_subscriptions as s (tenant_id, customer_id, route_point_id, depo_id)
  values (request.tenant_id, customer.id, request.route_point_id, request.depo_id)
  on conflict (tenant_id, customer_id, route_point_id) do update
    set unsubscribed_at = null, subscribed_at = now()
    where s.unsubscribed_at is not null;
  return query select 'confirmed'::text, customer.uuid;
end;
$$;
comment on function public.confirm_public_subscription(text, uuid, text, text) is
  'Public subscribe, step 2 (edge function public-subscribe only): with the right code, subscribes the phone to the stop and answers the customer uuid; else wrong_code, too_many_attempts (5 wrong) or expired (10 minutes, used, unknown).';
revoke execute on function public.confirm_public_subscription(text, uuid, text, text) from public, anon, authenticated;
grant execute on function public.confirm_public_subscription(text, uuid, text, text) to service_role;

-- The one-step subscribe handed out a customer's uuid for a phone number: it is gone.
drop function public.subscribe_to_public_stop(text, bigint, text, text, double precision, double precision, text, double precision, double precision, boolean, text);

-- Unsubscribe by phone: the same answer for every number of the site ('link_sent'); a customer of the site who
-- still gets SMS is sent the link of their own unsubscribe page, where they choose (by link, no code needed).
create or replace function public.unsubscribe_public_phone(site text, phone text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  t record;
  normalised text := app_private.public_phone(unsubscribe_public_phone.phone);
  who record;
begin
  select * into t from app_private.public_brand_site(site);
  if t.tenant_id is null then
    return 'not_found';
  end if;
  perform app_private.enforce_public_rate_limit('unsubscribe', t.slug || ':' || coalesce(normalised, unsubscribe_public_phone.phone));
  select c.id, c.uuid,
         (select s.depo_id from public.stop_subscriptions s where s.tenant_id = c.tenant_id and s.customer_id = c.id
           order by s.unsubscribed_at is null desc, s.subscribed_at desc limit 1) as depo_id
    into who
    from public.customers c
   where normalised is not null and c.tenant_id = t.tenant_id and c.phone = normalised
     and (c.sms_permission or c.marketing_agreement
          or exists (select 1 from public.stop_subscriptions s
                      where s.tenant_id = c.tenant_id and s.customer_id = c.id and s.unsubscribed_at is null));
  if who.id is not null then
    insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, customer_id, phone, text)
    values (t.tenant_id,
            coalesce(who.depo_id, (select d.id from public.depos d where d.tenant_id = t.tenant_id order by d.id limit 1)),
            'unsubscribe_link:' || gen_random_uuid(), 'unsubscribe_link', who.id, normalised,
            format(case when t.language = 'dk'
                        then 'Afmeld SMS fra os her: %s'
                        else 'Meld deg av SMS fra oss her: %s' end,
                   (select rtrim(s.public_site_url, '/') from app_private.sms_settings s)
                     || format('/%s/unsubscribe/%s', t.segment, who.uuid)));
    perform app_private.sms_wake_dispatcher();
  end if;
  return 'link_sent';
end;
$$;
comment on function public.unsubscribe_public_phone(text, text) is
  'Public unsubscribe by phone: answers link_sent for every number (not_found only for an unknown site) and sends a customer who still gets SMS the link of their unsubscribe page; rate limited per IP and phone.';

-- Feedback: only a receiver of this stop's visit (the customer its SMS went to) may rate it.
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
    select c.* into who
      from public.customers c
     where c.uuid = customer_uuid and c.tenant_id = tracked.tenant_id
       and exists (select 1 from public.sms_receivers r
                    where r.tenant_id = c.tenant_id and r.customer_id = c.id
                      and r.plan_event_route_point_id = tracked.stop_id);
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
  'The tracking page''s feedback bar: one rating (thumbs, optional comment) per receiver of the stop''s visit, by the customer''s uuid; answers saved, already_given or not_found (not a receiver of this stop); rate limited per caller and per customer (rate_limited, HTTP 429).';

-- Old requests go with the rate-limit counters' pruning, a day after they expired.
create function app_private.prune_subscribe_requests() returns void
language sql volatile security definer set search_path = '' as $$
  delete from app_private.subscribe_requests r where r.expires_at < now() - interval '1 day';
$$;
revoke execute on function app_private.prune_subscribe_requests() from public;
comment on function app_private.prune_subscribe_requests() is 'Deletes subscribe requests a day after their code expired.';
select cron.schedule('prune-subscribe-requests', '17 3 * * *', $$select app_private.prune_subscribe_requests()$$);
