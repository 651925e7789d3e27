-- SMS customers (delivery-operations §2 "/plan_events/{id}/sms_customers", "full_details", "sms_customer_map",
-- "/plan_events/all_customers/{weekday?}", §3 "SMS customer", "SMS template (as offered for custom sends)",
-- §4 "SMS list", §5, §6, §8): who of a plan event (or of every plan event of a day in a depo) gets or got the SMS
-- before the truck comes, with the skip reasons, and what staff may do from that list.
-- * Every member of the plan event's depo reads the list (drivers too: the spec only hides Stop SMS from them);
--   a forged id, another tenant's plan event (also named under another tenant's slug) and one of a depo the
--   caller does not work in answer 'Not found'.
-- * Stop SMS and custom sends stay the SMS engine's (..._sms_staff_actions.sql): admins, depo admins and support.
--   can_be_stopped is true while the caller may stop and the SMS are not stopped yet; the engine now refuses a
--   second stop too, so the flag and the database agree.
-- * sms_send_count answers the N of the confirm 'You are about to send N SMS, do you want to continue?' with the
--   very filter the engine sends by, so the confirm never promises more than goes out.

create function app_private.sms_senders() returns public.app_role[] language sql immutable set search_path = '' as $$ select '{admin,depo_admin,support}'::public.app_role[] $$;
revoke execute on function app_private.sms_senders() from public;

-- The list's rows: one per SMS receiver of the plan events, in stop order. Phone and coordinates are the
-- customer's (the map falls back on the stop's place); route numbers only where the tenant shows them.
create function app_private.sms_customer_rows(p_tenant_id uuid, p_plan_event_ids bigint[]) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', r.id,
           'customer_id', c.id,
           'plan_event_id', pe.id,
           'phone_number', c.phone,
           'address', c.address,
           'route_name', rt.name,
           'stop_id', p.id,
           'stop_position', p.position,
           'stop_address', p.address,
           'sms_permission', c.sms_permission,
           'sms_should_send_at', r.sms_should_send_at,
           'sms_sent_at', r.sms_sent_at,
           'sms_sent_skipped_at', r.sms_sent_skipped_at,
           'reason_of_sms_skip', r.reason_of_sms_skip,
           'full_description_of_sms_skip', r.full_description_of_sms_skip,
           'sms_stopped_at', coalesce(r.sms_stopped_at, pe.sms_stopped_at),
           'car_stopped_at', p.actual_arrival_time,
           'google_estimate_time', p.google_estimate_time,
           'original_google_estimate_time', p.original_google_estimate_time,
           'sms_demo_link', public.sms_tracking_path(t.slug, p.uuid, c.uuid),
           'lat', coalesce(c.lat, p.lat),
           'lng', coalesce(c.lng, p.lng),
           'route_number', case when t.hides_customer_route_number then null else c.route_number end)
         order by pe.start_at_hour, pe.start_at_min, pe.id, p.position, c.phone), '[]'::jsonb)
    from public.plan_events pe
    join public.tenants t on t.id = pe.tenant_id
    join public.routes rt on rt.tenant_id = pe.tenant_id and rt.id = pe.route_id
    join public.plan_event_route_points p on p.tenant_id = pe.tenant_id and p.plan_event_id = pe.id
    join public.sms_receivers r on r.tenant_id = p.tenant_id and r.plan_event_route_point_id = p.id
    join public.customers c on c.tenant_id = r.tenant_id and c.id = r.customer_id
   where pe.tenant_id = p_tenant_id and pe.id = any (p_plan_event_ids);
$$;
revoke execute on function app_private.sms_customer_rows(uuid, bigint[]) from public;

create function public.plan_event_sms_customers(tenant_slug text, plan_event_id bigint) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_in_reach(plan_event_id, enum_range(null::public.app_role), tenant_slug);
  may_send boolean := pe.depo_id = any (app_private.depo_ids_where_role(app_private.sms_senders()));
  header jsonb;
begin
  select jsonb_build_object(
           'id', pe.id,
           'depo_id', pe.depo_id,
           'date', pe.date,
           'route_name', r.name,
           'car_internal_number', c.internal_number,
           'sms_stopped_at', pe.sms_stopped_at,
           'can_be_stopped', may_send and pe.sms_stopped_at is null,
           'can_send_custom_sms', may_send and pe.sms_stopped_at is null,
           -- The stops, for the customer map (its polygon is their outline).
           'stops', (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'position', s.position, 'address', s.address,
                                                                  'lat', s.lat, 'lng', s.lng) order by s.position, s.id), '[]'::jsonb)
                       from public.plan_event_route_points s where s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id))
    into header
    from public.routes r
    join public.cars c on c.tenant_id = pe.tenant_id and c.id = pe.car_id
   where r.tenant_id = pe.tenant_id and r.id = pe.route_id;
  return jsonb_build_object('plan_event', header, 'customers', app_private.sms_customer_rows(pe.tenant_id, array[pe.id]));
