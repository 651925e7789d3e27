-- The B2B customers' tab counts at scale 1 (issue 15, 100,000 customers): as security invoker the status filter
-- could not be an index condition (enum equality is not leakproof, so row-level security keeps it a filter on
-- every index entry of the tenant), and a search phrase's ids were tested against each of the tenant's
-- 100,000 list-index entries (`id = any (array)`, a binary search an entry: "kiosk" matches one in six, so the
-- array holds ~16,000 ids). The counts read only b2b_customers' own columns, whose read policy is "members of the
-- tenant", so this function checks that itself (a non-member counts nothing, as row-level security made it) and
-- runs as its owner: the status is an index condition, and the phrase's matches in the search texts are joined
-- by a hash instead of an array of their ids.
-- Same filter (app_private.b2b_customers_matching) and same counts: tests/db/b2b-customer-counts.test.ts compares
-- them with the invoker query, tests/db/b2b-customers-list.test.ts with the base tables.

-- The counts' covering index also carries the id, so a phrase's matches join it without reading the list index
-- (names and depo arrays: several times its size).
drop index public.b2b_customers_tabs_idx;
create index b2b_customers_tabs_idx on public.b2b_customers (tenant_id, status, in_route, last_visit_on) include (id);

create or replace function public.b2b_customer_status_sizes(
  p_tenant_id uuid, p_depo_id bigint default null, p_status text default 'active', p_search_phrase text default null
) returns table (all_count bigint, in_route_count bigint, not_in_route_count bigint, in_calendar_count bigint, not_in_calendar_count bigint)
language plpgsql stable security definer set search_path = '' set random_page_cost = 1.1 as $$
declare
  phrase text := nullif(btrim(p_search_phrase), '');
begin
  if p_tenant_id is null or not (p_tenant_id = any (app_private.current_user_tenant_ids())) then
    return query select 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint;
    return;
  end if;
  -- The same rows as the page with tab 'all', each tab's condition counted in the one pass.
  return query execute format($sql$
    select count(*), count(*) filter (where m.in_route), count(*) filter (where not m.in_route),
           count(*) filter (where m.last_visit_on >= $6),
           count(*) filter (where m.last_visit_on is null or m.last_visit_on < $6)
      from app_private.b2b_customers_matching($1, null, $3, $4, $5) m
      %s
    $sql$, case when phrase is not null then
             -- The condition of app_private.b2b_customer_ids_matching_search, joined here (a hash of the matches).
             'join app_private.b2b_customer_search_texts s on s.tenant_id = m.tenant_id and s.b2b_customer_id = m.id
               where s.search_text like $2' else '' end)
    using p_tenant_id, lower(app_private.ilike_contains(phrase)), p_depo_id, 'all'::text, p_status, app_private.tenant_today(p_tenant_id);
end;
$$;
