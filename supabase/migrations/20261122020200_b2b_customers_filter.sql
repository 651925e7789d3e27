-- The filter of the B2B customers list (status, depo, search phrase, tab) in one place, so the list, its tab
-- counts and the xlsx export (edge function b2b-customers-export) always agree on which customers match.
-- Tabs: all; in_route (a stop on a live route) and not_in_route; in_calendar (a stop planned for the tenant's
-- today or later) and not_in_calendar.

-- '%text%' for ILIKE, with the user's own '%', '_' and '\' matching themselves.
create function app_private.ilike_contains(p_text text) returns text
language sql immutable set search_path = '' as $$
  select '%' || replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;

create function app_private.b2b_customers_matching(
  p_tenant_id uuid, p_search_phrase text, p_depo_id bigint, p_tab text, p_status text
) returns setof public.b2b_customers
language sql stable
-- No `set search_path` here on purpose: it would stop Postgres from inlining this query into its callers, whose
-- own keyset and limit conditions then reach the indexes. Every name is schema-qualified instead.
as $$
  select c.*
  from public.b2b_customers c
  where c.tenant_id = p_tenant_id
    and (nullif(p_status, '') is null or c.status = p_status::public.active_status)
    and (p_depo_id is null or exists (
          select 1 from public.b2b_customer_depos bd
          where bd.tenant_id = c.tenant_id and bd.b2b_customer_id = c.id and bd.depo_id = p_depo_id))
    and (nullif(btrim(p_search_phrase), '') is null
         or concat_ws(' ', c.customer_name, c.customer_number, c.shop_id, c.address, c.zip_code, c.phone, c.phone_2)
            ilike app_private.ilike_contains(btrim(p_search_phrase)))
    and case coalesce(nullif(p_tab, ''), 'all')
      when 'all' then true
      when 'in_route' then exists (
        select 1 from public.route_point_b2b_customers rpb
        join public.route_points rp on rp.tenant_id = rpb.tenant_id and rp.id = rpb.route_point_id and rp.deleted_at is null
        join public.routes r on r.tenant_id = rp.tenant_id and r.id = rp.route_id and r.deleted_at is null
        where rpb.tenant_id = c.tenant_id and rpb.b2b_customer_id = c.id)
      when 'not_in_route' then not exists (
        select 1 from public.route_point_b2b_customers rpb
        join public.route_points rp on rp.tenant_id = rpb.tenant_id and rp.id = rpb.route_point_id and rp.deleted_at is null
        join public.routes r on r.tenant_id = rp.tenant_id and r.id = rp.route_id and r.deleted_at is null
        where rpb.tenant_id = c.tenant_id and rpb.b2b_customer_id = c.id)
      when 'in_calendar' then exists (
        select 1 from public.route_point_b2b_customers rpb
        join public.plan_event_route_points perp on perp.tenant_id = rpb.tenant_id and perp.route_point_id = rpb.route_point_id
        join public.plan_events pe on pe.tenant_id = perp.tenant_id and pe.id = perp.plan_event_id
        where rpb.tenant_id = c.tenant_id and rpb.b2b_customer_id = c.id
          and pe.date >= (select (now() at time zone t.time_zone)::date from public.tenants t where t.id = p_tenant_id))
      when 'not_in_calendar' then not exists (
        select 1 from public.route_point_b2b_customers rpb
        join public.plan_event_route_points perp on perp.tenant_id = rpb.tenant_id and perp.route_point_id = rpb.route_point_id
        join public.plan_events pe on pe.tenant_id = perp.tenant_id and pe.id = perp.plan_event_id
        where rpb.tenant_id = c.tenant_id and rpb.b2b_customer_id = c.id
          and pe.date >= (select (now() at time zone t.time_zone)::date from public.tenants t where t.id = p_tenant_id))
      else false
    end;
$$;
comment on function app_private.b2b_customers_matching(uuid, text, bigint, text, text) is
  'The B2B customers a list filter matches; the list page, its counts and the export all select through it.';

-- Planned visits are looked up by route point for the calendar tabs and the Next visit dates column.
create index plan_event_route_points_route_point_idx on public.plan_event_route_points (tenant_id, route_point_id);

-- The export walks the list in its own order (name, then id) with a keyset, whatever the status filter.
create index b2b_customers_tenant_name_idx on public.b2b_customers (tenant_id, customer_name, id);

