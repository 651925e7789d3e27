-- The customers' pages (issue 10), part 2: the stops near an address and SMS subscribe / unsubscribe, as anon may
-- call them (no table is granted to anon: these functions return exactly what a customer may see).

-- Nearest stops without PostGIS: earthdistance's cube points, KNN-ordered through a GiST index led by tenant_id.
create extension if not exists cube with schema extensions;
create extension if not exists earthdistance with schema extensions;
create extension if not exists btree_gist with schema extensions;

create index route_points_earth_idx on public.route_points
  using gist (tenant_id, extensions.ll_to_earth(lat, lng))
  where deleted_at is null and lat is not null and lng is not null;

-- The stops of a public site nearest to a point that a truck still visits: the stop's address and place, its
-- distance in metres and its coming visits (date, estimate, planned estimate), soonest first. Nothing about
-- drivers, cars or customers. A public (worldwide) site has no stops.
create function public.nearest_public_stops(site text, near_lat double precision, near_lng double precision, max_stops integer default 10)
returns table (
  route_point_id bigint,
  stop_uuid uuid,
  address text,
  lat double precision,
  lng double precision,
  distance_m double precision,
  upcoming jsonb
)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  t record;
  today date;
  origin extensions.earth;
begin
  if near_lat is null or near_lng is null
     or near_lat not between -90 and 90 or near_lng not between -180 and 180 then
    return;
  end if;
  select s.slug into t from public.public_site(site) s where not s.is_public;
  if t.slug is null then
    return;
  end if;
  select tn.id, tn.time_zone into t from public.tenants tn where tn.slug = t.slug;
  today := (now() at time zone t.time_zone)::date;
  origin := extensions.ll_to_earth(near_lat, near_lng);
  return query
  select rp.id,
         (visits.list -> 0 ->> 'uuid')::uuid,
         case when rp.use_custom_address and rp.custom_address is not null then rp.custom_address else rp.address end,
         rp.lat, rp.lng,
         round(extensions.earth_distance(extensions.ll_to_earth(rp.lat, rp.lng), origin)::numeric, 1)::double precision,
         (select coalesce(jsonb_agg(v - 'uuid'), '[]'::jsonb) from jsonb_array_elements(visits.list) v)
    from public.route_points rp
    cross join lateral (
      select jsonb_agg(jsonb_build_object('uuid', p.uuid, 'date', pe.date, 'estimate', p.google_estimate_time,
                                          'original_estimate', p.original_google_estimate_time)
                       order by pe.date, p.google_estimate_time) as list
        from public.plan_event_route_points p
        join public.plan_events pe on pe.id = p.plan_event_id
       where p.tenant_id = t.id and p.route_point_id = rp.id and p.point_visited is null and pe.date >= today
    ) visits
   where rp.tenant_id = t.id and rp.deleted_at is null and rp.lat is not null and rp.lng is not null
     and visits.list is not null
   order by extensions.ll_to_earth(rp.lat, rp.lng) operator(extensions.<->) origin
   limit least(greatest(coalesce(max_stops, 10), 1), 25);
end;
$$;
comment on function public.nearest_public_stops(text, double precision, double precision, integer) is
  'The public site''s stops nearest to a point that have coming visits: address, place, distance (m) and visits.';
revoke execute on function public.nearest_public_stops(text, double precision, double precision, integer) from public;
grant execute on function public.nearest_public_stops(text, double precision, double precision, integer) to anon, authenticated, service_role;

-- A phone as stored on customers: digits with the country code, a leading +. Null when it cannot be one.
create function app_private.public_phone(raw text) returns text
language sql immutable set search_path = '' as $$
  select case when d ~ '^\+[0-9]{8,15}$' then d end
    from (select regexp_replace(coalesce(raw, ''), '[\s().-]', '', 'g') as d) x;
$$;
revoke execute on function app_private.public_phone(text) from public;

-- Subscribe a phone to SMS before the truck reaches a stop (every coming visit of the recurring stop). Only the
-- `public-subscribe` edge function calls it, after the captcha passed, with the IP it was called from. A new
-- customer gets the address and the marketing choice; a known one keeps theirs, gets SMS permission back, and the
-- stop. Returns the customer's public uuid (their tracking links).
create function public.subscribe_to_public_stop(
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
  client_ip text
) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  t record;
  stop record;
  normalised text := app_private.public_phone(subscribe_to_public_stop.phone);
  customer record;
begin
  select tn.id, tn.slug into t
    from public.public_site(site) s join public.tenants tn on tn.slug = s.slug
   where not s.is_public;
  if t.id is null then
    raise exception 'unknown_site' using errcode = 'P0002';
  end if;
  if normalised is null then
    raise exception 'invalid_phone' using errcode = '22023';
  end if;
  perform app_private.enforce_public_rate_limit('subscribe', t.slug || ':' || normalised, client_ip);
  select rp.id, rp.depo_id into stop
    from public.route_points rp
   where rp.tenant_id = t.id and rp.id = subscribe_to_public_stop.route_point_id and rp.deleted_at is null;
  if stop.id is null then
    raise exception 'unknown_stop' using errcode = 'P0002';
  end if;

  insert into public.customers as c (tenant_id, phone, sms_permission, marketing_agreement, address, lat, lng,
                                     original_address, original_lat, original_lng)
  values (t.id, normalised, true, coalesce(subscribe_to_public_stop.marketing_agreement, false),
          left(subscribe_to_public_stop.address, 500),
          case when subscribe_to_public_stop.lat between -90 and 90 then subscribe_to_public_stop.lat end,
          case when subscribe_to_public_stop.lng between -180 and 180 then subscribe_to_public_stop.lng end,
          left(subscribe_to_public_stop.original_address, 500),
          subscribe_to_public_stop.original_lat, subscribe_to_public_stop.original_lng)
  on conflict (tenant_id, phone) do update set sms_permission = true, updated_at = now()
  returning c.id, c.uuid into customer;

  insert into public.stop_subscriptions as s (tenant_id, customer_id, route_point_id, depo_id)
  values (t.id, customer.id, stop.id, stop.depo_id)
  on conflict (tenant_id, customer_id, route_point_id) do update
    set unsubscribed_at = null, subscribed_at = now()
    where s.unsubscribed_at is not null;
  return customer.uuid;