end;
$$;
comment on function public.plan_event_sms_customers(text, bigint) is
  'SMS customers of one plan event (list, full details, map) with can_be_stopped and can_send_custom_sms for the caller. Any member of its depo; otherwise Not found.';
revoke execute on function public.plan_event_sms_customers(text, bigint) from public, anon;
grant execute on function public.plan_event_sms_customers(text, bigint) to authenticated;

-- Every plan event covering `day` in the depo (a multi-day event on each of its days), and their SMS customers.
create function public.weekday_sms_customers(tenant_slug text, depo_id bigint, day date) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  tenant uuid;
  events bigint[];
begin
  select d.tenant_id into tenant from public.depos d join public.tenants t on t.id = d.tenant_id
   where d.id = weekday_sms_customers.depo_id and t.slug = tenant_slug
     and d.tenant_id = any (app_private.current_user_tenant_ids())
     and d.id = any (app_private.readable_depo_ids());
  if tenant is null or day is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  select coalesce(array_agg(pe.id), '{}') into events from public.plan_events pe
   where pe.tenant_id = tenant and pe.depo_id = weekday_sms_customers.depo_id
     and pe.date between day - 13 and day and day < pe.date + pe.day_span;
  return jsonb_build_object('date', day, 'plan_event_ids', to_jsonb(events), 'customers', app_private.sms_customer_rows(tenant, events));
end;
$$;
comment on function public.weekday_sms_customers(text, bigint, date) is
  'SMS customers of every plan event of a depo on a day (the calendar day header''s report). Any member of the depo; otherwise Not found.';
revoke execute on function public.weekday_sms_customers(text, bigint, date) from public, anon;
grant execute on function public.weekday_sms_customers(text, bigint, date) to authenticated;

-- The templates the chooser offers (id, name): the tenant's, to those who may send for the plan event. The table
-- itself stays the admins' (they edit it); depo admins and support only pick from it here.
create function public.plan_event_sms_templates(plan_event_id bigint) returns table (id bigint, name text)
language plpgsql stable security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_for_sms_action(plan_event_id, 'You are not allowed to send SMS for this plan event');
begin
  return query select st.id, st.name from public.sms_templates st where st.tenant_id = pe.tenant_id order by st.name, st.id;
end;
$$;
comment on function public.plan_event_sms_templates(bigint) is 'SMS templates offered for a custom send of a plan event (admins, depo admins and support of its depo).';
revoke execute on function public.plan_event_sms_templates(bigint) from public, anon;
grant execute on function public.plan_event_sms_templates(bigint) to authenticated;

-- How many SMS a send to these customers of the plan event would schedule: the filter of
-- app_private.schedule_plan_event_sms (SMS permission, a valid number, not stopped; one per customer).
create function public.sms_send_count(plan_event_id bigint, selected_customer_ids bigint[]) returns integer
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
            join public.customers c on c.id = r.customer_id
            join public.tenants t on t.id = pe.tenant_id
           where p.tenant_id = pe.tenant_id and p.plan_event_id = pe.id and r.customer_id = any (selected_customer_ids)
             and c.sms_permission and r.sms_stopped_at is null and pe.sms_stopped_at is null
             and app_private.sms_e164(c.phone, t.phone_prefix) is not null);
end;
$$;
comment on function public.sms_send_count(bigint, bigint[]) is
  'The N of ''You are about to send N SMS'': how many SMS a template or custom send to these customers would schedule (not drivers).';
revoke execute on function public.sms_send_count(bigint, bigint[]) from public, anon;
grant execute on function public.sms_send_count(bigint, bigint[]) to authenticated;

-- Stop SMS once: a stopped plan event has nothing left to stop (can_be_stopped is false), so the engine refuses a
-- second stop with the spec's sentence instead of answering as if it had stopped something.
create or replace function public.stop_sending_sms(plan_event_id bigint) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  pe public.plan_events := app_private.plan_event_for_sms_action(plan_event_id, 'You are not allowed to stop sms sendout for this plan event');
  stopped integer;
begin
  -- The row lock makes two stops at once one stop and one refusal.
  update public.plan_events p set sms_stopped_at = now() where p.id = pe.id and p.sms_stopped_at is null;
  if not found then
    raise exception 'You are not allowed to stop sms sendout for this plan event' using errcode = '42501';
  end if;
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
