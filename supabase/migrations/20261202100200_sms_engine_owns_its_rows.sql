-- Support texts any number (issue 24 items 4 and 13). The SMS engine's rows are written only by the functions
-- that own them, a staff SMS goes only to receivers the engine made, and every staff SMS send is audited with
-- its sender on each outbox row.
--
-- Write paths, from src/ (grep for .from('<table>').insert/update/delete/upsert):
--   customers           the customer form inserts and updates them (admins, depo admins and support, spec
--                       admin-core §customers) - kept, but a client may store only a number SMS may go to;
--   sms_receivers       never written by the app: made by the subscription triggers, changed by the dispatcher
--                       and the staff SMS functions (sms_should_send_at by the estimate triggers);
--   stop_subscriptions  never written by the app: public-subscribe and the unsubscribe functions (service role
--                       or security definer) own them.
revoke insert, update, delete, truncate on public.sms_receivers, public.stop_subscriptions from authenticated, anon;

-- A customer a client stores gets a number SMS may go to (a mobile number of one of the tenant's countries):
-- support cannot park a premium-rate or foreign number in the customer list. The trusted writers (the public
-- subscribe function, which checks the number itself first, jobs, seeds) are not clients and are not held here;
-- whatever they store, the outbox guard never sends to a refused number.
create function app_private.customers_phone_is_sms_destination() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('authenticated', 'anon')
     and app_private.sms_destination_refusal(
           app_private.sms_e164(new.phone, (select t.phone_prefix from public.tenants t where t.id = new.tenant_id)),
           new.tenant_id) is not null then
    -- The hint names the field, so the customer form shows the sentence under Phone (src/shared/errors/form-errors.ts).
    raise exception 'The phone number must be a mobile number of a country this tenant sends SMS to'
      using errcode = '23514', hint = 'phone';
  end if;
  return new;
end;
$$;
comment on function app_private.customers_phone_is_sms_destination() is
  'Customers guard: a client (staff over REST) may store only a phone that the SMS engine may text for the tenant.';
revoke execute on function app_private.customers_phone_is_sms_destination() from public;
-- The guard runs as the writing client (it must see who writes), so the client role may run its check.
grant execute on function app_private.customers_phone_is_sms_destination() to authenticated;
grant execute on function app_private.sms_destination_refusal(text, uuid) to authenticated;
create trigger customers_phone_is_sms_destination before insert or update of phone on public.customers
  for each row execute function app_private.customers_phone_is_sms_destination();

-- Who sent a staff SMS: set by the database from auth.uid() on every outbox row, whatever wrote it (the client
-- roles cannot write the outbox at all; the staff SMS functions run as definer and cannot be told a sender).
alter table public.sms_outbox add column sent_by uuid;
comment on column public.sms_outbox.sent_by is
  'The signed-in user whose request wrote the message (a template or custom send); null for what the dispatcher writes on its own.';

create function app_private.sms_outbox_stamp_sender() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.sent_by := auth.uid();
  return new;
end;
$$;
comment on function app_private.sms_outbox_stamp_sender() is 'Outbox guard: the sender of a message is the request''s user, never a value from the writer.';
revoke execute on function app_private.sms_outbox_stamp_sender() from public;
create trigger sms_outbox_stamp_sender before insert on public.sms_outbox
  for each row execute function app_private.sms_outbox_stamp_sender();
create index sms_outbox_sent_by_idx on public.sms_outbox (tenant_id, sent_by) where sent_by is not null;

-- As in 20261124050200_sms_staff_actions.sql, and:
--   * a selected customer must be a receiver the engine made: a receiver of this plan event whose customer
--     is subscribed to the stop's route point (the subscription triggers make receivers only so), so a row
--     that was ever written by hand is refused like a customer who gets no SMS here;
--   * a number outside the tenant's mobile ranges is left out (the outbox guard would fail it anyway);
--   * the send is recorded in the audit log (one row: what, to whom, how many), as the REST audit records a
--     table write; the outbox rows carry the sender (sms_outbox.sent_by).
create or replace function app_private.schedule_plan_event_sms(pe public.plan_events, message_kind text, message text,
                                                               customer_ids bigint[], request_key uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  scheduled integer;
  written integer;
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
begin
  if request_key is null then
    raise exception 'A request key is required' using errcode = '22023';
  end if;
  if message is null or length(btrim(message)) = 0 then
    raise exception 'The SMS text is empty' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(customer_ids) x(id)
              where not exists (select 1 from public.sms_receivers r
                                  join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
                                  join public.stop_subscriptions s on s.tenant_id = r.tenant_id and s.customer_id = r.customer_id
                                                                  and s.route_point_id = p.route_point_id
                                 where p.plan_event_id = pe.id and r.tenant_id = pe.tenant_id and r.customer_id = x.id)) then
    raise exception 'Some selected customers do not get SMS for this plan event' using errcode = '22023';
  end if;

  with written_rows as (
    insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, sms_receiver_id, customer_id, plan_event_id,
                                   plan_event_route_point_id, phone, text)
    select distinct on (c.id) pe.tenant_id, pe.depo_id, format('%s:%s:%s', message_kind, request_key, c.id), message_kind, r.id, c.id, pe.id, p.id,
           app_private.sms_e164(c.phone, t.phone_prefix),
           btrim(message) || ' ' || app_private.sms_tracking_url(t.slug, p.uuid, c.uuid)
      from public.sms_receivers r
      join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
      join public.stop_subscriptions s on s.tenant_id = r.tenant_id and s.customer_id = r.customer_id and s.route_point_id = p.route_point_id
      join public.customers c on c.id = r.customer_id
      join public.tenants t on t.id = pe.tenant_id
     where p.plan_event_id = pe.id and r.tenant_id = pe.tenant_id and r.customer_id = any (customer_ids)
       and c.sms_permission and r.sms_stopped_at is null and pe.sms_stopped_at is null
       and app_private.sms_destination_refusal(app_private.sms_e164(c.phone, t.phone_prefix), t.id) is null
     order by c.id, p.position
    on conflict (dedup_key) do nothing
    returning 1
  )
  select count(*) into written from written_rows;

  select count(*) into scheduled from public.sms_outbox o where o.dedup_key like format('%s:%s:%%', message_kind, request_key);
  -- A repeated request (same key) wrote nothing new and is not a second send: only the first is audited.
  if written > 0 and auth.uid() is not null then
    insert into public.user_http_requests (tenant_id, performed_at, user_id, url, referer, format, controller, action, params, status, method)
    values (pe.tenant_id, now(), auth.uid(),
            '/rest/v1/rpc/' || case message_kind when 'custom' then 'send_custom_sms' else 'send_stop_sms' end,
            nullif(headers ->> 'referer', ''), 'json',
            case message_kind when 'custom' then 'send_custom_sms' else 'send_stop_sms' end, 'insert',
            jsonb_build_object('table', 'sms_outbox', 'row_count', written, 'plan_event_id', pe.id, 'kind', message_kind,
                               'text', btrim(message), 'customer_ids', to_jsonb(customer_ids), 'request_key', request_key),
            200, coalesce(nullif(current_setting('request.method', true), ''), 'POST'));
  end if;
  perform app_private.sms_wake_dispatcher();
  return format('You successfully scheduled %s SMS sending', scheduled);
end;
$$;
revoke execute on function app_private.schedule_plan_event_sms(public.plan_events, text, text, bigint[], uuid) from public;

-- As in 20261128020000_sms_customers.sql, with the same filter as the send above.
create or replace function public.sms_send_count(plan_event_id bigint, selected_customer_ids bigint[]) returns integer
language plpgsql stable security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_for_sms_action(plan_event_id, 'You are not allowed to send SMS for this plan event');
begin
  if cardinality(selected_customer_ids) > 10000 then
    raise exception 'Too many customers selected' using errcode = '22023';
  end if;
  return (select count(distinct c.id)::integer
            from public.sms_receivers r
            join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
            join public.stop_subscriptions s on s.tenant_id = r.tenant_id and s.customer_id = r.customer_id and s.route_point_id = p.route_point_id
            join public.customers c on c.id = r.customer_id
            join public.tenants t on t.id = pe.tenant_id
           where p.tenant_id = pe.tenant_id and p.plan_event_id = pe.id and r.customer_id = any (selected_customer_ids)
             and c.sms_permission and r.sms_stopped_at is null and pe.sms_stopped_at is null
             and app_private.sms_destination_refusal(app_private.sms_e164(c.phone, t.phone_prefix), t.id) is null);
end;
$$;