end;
$$;
comment on function public.subscribe_to_public_stop(text, bigint, text, text, double precision, double precision, text, double precision, double precision, boolean, text) is
  'Public subscribe after a passed captcha (edge function public-subscribe only): customer by phone + stop subscription.';
revoke execute on function public.subscribe_to_public_stop(text, bigint, text, text, double precision, double precision, text, double precision, double precision, boolean, text) from public;
grant execute on function public.subscribe_to_public_stop(text, bigint, text, text, double precision, double precision, text, double precision, double precision, boolean, text) to service_role;

-- Ends what a customer chose to stop: route SMS (permission off, every stop subscription ended, coming SMS skipped)
-- and/or marketing SMS. 'already_unsubscribed' when there was nothing left to stop.
create function app_private.unsubscribe_customer(tenant uuid, customer bigint, stop_sms boolean, stop_marketing boolean)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  had_sms boolean;
  had_marketing boolean;
begin
  select c.sms_permission or exists (select 1 from public.stop_subscriptions s
                                      where s.tenant_id = tenant and s.customer_id = customer and s.unsubscribed_at is null),
         c.marketing_agreement
    into had_sms, had_marketing
    from public.customers c where c.tenant_id = tenant and c.id = customer for update;
  if not ((stop_sms and had_sms) or (stop_marketing and had_marketing)) then
    return 'already_unsubscribed';
  end if;
  if stop_sms then
    update public.stop_subscriptions s set unsubscribed_at = now()
     where s.tenant_id = tenant and s.customer_id = customer and s.unsubscribed_at is null;
  end if;
  update public.customers c
     set sms_permission = c.sms_permission and not stop_sms,
         marketing_agreement = c.marketing_agreement and not stop_marketing,
         updated_at = now()
   where c.tenant_id = tenant and c.id = customer;
  return 'unsubscribed';
end;
$$;
revoke execute on function app_private.unsubscribe_customer(uuid, bigint, boolean, boolean) from public;

-- Unsubscribe by phone on a public site: 'unsubscribed', 'already_unsubscribed' or 'not_found'. Stops route SMS
-- and marketing SMS (a full unsubscribe). Rate-limited per IP and per phone.
create function public.unsubscribe_public_phone(site text, phone text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  t record;
  normalised text := app_private.public_phone(unsubscribe_public_phone.phone);
  customer_id bigint;
begin
  select tn.id, tn.slug into t
    from public.public_site(site) s join public.tenants tn on tn.slug = s.slug
   where not s.is_public;
  if t.id is null then
    return 'not_found';
  end if;
  perform app_private.enforce_public_rate_limit('unsubscribe', t.slug || ':' || coalesce(normalised, unsubscribe_public_phone.phone));
  if normalised is null then
    return 'not_found';
  end if;
  select c.id into customer_id from public.customers c where c.tenant_id = t.id and c.phone = normalised;
  if customer_id is null then
    return 'not_found';
  end if;
  return app_private.unsubscribe_customer(t.id, customer_id, true, true);
end;
$$;
comment on function public.unsubscribe_public_phone(text, text) is
  'Public full unsubscribe by phone: unsubscribed, already_unsubscribed or not_found; rate-limited per IP and phone.';
revoke execute on function public.unsubscribe_public_phone(text, text) from public;
grant execute on function public.unsubscribe_public_phone(text, text) to anon, authenticated, service_role;

-- Unsubscribe a customer known by their public uuid (tracking links): route SMS, marketing SMS, or both (both is a
-- full unsubscribe). 'unsubscribed', 'already_unsubscribed' or 'not_found'.
create function public.unsubscribe_public_customer(customer_uuid uuid, sms boolean, marketing boolean) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  c record;
begin
  perform app_private.enforce_public_rate_limit('unsubscribe', customer_uuid::text);
  select cu.tenant_id, cu.id into c from public.customers cu where cu.uuid = customer_uuid;
  if c.id is null then
    return 'not_found';
  end if;
  if not (coalesce(sms, false) or coalesce(marketing, false)) then
    return 'already_unsubscribed';
  end if;
  return app_private.unsubscribe_customer(c.tenant_id, c.id, coalesce(sms, false), coalesce(marketing, false));
end;
$$;
comment on function public.unsubscribe_public_customer(uuid, boolean, boolean) is
  'Public (partial) unsubscribe by customer uuid: route SMS and/or marketing SMS; both is a full unsubscribe.';
revoke execute on function public.unsubscribe_public_customer(uuid, boolean, boolean) from public;
grant execute on function public.unsubscribe_public_customer(uuid, boolean, boolean) to anon, authenticated, service_role;

-- What the unsubscribe page shows of the customer of a tracking link: which SMS they still get. Nothing else.
create function public.public_customer_consents(customer_uuid uuid)
returns table (sms_permission boolean, marketing_agreement boolean)
language sql stable security definer set search_path = '' as $$
  select c.sms_permission, c.marketing_agreement from public.customers c where c.uuid = customer_uuid;
$$;
comment on function public.public_customer_consents(uuid) is 'Route-SMS permission and marketing agreement of the customer with this public uuid.';
revoke execute on function public.public_customer_consents(uuid) from public;
grant execute on function public.public_customer_consents(uuid) to anon, authenticated, service_role;
