-- The updated SMS (the truck slipped more than 15 minutes after the arrival SMS) in the customer's language, from
-- the depo's texts like the arrival SMS (depos.sms_text), instead of one English sentence fixed in SQL.
--
--   customers.locale         the language a customer reads (set when they subscribe); null: the tenant's
--   depos.sms_update_texts   the depo's update text per language, e.g. {"da": "...", "nb": "..."}; `{time}` is
--                            replaced by the new expected time (HH:MM in the tenant's time zone)
-- The text used: the depo's text in the customer's language, else the depo's text in the tenant's language, else
-- the built-in text in the customer's language. The tracking link follows, as on every SMS.

alter table public.customers
  add column locale text check (locale in ('da', 'nb', 'ro', 'en'));
comment on column public.customers.locale is 'The language of the SMS the customer gets; null means the tenant''s locale.';

alter table public.depos
  add column sms_update_texts jsonb not null default '{}'::jsonb
    check (jsonb_typeof(sms_update_texts) = 'object');
comment on column public.depos.sms_update_texts is
  'The updated-SMS text per language ({"da": "...", "nb": "..."}, at most 1000 characters each); {time} becomes the new expected time.';

-- Each text of a depo: a known language and a string that fits in an SMS with its link.
create function app_private.sms_update_texts_are_valid(texts jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(bool_and(t.key in ('da', 'nb', 'ro', 'en') and jsonb_typeof(t.value) = 'string'
                           and length(t.value #>> '{}') between 1 and 1000), true)
    from jsonb_each(texts) t;
$$;
alter table public.depos add constraint depos_sms_update_texts_valid check (app_private.sms_update_texts_are_valid(sms_update_texts));

create function app_private.sms_update_text(depo_texts jsonb, customer_locale text, tenant_locale text, expected_at text)
returns text
language sql immutable set search_path = '' as $$
  select replace(coalesce(
    nullif(btrim(depo_texts ->> coalesce(customer_locale, tenant_locale)), ''),
    nullif(btrim(depo_texts ->> tenant_locale), ''),
    case coalesce(customer_locale, tenant_locale)
      when 'da' then 'Opdatering: Bilen er forsinket og forventes nu ved dit stop kl. {time}.'
      when 'nb' then 'Oppdatering: Bilen er forsinket og er nå ventet ved ditt stopp kl. {time}.'
      when 'ro' then 'Actualizare: mașina întârzie și este acum așteptată la ora {time}.'
      else 'Update: the truck is delayed and now expected at {time}.'
    end), '{time}', expected_at);
$$;
comment on function app_private.sms_update_text(jsonb, text, text, text) is
  'The updated-SMS text: the depo''s in the customer''s language, else in the tenant''s, else the built-in one in the customer''s language.';
revoke execute on function app_private.sms_update_text(jsonb, text, text, text) from public;
grant execute on function app_private.sms_update_text(jsonb, text, text, text) to service_role;

-- As in 20261124050100_sms_dispatch.sql, with the text above.
create or replace function public.sms_enqueue_renotify(max_rows integer default 500) returns integer
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
           app_private.sms_update_text(d.sms_update_texts, c.locale, t.locale,
                                       to_char(p.google_estimate_time at time zone t.time_zone, 'HH24:MI'))
             || ' ' || app_private.sms_tracking_url(t.slug, p.uuid, c.uuid) as text,
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
      join public.depos d on d.id = r.depo_id
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
