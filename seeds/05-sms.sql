-- SMS before arrival: each seeded receiver's customer is subscribed to the route point of its stop, and every
-- SMS the demo world sent is in the outbox (the local provider's record), delivered.

insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id, subscribed_at)
select distinct on (r.tenant_id, r.customer_id, p.route_point_id) r.tenant_id, r.customer_id, p.route_point_id, p.depo_id,
       least(r.created_at, pg_temp.seed_now()) - interval '60 days'
from public.sms_receivers r
join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
where p.route_point_id is not null
order by r.tenant_id, r.customer_id, p.route_point_id
on conflict (tenant_id, customer_id, route_point_id) do nothing;

update public.sms_receivers r set sms_queued_at = coalesce(r.sms_sent_at, r.sms_sent_skipped_at), sms_estimate_at_send = case when r.sms_sent_at is not null then p.google_estimate_time end
from public.plan_event_route_points p
where p.id = r.plan_event_route_point_id and (r.sms_sent_at is not null or r.sms_sent_skipped_at is not null);

update public.sms_receivers r set full_description_of_sms_skip = app_private.sms_skip_description(array[r.reason_of_sms_skip])
where r.reason_of_sms_skip is not null and r.full_description_of_sms_skip is null;

insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, sms_receiver_id, customer_id, plan_event_id, plan_event_route_point_id,
                               phone, text, status, provider, provider_message_id, provider_status, submitted_at, sent_at, status_at, created_at)
select r.tenant_id, r.depo_id, 'arrival:' || r.id, 'arrival', r.id, c.id, p.plan_event_id, p.id,
       coalesce(app_private.sms_e164(c.phone, t.phone_prefix), c.phone),
       app_private.sms_arrival_text(d.sms_text, d.sms_lead_minutes, c.locale, t.locale) || ' ' || app_private.sms_tracking_url(t.slug, p.uuid, c.uuid),
       'delivered', 'local', 'local-seed-' || r.id, 'DELIVERED', r.sms_sent_at, r.sms_sent_at, r.sms_sent_at + interval '20 seconds', r.sms_sent_at
from public.sms_receivers r
join public.customers c on c.id = r.customer_id
join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
join public.tenants t on t.id = r.tenant_id
join public.depos d on d.id = r.depo_id
where r.sms_sent_at is not null
order by r.sms_sent_at;
