-- The route map view (issue 11): the customers around a route with where they belong, the routes sharing
-- selected customers, their phones, moving them to a stop of the route, the FAST MAP tenant flag, and the
-- local reverse geocoder for a dragged stop.

-- A tenant flag like the others (never a slug in code): the map view offers FAST MAP to this tenant only.
alter table public.tenants add column has_fast_map boolean not null default false;
comment on column public.tenants.has_fast_map is 'The route map view offers FAST MAP (stops without number labels, customers loaded on demand).';

-- The map asks for the customers of a box: by tenant and latitude, then longitude.
create index customers_tenant_lat_idx on public.customers (tenant_id, lat, lng) where lat is not null and lng is not null;

-- The customers whose home lies in a box of the map, for the route map's customer view: where each one is
-- subscribed (this route, another route, neither) and their route number (or only whether they have one, for a
-- tenant that hides route numbers). Answers only for a route the caller
-- may read and whose customers their role may see; the box is clamped, so a huge box is no bulk export.
create function public.route_map_customers(route_id bigint, west double precision, south double precision,
                                           east double precision, north double precision)
returns table (customer_id bigint, address text, lat double precision, lng double precision, phone text,
               other_route text, exists_in_current_route boolean, exists_in_other_route boolean, route_number text,
               has_route_number boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, '{admin,depo_admin,support}');
  hides boolean := (select t.hides_customer_route_number from public.tenants t where t.id = r.tenant_id);
begin
  if west is null or south is null or east is null or north is null or west > east or south > north then
    raise exception 'Invalid map bounds' using errcode = 'P0001';
  end if;
  -- Per customer in the box, its live subscriptions through the (tenant_id, customer_id, ...) unique index.
  return query
  select c.id, c.address, c.lat, c.lng, c.phone,
         b.other_route, coalesce(b.in_current, false), coalesce(b.in_other, false),
         -- A tenant hiding route numbers on customers hides them here too; the map still colours by having one.
         case when hides then null else c.route_number end,
         coalesce(btrim(c.route_number), '') <> ''
    from public.customers c
    left join lateral (
      select min(o.name) filter (where o.id <> r.id) as other_route,
             bool_or(o.id = r.id) as in_current,
             bool_or(o.id <> r.id) as in_other
        from public.stop_subscriptions s
        join public.route_points p on p.tenant_id = s.tenant_id and p.id = s.route_point_id and p.deleted_at is null
        join public.routes o on o.tenant_id = p.tenant_id and o.id = p.route_id and o.deleted_at is null
       where s.tenant_id = c.tenant_id and s.customer_id = c.id and s.unsubscribed_at is null
    ) b on true
   where c.tenant_id = r.tenant_id and c.lat is not null and c.lng is not null
     and c.lat between greatest(south, -90) and least(north, 90)
     and c.lng between greatest(west, -180) and least(east, 180)
   order by c.id
   limit 1000; -- PostgREST's max_rows: more would be cut off on the way anyway
end;
$$;
comment on function public.route_map_customers(bigint, double precision, double precision, double precision, double precision) is
  'Customers in a map box around a route the caller may read, with the route they are subscribed in (at most 1000).';
revoke execute on function public.route_map_customers(bigint, double precision, double precision, double precision, double precision) from public, anon;
grant execute on function public.route_map_customers(bigint, double precision, double precision, double precision, double precision) to authenticated, service_role;

-- The caller's tenant's customers among the ids, for a route the caller may read; a foreign id is refused
-- with the same 'Not found' a forged route gets, so another tenant's ids never tell whether they exist.
create function app_private.route_map_customer_ids(r public.routes, customer_ids bigint[]) returns bigint[]
language plpgsql stable security definer set search_path = '' as $$
declare
  found bigint[];
begin
  if customer_ids is null or cardinality(customer_ids) = 0 then
    raise exception 'Select customers on the map first' using errcode = 'P0001';
  end if;
  if cardinality(customer_ids) > 2000 then
    raise exception 'Select at most 2000 customers' using errcode = 'P0001';
  end if;
  select array_agg(distinct c.id) into found from public.customers c where c.tenant_id = r.tenant_id and c.id = any (customer_ids);
  if coalesce(cardinality(found), 0) <> (select count(distinct x) from unnest(customer_ids) x) then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  return found;
end;
$$;
revoke execute on function app_private.route_map_customer_ids(public.routes, bigint[]) from public;

-- Routes (other than this one) where the selected customers are subscribed, with their stops for the map.
create function public.route_map_similar_routes(route_id bigint, customer_ids bigint[])
returns table (id bigint, name text, depo_title text, shared_customers integer, stops jsonb)
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, '{admin,depo_admin,support}');
  ids bigint[] := app_private.route_map_customer_ids(r, customer_ids);
begin
  return query
  select o.id, o.name, d.title, count(distinct s.customer_id)::int,
         (select coalesce(jsonb_agg(jsonb_build_object('position', q.position, 'lat', q.lat, 'lng', q.lng) order by q.position), '[]')
            from public.route_points q
           where q.tenant_id = o.tenant_id and q.route_id = o.id and q.deleted_at is null and q.lat is not null and q.lng is not null)
    from public.stop_subscriptions s
    join public.route_points p on p.tenant_id = s.tenant_id and p.id = s.route_point_id and p.deleted_at is null
    join public.routes o on o.tenant_id = p.tenant_id and o.id = p.route_id and o.deleted_at is null and o.id <> r.id
    join public.depos d on d.tenant_id = o.tenant_id and d.id = o.depo_id
   where s.tenant_id = r.tenant_id and s.unsubscribed_at is null and s.customer_id = any (ids)
     and o.depo_id = any (app_private.readable_depo_ids())
   group by o.id, o.tenant_id, o.name, d.title
   order by count(distinct s.customer_id) desc, o.name, o.id
   limit 100;
