-- What the page promises, the SMS keeps (issue 25 item 15). The arrival SMS said what the depo's sms_text said
-- (seeded in English for every depo, "about 30 minutes" whatever the depo's lead time) and the Danish page promised
-- 10-15 minutes. Now one number, depos.sms_lead_minutes, drives all three: when the SMS is sent, what it says
-- (`{minutes}` in the text becomes the lead time) and what the public pages state (public_sms_lead_minutes).
--
-- The arrival text a customer reads: the depo's sms_text when the customer reads the tenant's language (the depo
-- writes it in that language), else a built-in text in the customer's language, so a Danish customer never gets
-- another language's text.

create function app_private.sms_arrival_text(depo_text text, lead_minutes integer, customer_locale text, tenant_locale text)
returns text
language sql immutable set search_path = '' as $$
  select replace(coalesce(
    case when coalesce(customer_locale, tenant_locale) = tenant_locale then nullif(btrim(depo_text), '') end,
    case coalesce(customer_locale, tenant_locale)
      when 'da' then 'Isbilen er på vej og er ved dit stop om ca. {minutes} minutter.'
      when 'nb' then 'Isbilen er på vei og er ved stoppet ditt om ca. {minutes} minutter.'
      when 'ro' then 'Mașina de înghețată este pe drum și ajunge la oprirea ta în aproximativ {minutes} minute.'
      else 'The ice cream truck is on its way and reaches your stop in about {minutes} minutes.'
    end), '{minutes}', lead_minutes::text);
$$;
comment on function app_private.sms_arrival_text(text, integer, text, text) is
  'The arrival SMS text: the depo''s sms_text for customers reading the tenant''s language, else a built-in one in the customer''s language; {minutes} becomes the depo''s lead time.';
revoke execute on function app_private.sms_arrival_text(text, integer, text, text) from public;
grant execute on function app_private.sms_arrival_text(text, integer, text, text) to service_role;

comment on column public.depos.sms_text is
  'The arrival SMS in the tenant''s language; {minutes} becomes sms_lead_minutes, so the text cannot promise another time.';

-- As in 20261125020000_position_queue.sql, with the arrival text above, and a valid number outside the tenant's
-- allowed mobile ranges skipped with 'refused_destination' (the outbox guard would fail it anyway; this keeps the
-- receiver's reason visible).
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
           app_private.sms_arrival_text(d.sms_text, d.sms_lead_minutes, c.locale, t.locale)
             || ' ' || app_private.sms_tracking_url(t.slug, p.uuid, c.uuid) as text,
           array_remove(array[
             case when not c.sms_permission then 'no_sms_permission' end,
             case when exists (select 1 from public.stop_subscriptions s
                                where s.tenant_id = r.tenant_id and s.customer_id = r.customer_id
                                  and s.route_point_id = p.route_point_id and s.unsubscribed_at is not null) then 'unsubscribed' end,
             case when pe.sms_stopped_at is not null or r.sms_stopped_at is not null then 'sms_stopped' end,
             case when p.point_visited then 'point_visited' when not p.point_visited then 'stop_skipped' end,
             case when app_private.sms_e164(c.phone, t.phone_prefix) is null then 'invalid_phone'
                  when app_private.sms_destination_refusal(app_private.sms_e164(c.phone, t.phone_prefix), t.id) is not null
                    then 'refused_destination' end,
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

-- How long before the truck the arrival SMS comes, as the public pages state it: the lead time of the stop's depo
-- when a stop (route point) is given, else the range over the site's depos that have stops. No row: no such site.
create function public.public_sms_lead_minutes(site text, stop_route_point_id bigint default null)
returns table (min_minutes integer, max_minutes integer)
language sql stable security definer set search_path = '' as $$
  select min(d.sms_lead_minutes), max(d.sms_lead_minutes)
    from public.public_site(site) s
    join public.tenants t on t.slug = s.slug and not t.is_public
    join public.depos d on d.tenant_id = t.id
   where case when stop_route_point_id is null
              then exists (select 1 from public.route_points rp where rp.tenant_id = t.id and rp.depo_id = d.id and rp.deleted_at is null)
              else exists (select 1 from public.route_points rp
                            where rp.tenant_id = t.id and rp.depo_id = d.id and rp.id = stop_route_point_id and rp.deleted_at is null)
         end
  having count(*) > 0;
$$;
comment on function public.public_sms_lead_minutes(text, bigint) is
  'Minutes before arrival that the arrival SMS is sent, as the public pages promise: the stop''s depo, else the range over the site''s depos.';
revoke execute on function public.public_sms_lead_minutes(text, bigint) from public;
grant execute on function public.public_sms_lead_minutes(text, bigint) to anon, authenticated, service_role;