-- One page of the export: the rows after (p_after_name, p_after_id) in list order. Keyset paging keeps every
-- page as cheap as the first, so 100,000 customers stream in a hundred equal steps. The page is cut first and
-- only its rows get their depos, dates and routes. PL/pgSQL with custom plans: planned with the call's own
-- values, the unused filters fold away and the keyset walks (tenant_id, customer_name, id); a generic plan
-- (what a plain SQL function gets) cannot know the tenant's size and sorts the whole tenant on every page.
create function public.b2b_customers_export_page(
  p_tenant_id uuid, p_search_phrase text default null, p_depo_id bigint default null, p_tab text default 'all',
  p_status text default null, p_after_name text default null, p_after_id bigint default null, p_limit integer default 1000
) returns table (
  id bigint, shop_id text, segmentation text, customer_name text, customer_number text, address text, zip_code text,
  phone text, depos text[], next_visit_dates date[], routes text[]
)
language plpgsql stable security invoker set search_path = '' set plan_cache_mode = force_custom_plan as $$
#variable_conflict use_column
begin
  return query
  with page as (
    select c.* from app_private.b2b_customers_matching(p_tenant_id, p_search_phrase, p_depo_id, p_tab, p_status) c
    -- '' and 0 sort before every name and id (names are never empty), so the first page needs no special case
    -- and the condition stays an index range.
    where (c.customer_name, c.id) > (coalesce(p_after_name, ''), coalesce(p_after_id, 0))
    order by c.customer_name, c.id
    limit least(greatest(coalesce(p_limit, 1000), 1), 1000)
  ),
  today as (select (now() at time zone t.time_zone)::date as date from public.tenants t where t.id = p_tenant_id)
  select c.id, c.shop_id, c.segmentation, c.customer_name, c.customer_number, c.address, c.zip_code,
         concat_ws(', ', nullif(c.phone, ''), nullif(c.phone_2, '')),
         array(select d.title from public.b2b_customer_depos bd
               join public.depos d on d.tenant_id = bd.tenant_id and d.id = bd.depo_id
               where bd.tenant_id = c.tenant_id and bd.b2b_customer_id = c.id order by d.title),
         array(select distinct pe.date from public.route_point_b2b_customers rpb
               join public.plan_event_route_points perp on perp.tenant_id = rpb.tenant_id and perp.route_point_id = rpb.route_point_id
               join public.plan_events pe on pe.tenant_id = perp.tenant_id and pe.id = perp.plan_event_id
               where rpb.tenant_id = c.tenant_id and rpb.b2b_customer_id = c.id and pe.date >= (select today.date from today)
               order by pe.date limit 5),
         array(select distinct r.name from public.route_point_b2b_customers rpb
               join public.route_points rp on rp.tenant_id = rpb.tenant_id and rp.id = rpb.route_point_id and rp.deleted_at is null
               join public.routes r on r.tenant_id = rp.tenant_id and r.id = rp.route_id and r.deleted_at is null
               where rpb.tenant_id = c.tenant_id and rpb.b2b_customer_id = c.id order by r.name)
  from page c
  order by c.customer_name, c.id;
end;
$$;
comment on function public.b2b_customers_export_page is
  'One page of the B2B customers export for a list filter, in list order (name, id) after a keyset, with the list''s columns; row-level security applies.';

create function public.b2b_customers_export_count(
  p_tenant_id uuid, p_search_phrase text default null, p_depo_id bigint default null, p_tab text default 'all',
  p_status text default null
) returns bigint
language plpgsql stable security invoker set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  -- Custom plans here too: with the actual search phrase the trigram index can serve the search.
  return (select count(*) from app_private.b2b_customers_matching(p_tenant_id, p_search_phrase, p_depo_id, p_tab, p_status));
end;
$$;
comment on function public.b2b_customers_export_count is 'How many B2B customers a list filter matches (the export''s row count).';

revoke execute on function app_private.ilike_contains(text), app_private.b2b_customers_matching(uuid, text, bigint, text, text) from public;
grant execute on function app_private.ilike_contains(text), app_private.b2b_customers_matching(uuid, text, bigint, text, text)
  to authenticated, service_role;
revoke execute on function public.b2b_customers_export_page, public.b2b_customers_export_count from public, anon;
grant execute on function public.b2b_customers_export_page, public.b2b_customers_export_count to authenticated, service_role;
