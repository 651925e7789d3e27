-- Local address search at scale 1 (issue 15): a common street ("Hovedgaden") matches tens of thousands of rows
-- that share a few hundred addresses. The function sorted every match by lower(address) to keep one per address
-- (most of its time), and a second word ("Parkvej 149") was only a filter on the first word's matches.
-- Same answers (tests/db/address-search-grouped.test.ts compares it with the previous definition):
--   * one row per address is the match with the least id (as `distinct on ... order by lower, id` chose), found by
--     a hash aggregate over (address, id) instead of a sort of all matches; the ranking (prefix, similarity,
--     address) then runs over one row per address;
--   * the three longest words are each an index condition (the trigram index intersects them), every word is
--     still checked;
--   * rows without coordinates can never be answered, so the B2B customers' trigram index leaves them out (most
--     B2B customers have none: the search read and dropped them).
drop index public.b2b_customers_address_trgm_idx;
create index b2b_customers_address_trgm_idx on public.b2b_customers using gin (tenant_id, address extensions.gin_trgm_ops)
  where lat is not null and lng is not null;

create or replace function public.search_tenant_addresses(p_tenant_id uuid, p_query text, p_limit integer default 10)
returns table (id text, place_name text, lng double precision, lat double precision)
language plpgsql stable security definer set search_path = '' as $$
declare
  service boolean := (select auth.role()) = 'service_role';
  depo_ids bigint[] := app_private.readable_depo_ids();
  p text[] := app_private.address_search_patterns(p_query);
  -- The second and third longest words (the longest again when there are fewer), for the index.
  p2 text := coalesce(p[2], p[1]);
  p3 text := coalesce(p[3], p[1]);
begin
  if p_tenant_id is null or not (service or p_tenant_id = any (app_private.current_user_tenant_ids())) then
    raise exception 'Not found' using errcode = 'PT404';
  end if;
  return query
  with matches as materialized (
    select 'route_point.' || rp.id as id, rp.address as place_name, rp.lng, rp.lat
      from public.route_points rp
     where rp.tenant_id = p_tenant_id and rp.deleted_at is null and rp.lat is not null and rp.lng is not null
       and (service or rp.depo_id = any (depo_ids))
       and rp.address ilike p[1] and rp.address ilike p2 and rp.address ilike p3 and rp.address ilike all (p)
    union all
    select 'customer.' || c.id, c.address, c.lng, c.lat
      from public.customers c
     where c.tenant_id = p_tenant_id and c.lat is not null and c.lng is not null
       and c.address ilike p[1] and c.address ilike p2 and c.address ilike p3 and c.address ilike all (p)
    union all
    select 'b2b_customer.' || b.id, b.address, b.lng, b.lat
      from public.b2b_customers b
     where b.tenant_id = p_tenant_id and b.lat is not null and b.lng is not null
       and b.address ilike p[1] and b.address ilike p2 and b.address ilike p3 and b.address ilike all (p)
  ),
  first_per_address as (select min(m.id) as id from matches m group by lower(m.place_name))
  select a.id, a.place_name, a.lng, a.lat
  from first_per_address f
  join matches a on a.id = f.id
  order by starts_with(lower(a.place_name), lower(btrim(p_query))) desc,
           extensions.similarity(a.place_name, p_query) desc, a.place_name
  limit least(greatest(coalesce(p_limit, 10), 1), 10);
end;
$$;
