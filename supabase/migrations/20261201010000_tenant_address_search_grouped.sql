-- Local address search at scale 1 (issue 15): a common street ("Hovedgaden") matches tens of thousands of rows
-- that share a few hundred addresses. The function sorted every match by lower(address) to keep one per address
-- (most of its time), and a second word ("Parkvej 149") was only a filter on the first word's matches.
-- Same answers (tests/db/tenant-address-search.test.ts compares it with the first definition):
--   * one row per address is the match with the least id (as `distinct on ... order by lower, id` chose), found by
--     a hash aggregate over the matches instead of a sort of them all; the ranking (prefix, similarity, address)
--     then runs over one row per address;
--   * each of the three longest words is an index condition (the trigram index intersects them), the rest a
--     filter; the statement is built for the query's words (EXECUTE), so a word is tested once a row and the
--     plan is made for the actual patterns;
--   * rows without coordinates can never be answered, so the B2B customers' trigram index leaves them out (most
--     B2B customers have none, and the search read and dropped them).
drop index public.b2b_customers_address_trgm_idx;
create index b2b_customers_address_trgm_idx on public.b2b_customers using gin (tenant_id, address extensions.gin_trgm_ops)
  where lat is not null and lng is not null;

-- "<column> ilike $3[1] and <column> ilike $3[2] ...": the three longest words, then the rest as one filter.
create function app_private.address_search_conditions(p_column text, p_word_count integer) returns text
language sql immutable set search_path = '' as $$
  select coalesce(string_agg(format('%s ilike $3[%s]', p_column, i), ' and ' order by i), 'false')
         || case when p_word_count > 3 then format(' and %s ilike all ($3[4:])', p_column) else '' end
  from generate_series(1, least(p_word_count, 3)) as i;
$$;
revoke execute on function app_private.address_search_conditions(text, integer) from public;

create or replace function public.search_tenant_addresses(p_tenant_id uuid, p_query text, p_limit integer default 10)
returns table (id text, place_name text, lng double precision, lat double precision)
language plpgsql stable security definer set search_path = '' as $$
declare
  service boolean := (select auth.role()) = 'service_role';
  -- Each word once (a word typed twice is the same condition), longest first as the patterns come.
  patterns text[] := array(select u.p from unnest(app_private.address_search_patterns(p_query)) with ordinality as u(p, n)
                            group by u.p order by min(u.n));
  words integer := coalesce(cardinality(patterns), 0);
begin
  if p_tenant_id is null or not (service or p_tenant_id = any (app_private.current_user_tenant_ids())) then
    raise exception 'Not found' using errcode = 'PT404';
  end if;
  -- $1 tenant, $2 service role, $3 patterns, $4 readable depos, $5 query, $6 limit.
  return query execute format($sql$
    with matches as materialized (
      select 'route_point.' || rp.id as id, rp.address as place_name, rp.lng, rp.lat
        from public.route_points rp
       where rp.tenant_id = $1 and rp.deleted_at is null and rp.lat is not null and rp.lng is not null
         and ($2 or rp.depo_id = any ($4)) and %s
      union all
      select 'customer.' || c.id, c.address, c.lng, c.lat
        from public.customers c
       where c.tenant_id = $1 and c.lat is not null and c.lng is not null and %s
      union all
      select 'b2b_customer.' || b.id, b.address, b.lng, b.lat
        from public.b2b_customers b
       where b.tenant_id = $1 and b.lat is not null and b.lng is not null and %s
    ),
    first_per_address as (select min(m.id) as id from matches m group by lower(m.place_name))
    select a.id, a.place_name, a.lng, a.lat
    from first_per_address f
    join matches a on a.id = f.id
    order by starts_with(lower(a.place_name), lower(btrim($5))) desc, extensions.similarity(a.place_name, $5) desc, a.place_name
    limit least(greatest(coalesce($6, 10), 1), 10)
    $sql$, app_private.address_search_conditions('rp.address', words), app_private.address_search_conditions('c.address', words),
           app_private.address_search_conditions('b.address', words))
    using p_tenant_id, service, patterns, app_private.readable_depo_ids(), p_query, p_limit;
end;
$$;