end;
$$;
comment on function public.route_map_similar_routes(bigint, bigint[]) is 'Other routes the selected customers are subscribed in, with their stops.';
revoke execute on function public.route_map_similar_routes(bigint, bigint[]) from public, anon;
grant execute on function public.route_map_similar_routes(bigint, bigint[]) to authenticated, service_role;

-- The phones at the selected customers' addresses: the customers themselves and anyone else living there.
create function public.route_map_phones(route_id bigint, customer_ids bigint[])
returns table (customer_id bigint, address text, phone text)
language plpgsql stable security definer set search_path = '' as $$
declare
  r public.routes := app_private.route_in_reach(route_id, '{admin,depo_admin,support}');
  ids bigint[] := app_private.route_map_customer_ids(r, customer_ids);
begin
  return query
  select c.id, c.address, c.phone
    from public.customers c
   where c.tenant_id = r.tenant_id
     and (c.id = any (ids)
          or lower(btrim(c.address)) in (select lower(btrim(s.address)) from public.customers s
                                           where s.tenant_id = r.tenant_id and s.id = any (ids) and s.address is not null))
   order by c.address, c.phone
   limit 2000;
end;
$$;
comment on function public.route_map_phones(bigint, bigint[]) is 'Phones of the selected customers and of others at their addresses.';
revoke execute on function public.route_map_phones(bigint, bigint[]) from public, anon;
grant execute on function public.route_map_phones(bigint, bigint[]) to authenticated, service_role;

-- Update multiple customers: the selected customers are subscribed at one point of the route, and their
-- subscriptions at the route's other points end (one stop per customer on a route; other routes keep theirs).
-- Only for someone who may edit the route; answers how many customers now stop there.
create function public.update_multiple_customers(route_point_id bigint, customer_ids bigint[]) returns integer
language plpgsql security definer set search_path = '' as $$
-- The argument keeps the API's name; inside, route_point_id in the statements is the table's column.
#variable_conflict use_column
declare
  p public.route_points := app_private.route_point_for_editing(route_point_id);
  r public.routes;
  ids bigint[];
begin
  select o.* into r from public.routes o where o.id = p.route_id;
  ids := app_private.route_map_customer_ids(r, customer_ids);
  update public.stop_subscriptions s set unsubscribed_at = now()
    from public.route_points q
   where s.tenant_id = p.tenant_id and s.customer_id = any (ids) and s.unsubscribed_at is null
     and q.tenant_id = s.tenant_id and q.id = s.route_point_id and q.route_id = p.route_id and q.id <> p.id;
  insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id)
  select p.tenant_id, x, p.id, p.depo_id from unnest(ids) x
  on conflict (tenant_id, customer_id, route_point_id) do update set unsubscribed_at = null, subscribed_at = now()
   where public.stop_subscriptions.unsubscribed_at is not null;
  return cardinality(ids);
end;
$$;
comment on function public.update_multiple_customers(bigint, bigint[]) is 'Subscribes the selected customers at a point of a route the caller edits, ending their other stops on that route.';
revoke execute on function public.update_multiple_customers(bigint, bigint[]) from public, anon;
grant execute on function public.update_multiple_customers(bigint, bigint[]) to authenticated, service_role;

-- The local reverse geocoder: the nearest known address (stops and depos of the country, as the forward local
-- index) within a distance of a point; nothing when none is that close. Service role only, like the index.
create function public.reverse_known_address(p_country_code text, p_lat double precision, p_lng double precision,
                                             p_max_meters double precision default 300)
returns table (id text, place_name text, lng double precision, lat double precision)
language sql stable security invoker set search_path = '' as $$
  with box as (
    select least(greatest(coalesce(p_max_meters, 300), 1), 5000) as reach,
           least(greatest(coalesce(p_max_meters, 300), 1), 5000) / 111320.0 as deg,
           greatest(cos(radians(p_lat)), 0.01) as shrink
  ),
  near as (
    select 'route_point.' || rp.id as id, rp.address as place_name, rp.lng, rp.lat
      from public.route_points rp join public.tenants t on t.id = rp.tenant_id, box
     where (p_country_code is null or t.country_code = p_country_code)
       and rp.deleted_at is null and rp.address is not null and btrim(rp.address) <> ''
       and rp.lat between p_lat - box.deg and p_lat + box.deg
       and rp.lng between p_lng - box.deg / box.shrink and p_lng + box.deg / box.shrink
    union all
    select 'depo.' || d.id, d.address, d.address_lng, d.address_lat
      from public.depos d join public.tenants t on t.id = d.tenant_id, box
     where (p_country_code is null or t.country_code = p_country_code)
       and d.address is not null and btrim(d.address) <> ''
       and d.address_lat between p_lat - box.deg and p_lat + box.deg
       and d.address_lng between p_lng - box.deg / box.shrink and p_lng + box.deg / box.shrink
  )
  select n.id, n.place_name, n.lng, n.lat
    from near n, box
   where app_private.meters_between(p_lat, p_lng, n.lat, n.lng) <= box.reach
   order by app_private.meters_between(p_lat, p_lng, n.lat, n.lng), n.id
   limit 1;
$$;
comment on function public.reverse_known_address(text, double precision, double precision, double precision) is
  'The nearest stop or depo address of a country within a distance of a point: reverse geocoding without a provider (service role only).';
revoke execute on function public.reverse_known_address(text, double precision, double precision, double precision) from public, anon, authenticated;
grant execute on function public.reverse_known_address(text, double precision, double precision, double precision) to service_role;
