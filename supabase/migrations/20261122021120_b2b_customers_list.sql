-- The B2B customers list (admin-core §2 /b2b_customers): a page of 25 with depo titles, next visit dates and
-- route names, five tabs with counts, status, depo and search filters; fast with 100,000 customers in a tenant.
--
-- Tabs need, per customer, "is on a route" and "is in the calendar from today". Computing them through
-- route_point_b2b_customers -> route_points -> routes / plan_event_route_points -> plan_events for every
-- customer on every count would be too slow, so two columns on b2b_customers carry them, kept right by
-- statement triggers on the tables they come from:
--   in_route       on a non-deleted route point of a non-deleted route
--   last_visit_on  the latest plan event date the customer is planned on; "in calendar" is
--                  last_visit_on >= today (in the tenant's time zone), so time passing needs no update.
-- A third, depo_ids, copies b2b_customer_depos so the depo filter needs no join.
-- Clients cannot write the derived columns (column grants); a nightly job re-derives them all as a safety net
-- against concurrent edits that raced. The page's own columns (next visit dates, routes, depos) are read
-- live for its 25 rows, through RLS: a depo-scoped member sees only the routes and dates of their depos.
-- Search is a case-insensitive substring match over name, customer number, shop id, address, zip code and
-- phones, served by a trigram index on a private table of search texts (pg_trgm, in schema extensions).
-- The filter itself stays in one place, app_private.b2b_customers_matching() (20261122020200), which the xlsx
-- export uses too; it is redefined here on the derived columns and the indexed search text, same meaning.
-- RPCs: public.b2b_customers_page(tenant, search, depo, tab, status, page) and
-- public.b2b_customer_status_sizes(tenant, depo, status, search), both security invoker so RLS applies.

create extension if not exists pg_trgm with schema extensions;

alter table public.b2b_customers
  add column in_route boolean not null default false,
  add column last_visit_on date,
  add column depo_ids bigint[] not null default '{}';
comment on column public.b2b_customers.in_route is 'On a non-deleted route point of a non-deleted route (kept by triggers).';
comment on column public.b2b_customers.last_visit_on is 'Latest plan event date the customer is planned on (kept by triggers); in calendar when >= today.';
comment on column public.b2b_customers.depo_ids is 'The depos of b2b_customer_depos, in id order (kept by a trigger); the depo filter reads it from the list index.';

-- Everything but the derived columns stays writable for the writers the policies allow.
revoke insert, update on public.b2b_customers from authenticated;
grant insert (tenant_id, customer_name, customer_number, shop_id, segmentation, address, zip_code, phone, phone_2, sales_consultant,
              notes_about_customer, notes_to_customer, email, sales_district_name, season, payment_method, payment_term,
              customer_name_2, opening_week, shop_open_at, shop_close_at, status, lat, lng),
      update (tenant_id, customer_name, customer_number, shop_id, segmentation, address, zip_code, phone, phone_2, sales_consultant,
              notes_about_customer, notes_to_customer, email, sales_district_name, season, payment_method, payment_term,
              customer_name_2, opening_week, shop_open_at, shop_close_at, status, lat, lng)
  on public.b2b_customers to authenticated;

-- The text the search box matches: the searched columns joined by spaces (as concat_ws(' ', ...) would),
-- lowercased, kept in a narrow side table with a trigram index. Narrow, because a phrase as common as
-- "kiosk" matches one shop in six and each match is re-checked on the row; lowercased once, so that
-- re-check is a plain LIKE. Written by a trigger whenever a searched column changes.
create function app_private.b2b_customer_search_text(
  customer_name text, customer_number text, shop_id text, address text, zip_code text, phone text, phone_2 text
) returns text
language sql immutable parallel safe set search_path = '' as $$
  select lower(customer_name || ' ' || customer_number || coalesce(' ' || shop_id, '') || coalesce(' ' || address, '')
               || coalesce(' ' || zip_code, '') || coalesce(' ' || phone, '') || coalesce(' ' || phone_2, ''));
$$;
revoke execute on function app_private.b2b_customer_search_text(text, text, text, text, text, text, text) from public;

create table app_private.b2b_customer_search_texts (
  tenant_id uuid not null,
  b2b_customer_id bigint not null,
  search_text text not null,
  primary key (tenant_id, b2b_customer_id),
  foreign key (tenant_id, b2b_customer_id) references public.b2b_customers (tenant_id, id) on delete cascade
);
comment on table app_private.b2b_customer_search_texts is 'What the B2B customers search box matches, per customer (kept by a trigger on b2b_customers).';
alter table app_private.b2b_customer_search_texts enable row level security; -- read only by security definer functions
-- Trigrams only: with tenant_id as a leading btree_gin column every search also walks the tenant's whole
-- posting list (ten times slower for a common phrase); the tenant is checked on the matching rows instead.
create index b2b_customer_search_texts_trgm_idx on app_private.b2b_customer_search_texts
  using gin (search_text extensions.gin_trgm_ops);

create function app_private.keep_b2b_customer_search_text() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into app_private.b2b_customer_search_texts as s (tenant_id, b2b_customer_id, search_text)
  values (new.tenant_id, new.id, app_private.b2b_customer_search_text(new.customer_name, new.customer_number, new.shop_id,
                                                                      new.address, new.zip_code, new.phone, new.phone_2))
  on conflict (tenant_id, b2b_customer_id) do update set search_text = excluded.search_text
  where s.search_text is distinct from excluded.search_text;
  return null;
end;
$$;
revoke execute on function app_private.keep_b2b_customer_search_text() from public;
create trigger keep_search_text after insert or update of customer_name, customer_number, shop_id, address, zip_code, phone, phone_2
  on public.b2b_customers for each row execute function app_private.keep_b2b_customer_search_text();
insert into app_private.b2b_customer_search_texts (tenant_id, b2b_customer_id, search_text)
select b.tenant_id, b.id, app_private.b2b_customer_search_text(b.customer_name, b.customer_number, b.shop_id, b.address, b.zip_code, b.phone, b.phone_2)
from public.b2b_customers b;

-- Indexes. Under RLS, Postgres uses a condition as an index condition only if its operator is leakproof, and
-- neither enum equality (status) nor ILIKE is; so the list walks one name-ordered index whose included columns
-- answer the status and tab conditions without visiting the table, the counts read a small covering index,
-- and the search runs through app_private.b2b_customer_ids_matching_search (below) on the search texts.
-- The two RPCs plan with random_page_cost = 1.1 (SSD storage, index pages in cache): with the default of 4 and
-- the row estimate RLS halves, Postgres prefers reading the whole table to walking these covering indexes.
-- The list index also serves the export's keyset walk (name, id), which had its own index without the
-- included columns: it is replaced.
drop index public.b2b_customers_tenant_status_idx;
drop index if exists public.b2b_customers_tenant_name_idx;
create index b2b_customers_list_idx on public.b2b_customers (tenant_id, customer_name, id) include (status, in_route, last_visit_on, depo_ids);
create index b2b_customers_tabs_idx on public.b2b_customers (tenant_id, status, in_route, last_visit_on);
create index b2b_customer_depos_depo_idx on public.b2b_customer_depos (tenant_id, depo_id, b2b_customer_id);

-- Re-derives in_route and last_visit_on of the given customers; writes only rows whose values change.
create function app_private.refresh_b2b_customer_route_flags(customer_ids bigint[]) returns void
language sql security definer set search_path = '' as $$
  update public.b2b_customers b
     set in_route = f.in_route, last_visit_on = f.last_visit_on
    from (
      select c.tenant_id, c.id,
             exists (select 1
                       from public.route_point_b2b_customers x
                       join public.route_points rp on rp.tenant_id = x.tenant_id and rp.id = x.route_point_id and rp.deleted_at is null
                       join public.routes r on r.tenant_id = rp.tenant_id and r.id = rp.route_id and r.deleted_at is null
                      where x.tenant_id = c.tenant_id and x.b2b_customer_id = c.id) as in_route,
             (select max(pe.date)
                from public.route_point_b2b_customers x
                join public.plan_event_route_points perp on perp.tenant_id = x.tenant_id and perp.route_point_id = x.route_point_id
                join public.plan_events pe on pe.tenant_id = perp.tenant_id and pe.id = perp.plan_event_id
               where x.tenant_id = c.tenant_id and x.b2b_customer_id = c.id) as last_visit_on
        from public.b2b_customers c
        -- A join, not `id = any (customer_ids)`: a trigger may pass tens of thousands of ids.
        join (select distinct u.id from unnest(customer_ids) u(id)) u on u.id = c.id
    ) f
   where b.tenant_id = f.tenant_id and b.id = f.id
     and (b.in_route, b.last_visit_on) is distinct from (f.in_route, f.last_visit_on);
$$;
revoke execute on function app_private.refresh_b2b_customer_route_flags(bigint[]) from public;

create function app_private.refresh_all_b2b_customer_route_flags() returns void
language sql security definer set search_path = '' as $$
  select app_private.refresh_b2b_customer_route_flags(array(select b.id from public.b2b_customers b));
$$;
revoke execute on function app_private.refresh_all_b2b_customer_route_flags() from public;

-- One statement trigger function per source table; each finds the customers its rows reach.
create function app_private.refresh_flags_after_route_point_b2b_customers_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_b2b_customer_route_flags(array(select distinct n.b2b_customer_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform app_private.refresh_b2b_customer_route_flags(array(select distinct o.b2b_customer_id from old_rows o));
  else
    perform app_private.refresh_b2b_customer_route_flags(array(
      select n.b2b_customer_id from new_rows n union select o.b2b_customer_id from old_rows o));
  end if;
  return null;
end;
$$;

create function app_private.refresh_flags_after_route_points_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.refresh_b2b_customer_route_flags(array(
    select distinct x.b2b_customer_id
      from new_rows n
      join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
      join public.route_point_b2b_customers x on x.tenant_id = n.tenant_id and x.route_point_id = n.id
     where n.deleted_at is distinct from o.deleted_at or n.route_id is distinct from o.route_id));
  return null;
end;
$$;

create function app_private.refresh_flags_after_routes_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.refresh_b2b_customer_route_flags(array(
    select distinct x.b2b_customer_id
      from new_rows n
      join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
      join public.route_points rp on rp.tenant_id = n.tenant_id and rp.route_id = n.id and rp.deleted_at is null
      join public.route_point_b2b_customers x on x.tenant_id = rp.tenant_id and x.route_point_id = rp.id
     where n.deleted_at is distinct from o.deleted_at));
  return null;
end;
$$;

create function app_private.refresh_flags_after_plan_event_route_points_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_b2b_customer_route_flags(array(
      select distinct x.b2b_customer_id from new_rows n
        join public.route_point_b2b_customers x on x.tenant_id = n.tenant_id and x.route_point_id = n.route_point_id));
  elsif tg_op = 'DELETE' then
    perform app_private.refresh_b2b_customer_route_flags(array(
      select distinct x.b2b_customer_id from old_rows o
        join public.route_point_b2b_customers x on x.tenant_id = o.tenant_id and x.route_point_id = o.route_point_id));
  else
    perform app_private.refresh_b2b_customer_route_flags(array(
      select distinct x.b2b_customer_id
        from new_rows n
        join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
        join public.route_point_b2b_customers x on x.tenant_id = n.tenant_id and x.route_point_id in (n.route_point_id, o.route_point_id)
       where n.route_point_id is distinct from o.route_point_id or n.plan_event_id is distinct from o.plan_event_id));
  end if;
  return null;
end;
$$;

create function app_private.refresh_flags_after_plan_events_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.refresh_b2b_customer_route_flags(array(
    select distinct x.b2b_customer_id
      from new_rows n
      join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
      join public.plan_event_route_points perp on perp.tenant_id = n.tenant_id and perp.plan_event_id = n.id
      join public.route_point_b2b_customers x on x.tenant_id = perp.tenant_id and x.route_point_id = perp.route_point_id
     where n.date is distinct from o.date));
  return null;
end;
$$;

revoke execute on function app_private.refresh_flags_after_route_point_b2b_customers_change(),
  app_private.refresh_flags_after_route_points_change(), app_private.refresh_flags_after_routes_change(),
  app_private.refresh_flags_after_plan_event_route_points_change(), app_private.refresh_flags_after_plan_events_change() from public;

-- Deleting a route point, route or plan event cascades to the link tables, whose triggers refresh.
create trigger b2b_flags_after_insert after insert on public.route_point_b2b_customers referencing new table as new_rows
  for each statement execute function app_private.refresh_flags_after_route_point_b2b_customers_change();
create trigger b2b_flags_after_update after update on public.route_point_b2b_customers referencing new table as new_rows old table as old_rows
  for each statement execute function app_private.refresh_flags_after_route_point_b2b_customers_change();
create trigger b2b_flags_after_delete after delete on public.route_point_b2b_customers referencing old table as old_rows
  for each statement execute function app_private.refresh_flags_after_route_point_b2b_customers_change();
create trigger b2b_flags_after_update after update on public.route_points referencing new table as new_rows old table as old_rows
  for each statement execute function app_private.refresh_flags_after_route_points_change();
create trigger b2b_flags_after_update after update on public.routes referencing new table as new_rows old table as old_rows
  for each statement execute function app_private.refresh_flags_after_routes_change();
create trigger b2b_flags_after_insert after insert on public.plan_event_route_points referencing new table as new_rows
  for each statement execute function app_private.refresh_flags_after_plan_event_route_points_change();
create trigger b2b_flags_after_update after update on public.plan_event_route_points referencing new table as new_rows old table as old_rows
  for each statement execute function app_private.refresh_flags_after_plan_event_route_points_change();
create trigger b2b_flags_after_delete after delete on public.plan_event_route_points referencing old table as old_rows
  for each statement execute function app_private.refresh_flags_after_plan_event_route_points_change();
create trigger b2b_flags_after_update after update on public.plan_events referencing new table as new_rows old table as old_rows
  for each statement execute function app_private.refresh_flags_after_plan_events_change();

-- depo_ids follows b2b_customer_depos.
create function app_private.refresh_b2b_customer_depo_ids(customer_ids bigint[]) returns void
language sql security definer set search_path = '' as $$
  update public.b2b_customers b
     set depo_ids = f.depo_ids
    from (
      select c.tenant_id, c.id,
             array(select cd.depo_id from public.b2b_customer_depos cd
                    where cd.tenant_id = c.tenant_id and cd.b2b_customer_id = c.id order by cd.depo_id) as depo_ids
        from public.b2b_customers c
        join (select distinct u.id from unnest(customer_ids) u(id)) u on u.id = c.id
    ) f
   where b.tenant_id = f.tenant_id and b.id = f.id and b.depo_ids is distinct from f.depo_ids;
$$;
revoke execute on function app_private.refresh_b2b_customer_depo_ids(bigint[]) from public;

create function app_private.refresh_depo_ids_after_b2b_customer_depos_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_b2b_customer_depo_ids(array(select n.b2b_customer_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform app_private.refresh_b2b_customer_depo_ids(array(select o.b2b_customer_id from old_rows o));
  else
    perform app_private.refresh_b2b_customer_depo_ids(array(
      select n.b2b_customer_id from new_rows n union select o.b2b_customer_id from old_rows o));
  end if;
  return null;
end;
$$;
revoke execute on function app_private.refresh_depo_ids_after_b2b_customer_depos_change() from public;

create trigger depo_ids_after_insert after insert on public.b2b_customer_depos referencing new table as new_rows
  for each statement execute function app_private.refresh_depo_ids_after_b2b_customer_depos_change();
create trigger depo_ids_after_update after update on public.b2b_customer_depos referencing new table as new_rows old table as old_rows
  for each statement execute function app_private.refresh_depo_ids_after_b2b_customer_depos_change();
create trigger depo_ids_after_delete after delete on public.b2b_customer_depos referencing old table as old_rows
  for each statement execute function app_private.refresh_depo_ids_after_b2b_customer_depos_change();
select app_private.refresh_b2b_customer_depo_ids(array(select b.id from public.b2b_customers b));

-- Customers already linked when this migration runs.
select app_private.refresh_all_b2b_customer_route_flags();

select cron.schedule('refresh-b2b-customer-route-flags', '30 2 * * *', $$select app_private.refresh_all_b2b_customer_route_flags()$$);

-- "Today" for a tenant is the date on its own clock.
create function app_private.tenant_today(p_tenant_id uuid) returns date
language sql stable set search_path = '' as $$
  select (now() at time zone t.time_zone)::date from public.tenants t where t.id = p_tenant_id;
$$;
revoke execute on function app_private.tenant_today(uuid) from public;
grant execute on function app_private.tenant_today(uuid) to authenticated, service_role;

-- The ids of a tenant's customers whose search text contains the phrase (case-insensitive). Security definer:
-- it reads the private search texts, and a LIKE under RLS could not use their index (LIKE is not leakproof);
-- it answers only members of the tenant (and the service role), and callers read the rows through RLS.
create function app_private.b2b_customer_ids_matching_search(p_tenant_id uuid, p_search_phrase text)
returns table (id bigint)
language plpgsql stable security definer set search_path = '' rows 2000 as $$
begin
  if not (p_tenant_id = any (app_private.current_user_tenant_ids()) or (select auth.role()) = 'service_role') then
    return;
  end if;
  -- EXECUTE: planned with the pattern itself, so the trigram index is costed for this phrase.
  return query execute
    'select s.b2b_customer_id from app_private.b2b_customer_search_texts s where s.tenant_id = $1 and s.search_text like $2'
    using p_tenant_id, lower(app_private.ilike_contains(btrim(p_search_phrase)));
end;
$$;
revoke execute on function app_private.b2b_customer_ids_matching_search(uuid, text) from public;
grant execute on function app_private.b2b_customer_ids_matching_search(uuid, text) to authenticated, service_role;

-- The list's filter (20261122020200_b2b_customers_filter.sql) now reads the derived columns and the indexed
-- search text: same meaning, same signature, so the list, its counts and the xlsx export still agree, and all
-- of them are fast. It stays an inlinable SQL function (no SET clause, names schema-qualified): called with
-- known values, Postgres folds away the filters that are not used and reaches the indexes.
create or replace function app_private.b2b_customers_matching(
  p_tenant_id uuid, p_search_phrase text, p_depo_id bigint, p_tab text, p_status text
) returns setof public.b2b_customers
language sql stable
as $$
  select c.*
  from public.b2b_customers c
  where c.tenant_id = p_tenant_id
    and (nullif(p_status, '') is null or c.status = p_status::public.active_status)
    and (p_depo_id is null or p_depo_id = any (c.depo_ids))
    and (nullif(btrim(p_search_phrase), '') is null
         or c.id in (select s.id from app_private.b2b_customer_ids_matching_search(p_tenant_id, p_search_phrase) s))
    and case coalesce(nullif(p_tab, ''), 'all')
      when 'all' then true
      when 'in_route' then c.in_route
      when 'not_in_route' then not c.in_route
      when 'in_calendar' then c.last_visit_on >= (select app_private.tenant_today(p_tenant_id))
      when 'not_in_calendar' then c.last_visit_on is null or c.last_visit_on < (select app_private.tenant_today(p_tenant_id))
      else false
    end;
$$;

-- The rows of the list for the two RPCs below, as SQL for EXECUTE with these parameters:
--   $1 tenant, $2 ids matching the search phrase (bigint[], null without a phrase), $3 depo, $4 tab,
--   $5 status, $6 the tenant's today, $7 page size, $8 offset.
-- Status, depo and tab come from app_private.b2b_customers_matching(). Its search condition is added here
-- instead, when there is a phrase, as the array of matching ids: the planner then sees how many there are
-- (a phrase may match ten customers or ten thousand); inside the function the condition sits in an OR,
-- where it could only be a row filter.
create function app_private.b2b_customers_list_source(p_has_search boolean) returns text
language sql immutable set search_path = '' as $$
  select 'app_private.b2b_customers_matching($1, null, $3, $4, $5) m'
    || case when p_has_search then ' where m.id = any ($2)' else '' end;
$$;
revoke execute on function app_private.b2b_customers_list_source(boolean) from public;
grant execute on function app_private.b2b_customers_list_source(boolean) to authenticated;

create function app_private.b2b_customer_ids_for_phrase(p_tenant_id uuid, p_search_phrase text) returns bigint[]
language sql stable set search_path = '' as $$
  select case when nullif(btrim(p_search_phrase), '') is not null
              then array(select s.id from app_private.b2b_customer_ids_matching_search(p_tenant_id, p_search_phrase) s) end;
$$;
revoke execute on function app_private.b2b_customer_ids_for_phrase(uuid, text) from public;
grant execute on function app_private.b2b_customer_ids_for_phrase(uuid, text) to authenticated;

create function public.b2b_customers_page(
  p_tenant_id uuid, p_search_phrase text default null, p_depo_id bigint default null, p_tab text default 'all',
  p_status text default 'active', p_page integer default 1
) returns table (
  id bigint, shop_id text, segmentation text, customer_name text, address text, zip_code text, phone text,
  depo_ids bigint[], depo_titles text[], next_visit_dates date[], route_names text[],
  customer_number text, phone_2 text, sales_consultant text, notes_about_customer text, notes_to_customer text, email text,
  sales_district_name text, season text, payment_method text, payment_term text, customer_name_2 text, opening_week integer,
  shop_open_at time, shop_close_at time, status public.active_status, in_route boolean, in_calendar boolean
)
language plpgsql stable security invoker set search_path = '' set random_page_cost = 1.1 as $$
declare
  page_size constant integer := 25;
  search_ids bigint[] := app_private.b2b_customer_ids_for_phrase(p_tenant_id, p_search_phrase);
begin
  if coalesce(nullif(p_tab, ''), 'all') not in ('all', 'in_route', 'not_in_route', 'in_calendar', 'not_in_calendar') then
    raise exception 'Unknown tab %', p_tab using errcode = '22023', hint = 'all, in_route, not_in_route, in_calendar or not_in_calendar';
  end if;
  -- EXECUTE plans with the actual values, so only the filters in use remain and each gets its index.
  return query execute format($sql$
    with page as (
      -- Only the key columns here, so skipping the offset rows reads the list index alone.
      select m.id from %s
       order by m.customer_name, m.id
       limit $7 offset $8
    )
    select b.id, b.shop_id, b.segmentation, b.customer_name, b.address, b.zip_code, b.phone,
           coalesce(depos.ids, '{}'), coalesce(depos.titles, '{}'), coalesce(visits.dates, '{}'), coalesce(routes.names, '{}'),
           b.customer_number, b.phone_2, b.sales_consultant, b.notes_about_customer, b.notes_to_customer, b.email,
           b.sales_district_name, b.season, b.payment_method, b.payment_term, b.customer_name_2, b.opening_week,
           b.shop_open_at, b.shop_close_at, b.status, b.in_route, coalesce(b.last_visit_on >= $6, false)
      from page
      join public.b2b_customers b on b.tenant_id = $1 and b.id = page.id
      left join lateral (
        select array_agg(d.id order by d.title, d.id) as ids, array_agg(d.title order by d.title, d.id) as titles
          from public.b2b_customer_depos cd join public.depos d on d.tenant_id = cd.tenant_id and d.id = cd.depo_id
         where cd.tenant_id = b.tenant_id and cd.b2b_customer_id = b.id) depos on true
      left join lateral (
        select array_agg(distinct pe.date order by pe.date) as dates
          from public.route_point_b2b_customers x
          join public.plan_event_route_points perp on perp.tenant_id = x.tenant_id and perp.route_point_id = x.route_point_id
          join public.plan_events pe on pe.tenant_id = perp.tenant_id and pe.id = perp.plan_event_id
         where x.tenant_id = b.tenant_id and x.b2b_customer_id = b.id and pe.date >= $6) visits on true
      left join lateral (
        select array_agg(distinct r.name order by r.name) as names
          from public.route_point_b2b_customers x
          join public.route_points rp on rp.tenant_id = x.tenant_id and rp.id = x.route_point_id and rp.deleted_at is null
          join public.routes r on r.tenant_id = rp.tenant_id and r.id = rp.route_id and r.deleted_at is null
         where x.tenant_id = b.tenant_id and x.b2b_customer_id = b.id) routes on true
     order by b.customer_name, b.id
    $sql$, app_private.b2b_customers_list_source(search_ids is not null))
    using p_tenant_id, search_ids, p_depo_id, p_tab, p_status, app_private.tenant_today(p_tenant_id),
          page_size, (greatest(coalesce(p_page, 1), 1) - 1) * page_size;
end;
$$;
comment on function public.b2b_customers_page(uuid, text, bigint, text, text, integer) is
  'A page (25 rows, p_page from 1) of the B2B customers list for a tab (all, in_route, not_in_route, in_calendar, not_in_calendar), status (null: any), depo and search phrase; RLS applies.';
revoke execute on function public.b2b_customers_page(uuid, text, bigint, text, text, integer) from public, anon;
grant execute on function public.b2b_customers_page(uuid, text, bigint, text, text, integer) to authenticated;

create function public.b2b_customer_status_sizes(
  p_tenant_id uuid, p_depo_id bigint default null, p_status text default 'active', p_search_phrase text default null
) returns table (all_count bigint, in_route_count bigint, not_in_route_count bigint, in_calendar_count bigint, not_in_calendar_count bigint)
language plpgsql stable security invoker set search_path = '' set random_page_cost = 1.1 as $$
declare
  search_ids bigint[] := app_private.b2b_customer_ids_for_phrase(p_tenant_id, p_search_phrase);
begin
  -- The same rows as the page with tab 'all', each tab's condition counted in the one pass.
  return query execute format($sql$
    select count(*), count(*) filter (where m.in_route), count(*) filter (where not m.in_route),
           count(*) filter (where m.last_visit_on >= $6),
           count(*) filter (where m.last_visit_on is null or m.last_visit_on < $6)
      from %s
    $sql$, app_private.b2b_customers_list_source(search_ids is not null))
    using p_tenant_id, search_ids, p_depo_id, 'all'::text, p_status, app_private.tenant_today(p_tenant_id);
end;
$$;
comment on function public.b2b_customer_status_sizes(uuid, bigint, text, text) is
  'The counts of the five B2B customer tabs (all, in route, not in route, in calendar, not in calendar) for the same filters as b2b_customers_page; RLS applies.';
revoke execute on function public.b2b_customer_status_sizes(uuid, bigint, text, text) from public, anon;
grant execute on function public.b2b_customer_status_sizes(uuid, bigint, text, text) to authenticated;
