-- The customer form's Local address search (edge function `geocode`, with the caller's JWT) at scale (issue 15).
-- As security invoker it ran under row-level security, where `ilike` is not leakproof: the trigram indexes of
-- 20261122020100 could not serve it and every route point, customer and B2B customer of the tenant was read and
-- tested. Now it checks the rights itself, as the tables' read policies do (customers and B2B customers: members
-- of the tenant; route points: of the depos the caller may read), so the longest word is an index condition again.
-- Same answers; another tenant (or none) is Not found; the service role keeps seeing the whole tenant, as it did.
create or replace function public.search_tenant_addresses(p_tenant_id uuid, p_query text, p_limit integer default 10)
returns table (id text, place_name text, lng double precision, lat double precision)
language plpgsql stable security definer set search_path = '' as $$
declare
  service boolean := (select auth.role()) = 'service_role';
  depo_ids bigint[] := app_private.readable_depo_ids();
begin
  if p_tenant_id is null or not (service or p_tenant_id = any (app_private.current_user_tenant_ids())) then
    raise exception 'Not found' using errcode = 'PT404';
  end if;
  return query
  with patterns as (select app_private.address_search_patterns(p_query) as p),
  matches as (
    select 'route_point.' || rp.id as id, rp.address as place_name, rp.lng, rp.lat
      from public.route_points rp, patterns
     where rp.tenant_id = p_tenant_id and rp.deleted_at is null and rp.lat is not null and rp.lng is not null
       and (service or rp.depo_id = any (depo_ids))
       and rp.address ilike patterns.p[1] and rp.address ilike all (patterns.p)
    union all
    select 'customer.' || c.id, c.address, c.lng, c.lat
      from public.customers c, patterns
     where c.tenant_id = p_tenant_id and c.lat is not null and c.lng is not null
       and c.address ilike patterns.p[1] and c.address ilike all (patterns.p)
    union all
    select 'b2b_customer.' || b.id, b.address, b.lng, b.lat
      from public.b2b_customers b, patterns
     where b.tenant_id = p_tenant_id and b.lat is not null and b.lng is not null
       and b.address ilike patterns.p[1] and b.address ilike all (patterns.p)
  ),
  one_per_address as (
    select distinct on (lower(m.place_name)) m.* from matches m order by lower(m.place_name), m.id
  )
  select a.id, a.place_name, a.lng, a.lat
  from one_per_address a
  order by starts_with(lower(a.place_name), lower(btrim(p_query))) desc,
           extensions.similarity(a.place_name, p_query) desc, a.place_name
  limit least(greatest(coalesce(p_limit, 10), 1), 10);
end;
$$;
comment on function public.search_tenant_addresses(uuid, text, integer) is
  'The tenant''s own addresses matching a query (Local address search): route points of the depos the caller may read, retail and B2B customers. Members of the tenant; otherwise Not found.';
