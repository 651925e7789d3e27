-- The route-points editor's B2B customer picker (issue 15): it searched over REST, `customer_name` or `shop_id`
-- ilike the text, by name, 10 at most. Under row-level security `ilike` is not leakproof, so the planner walked the
-- tenant's customers in name order testing each: quick for a common phrase, the whole table (100,000 customers at
-- scale 1) for a rare one or none. This function answers the same rows but finds the candidates through the
-- trigram index of the B2B search texts (lower(customer_name || ... || shop_id || ...), so every customer whose
-- name or shop id matches is among them) and re-checks the screen's exact condition on each. Same rights as the
-- table's read policy: the customers of the tenants the caller is a member of (what REST answered; no tenant
-- argument, as the REST query had none).
create function public.b2b_customer_picker(p_text text)
returns table (id bigint, shop_id text, customer_name text)
language plpgsql stable security definer set search_path = '' as $$
declare
  -- The characters the screen removed before building its PostgREST pattern; `*` stays a wildcard, as in PostgREST.
  pattern text := '%' || replace(regexp_replace(coalesce(p_text, ''), '[%_,()\\]', '', 'g'), '*', '%') || '%';
  tenants uuid[] := app_private.current_user_tenant_ids();
  candidates bigint[];
begin
  if cardinality(tenants) = 0 then
    return;
  end if;
  -- Two steps, each planned for this pattern (EXECUTE): the candidates by the trigram index, then those rows by id.
  -- As one join the planner read and re-checked every customer once a phrase matched one in six ("kiosk").
  execute 'select array_agg(s.b2b_customer_id) from app_private.b2b_customer_search_texts s
            where s.search_text like lower($2) and s.tenant_id = any ($1)'
    into candidates using tenants, pattern;
  if candidates is null then
    return;
  end if;
  return query execute
    'select b.id, b.shop_id, b.customer_name
       from public.b2b_customers b
      where b.tenant_id = any ($1) and b.id = any ($3)
        and (b.customer_name ilike $2 or b.shop_id ilike $2)
      order by b.customer_name, b.id
      limit 10'
    using tenants, pattern, candidates;
end;
$$;
comment on function public.b2b_customer_picker(text) is
  'The route-points editor''s B2B customer picker: up to 10 customers whose name or shop id contains the text (`*` a wildcard), by name. Customers of the caller''s tenants, as the table''s read policy.';
revoke execute on function public.b2b_customer_picker(text) from public, anon;
grant execute on function public.b2b_customer_picker(text) to authenticated;
