-- Address search behind the customer form's address input (edge function `geocode`): the Local search type looks
-- in the tenant's own addresses (route points, retail and B2B customers), and the Global type, when no geocoding
-- provider is configured, in the known stop and depo addresses of the tenant's country. Every word of the query
-- must occur in the address; prefix matches come first, then trigram similarity.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists btree_gin with schema extensions;

-- tenant_id leads, as in every tenant index; the longest word of a query is matched through these.
create index route_points_address_trgm_idx on public.route_points using gin (tenant_id, address extensions.gin_trgm_ops)
  where deleted_at is null;
create index customers_address_trgm_idx on public.customers using gin (tenant_id, address extensions.gin_trgm_ops);
create index b2b_customers_address_trgm_idx on public.b2b_customers using gin (tenant_id, address extensions.gin_trgm_ops);

-- ILIKE patterns for each word of a query, longest word first ('%' and '_' typed by the user match themselves).
create function app_private.address_search_patterns(p_query text) returns text[]
language sql immutable set search_path = '' as $$
  select coalesce(array_agg('%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%' order by length(w) desc, w), '{}')
  from regexp_split_to_table(btrim(coalesce(p_query, '')), '[\s,]+') as w
  where w <> '';
$$;

create function public.search_tenant_addresses(p_tenant_id uuid, p_query text, p_limit integer default 10)
returns table (id text, place_name text, lng double precision, lat double precision)
language sql stable security invoker set search_path = '' as $$
  with patterns as (select app_private.address_search_patterns(p_query) as p),
  matches as (
    select 'route_point.' || rp.id as id, rp.address as place_name, rp.lng, rp.lat
      from public.route_points rp, patterns
     where rp.tenant_id = p_tenant_id and rp.deleted_at is null and rp.lat is not null and rp.lng is not null
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
$$;
comment on function public.search_tenant_addresses(uuid, text, integer) is
  'The tenant''s own addresses matching a query (Local address search); row-level security decides what the caller sees.';

create function public.search_known_addresses(p_country_code text, p_query text, p_limit integer default 10)
returns table (id text, place_name text, lng double precision, lat double precision)
language sql stable security invoker set search_path = '' as $$
  with patterns as (select app_private.address_search_patterns(p_query) as p),
  matches as (
    -- Stops are shown on the public subscribe map anyway, and depos are company addresses: no customer data here.
    select 'route_point.' || rp.id as id, rp.address as place_name, rp.lng, rp.lat
      from public.route_points rp
      join public.tenants t on t.id = rp.tenant_id, patterns
     where (p_country_code is null or t.country_code = p_country_code)
       and rp.deleted_at is null and rp.lat is not null and rp.lng is not null
       and rp.address ilike patterns.p[1] and rp.address ilike all (patterns.p)
    union all
    select 'depo.' || d.id, d.address, d.address_lng, d.address_lat
      from public.depos d
      join public.tenants t on t.id = d.tenant_id, patterns
     where (p_country_code is null or t.country_code = p_country_code)
       and d.address_lat is not null and d.address_lng is not null
       and d.address ilike patterns.p[1] and d.address ilike all (patterns.p)
  ),
  one_per_address as (
    select distinct on (lower(m.place_name)) m.* from matches m order by lower(m.place_name), m.id
  )
  select a.id, a.place_name, a.lng, a.lat
  from one_per_address a
  order by starts_with(lower(a.place_name), lower(btrim(p_query))) desc,
           extensions.similarity(a.place_name, p_query) desc, a.place_name
  limit least(greatest(coalesce(p_limit, 10), 1), 10);
$$;
comment on function public.search_known_addresses(text, text, integer) is
  'Stop and depo addresses of a country matching a query: the Global address search when no geocoding provider is configured (service role only).';

revoke execute on function app_private.address_search_patterns(text) from public;
grant execute on function app_private.address_search_patterns(text) to authenticated, service_role;
revoke execute on function public.search_tenant_addresses(uuid, text, integer) from public, anon;
grant execute on function public.search_tenant_addresses(uuid, text, integer) to authenticated, service_role;
revoke execute on function public.search_known_addresses(text, text, integer) from public, anon, authenticated;
grant execute on function public.search_known_addresses(text, text, integer) to service_role;
