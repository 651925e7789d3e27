-- SMS before arrival (issue 9), what staff do from a plan event's SMS list (delivery-operations §SMS list):
-- stop the SMS of a plan event, and send a template or a custom text to selected customers of it.
-- Admins, depo admins and support of the plan event's depo may; drivers may not. A plan event of another depo
-- or tenant is refused with the same words as a driver, so an id says nothing about what exists.

-- The plan event, if the caller may act on its SMS; otherwise the refusal.
create function app_private.plan_event_for_sms_action(plan_event bigint, refusal text) returns public.plan_events
language plpgsql stable security definer set search_path = '' as $$
declare
  found public.plan_events;
begin
  select pe.* into found from public.plan_events pe
   where pe.id = plan_event
     and pe.tenant_id = any (app_private.current_user_tenant_ids())
     and pe.depo_id = any (app_private.depo_ids_where_role('{admin,depo_admin,support}'));
  if found.id is null then
    raise exception '%', refusal using errcode = '42501';
  end if;
  return found;
end;
$$;
revoke execute on function app_private.plan_event_for_sms_action(bigint, text) from public;

create function public.stop_sending_sms(plan_event_id bigint) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_for_sms_action(plan_event_id, 'You are not allowed to stop sms sendout for this plan event');
  stopped integer;
begin
  update public.plan_events p set sms_stopped_at = coalesce(p.sms_stopped_at, now()) where p.id = pe.id;
  with held as (
    update public.sms_receivers r set sms_stopped_at = now()
      from public.plan_event_route_points p
     where p.plan_event_id = pe.id and r.plan_event_route_point_id = p.id
       and r.sms_stopped_at is null and r.sms_queued_at is null and r.sms_sent_at is null and r.sms_sent_skipped_at is null
    returning 1
  )
  select count(*) into stopped from held;
  return stopped;
end;
$$;
comment on function public.stop_sending_sms(bigint) is
  'Stops every SMS not yet sent for a plan event (admins, depo admins and support of its depo; not drivers). Returns how many receivers it stopped.';
revoke execute on function public.stop_sending_sms(bigint) from public, anon;
grant execute on function public.stop_sending_sms(bigint) to authenticated, service_role;

-- Writes one message per selected customer of the plan event to the outbox; the request key makes a repeated
-- request (a double click, a retry) schedule nothing new. Customers without SMS permission, with an invalid
-- phone or whose SMS was stopped are left out.
create function app_private.schedule_plan_event_sms(pe public.plan_events, message_kind text, message text,
                                                    customer_ids bigint[], request_key uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  scheduled integer;
begin
  if request_key is null then
    raise exception 'A request key is required' using errcode = '22023';
  end if;
  if message is null or length(btrim(message)) = 0 then
    raise exception 'The SMS text is empty' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(customer_ids) x(id)
              where not exists (select 1 from public.sms_receivers r join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
                                 where p.plan_event_id = pe.id and r.customer_id = x.id)) then
    raise exception 'Some selected customers do not get SMS for this plan event' using errcode = '22023';
  end if;

  insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, sms_receiver_id, customer_id, plan_event_id,
                                 plan_event_route_point_id, phone, text)
  select distinct on (c.id) pe.tenant_id, pe.depo_id, format('%s:%s:%s', message_kind, request_key, c.id), message_kind, r.id, c.id, pe.id, p.id,
         app_private.sms_e164(c.phone, t.phone_prefix),
         btrim(message) || ' ' || app_private.sms_tracking_url(t.slug, p.uuid, c.uuid)
    from public.sms_receivers r
    join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
    join public.customers c on c.id = r.customer_id
    join public.tenants t on t.id = pe.tenant_id
   where p.plan_event_id = pe.id and r.customer_id = any (customer_ids)
     and c.sms_permission and r.sms_stopped_at is null and pe.sms_stopped_at is null
     and app_private.sms_e164(c.phone, t.phone_prefix) is not null
   order by c.id, p.position
  on conflict (dedup_key) do nothing;

  select count(*) into scheduled from public.sms_outbox o where o.dedup_key like format('%s:%s:%%', message_kind, request_key);
  perform app_private.sms_wake_dispatcher();
  return format('You successfully scheduled %s SMS sending', scheduled);
end;
$$;
revoke execute on function app_private.schedule_plan_event_sms(public.plan_events, text, text, bigint[], uuid) from public;

create function public.send_stop_sms(plan_event_id bigint, sms_template_id bigint, selected_customer_ids bigint[], request_key uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_for_sms_action(plan_event_id, 'You are not allowed to send SMS for this plan event');
  template_text text;
begin
  select st.text into template_text from public.sms_templates st where st.id = sms_template_id and st.tenant_id = pe.tenant_id;
  if template_text is null then
    raise exception 'The SMS template was not found' using errcode = '22023';
  end if;
  return app_private.schedule_plan_event_sms(pe, 'template', template_text, selected_customer_ids, request_key);
end;
$$;
comment on function public.send_stop_sms(bigint, bigint, bigint[], uuid) is
  'Sends an SMS template to selected customers of a plan event (not drivers). Answers ''You successfully scheduled N SMS sending''.';
revoke execute on function public.send_stop_sms(bigint, bigint, bigint[], uuid) from public, anon;
grant execute on function public.send_stop_sms(bigint, bigint, bigint[], uuid) to authenticated, service_role;

create function public.send_custom_sms(plan_event_id bigint, text text, selected_customer_ids bigint[], request_key uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_for_sms_action(plan_event_id, 'You are not allowed to send SMS for this plan event');
begin
  if length(text) > 1500 then
    raise exception 'The SMS text is too long' using errcode = '22023';
  end if;
  return app_private.schedule_plan_event_sms(pe, 'custom', text, selected_customer_ids, request_key);
end;
$$;
comment on function public.send_custom_sms(bigint, text, bigint[], uuid) is
  'Sends a custom text to selected customers of a plan event (not drivers). Answers ''You successfully scheduled N SMS sending''.';
revoke execute on function public.send_custom_sms(bigint, text, bigint[], uuid) from public, anon;
grant execute on function public.send_custom_sms(bigint, text, bigint[], uuid) to authenticated, service_role;
