-- The lists of stock orders and transfers (inventory spec §2.1): the warehouse show page's Orders and Transfers tabs
-- and the depo's warehouse orders list with its filters and sortable headers, 25 a page (the spec's page size). Each
-- answers only for a warehouse or depo where the caller is an admin, depo admin or support (else no rows).

create index if not exists stock_orders_from_warehouse_idx on public.stock_orders (tenant_id, from_warehouse_id, ordered_at desc);
create index if not exists stock_orders_to_warehouse_idx on public.stock_orders (tenant_id, to_warehouse_id, ordered_at desc);

create function app_private.staff_name(p_user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select nullif(trim(p.first_name || ' ' || p.last_name), '') from public.staff_profiles p where p.user_id = p_user_id;
$$;
revoke execute on function app_private.staff_name(uuid) from public;

create function app_private.inventory_page_offset(p_page integer) returns integer
language sql immutable set search_path = '' as $$
  select (greatest(least(coalesce(p_page, 1), 100000), 1) - 1) * 25;
$$;
revoke execute on function app_private.inventory_page_offset(integer) from public;

-- The Orders tab: orders into or out of the warehouse, newest first. `exportable`: between a depo's and a car's
-- warehouse (only those get the xlsx link).
create function public.warehouse_stock_orders(p_warehouse_id bigint, p_page integer default 1)
returns table (id bigint, status public.stock_order_status, kind public.stock_kind, from_warehouse_id bigint, from_name text,
               to_warehouse_id bigint, to_name text, ordered_at timestamptz, message text, created_by_name text, created_at timestamptz,
               exportable boolean)
language sql stable security definer set search_path = '' as $$
  select o.id, o.status, o.kind, o.from_warehouse_id, f.name, o.to_warehouse_id, t.name, o.ordered_at, o.main_storage_message,
         app_private.staff_name(o.created_by), o.created_at,
         coalesce((f.owner_type = 'depo' and t.owner_type = 'car') or (f.owner_type = 'car' and t.owner_type = 'depo'), false)
    from public.warehouses w
    join public.stock_orders o on o.tenant_id = w.tenant_id and (o.from_warehouse_id = w.id or o.to_warehouse_id = w.id)
    left join public.warehouses f on f.tenant_id = o.tenant_id and f.id = o.from_warehouse_id
    left join public.warehouses t on t.tenant_id = o.tenant_id and t.id = o.to_warehouse_id
   where w.id = p_warehouse_id
     and w.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and w.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
   order by o.ordered_at desc, o.id desc
   limit 25 offset app_private.inventory_page_offset(p_page);
$$;
revoke execute on function public.warehouse_stock_orders(bigint, integer) from public, anon;
grant execute on function public.warehouse_stock_orders(bigint, integer) to authenticated, service_role;

-- The Transfers tab: transfers into or out of the warehouse, newest first.
create function public.warehouse_stock_transfers(p_warehouse_id bigint, p_page integer default 1)
returns table (id bigint, kind public.stock_kind, from_warehouse_id bigint, from_name text, to_warehouse_id bigint, to_name text,
               description text, transfered_at timestamptz, created_by_name text)
language sql stable security definer set search_path = '' as $$
  select s.id, s.kind, s.from_warehouse_id, f.name, s.to_warehouse_id, t.name, s.description, s.transfered_at,
         app_private.staff_name(s.created_by)
    from public.warehouses w
    join lateral (
      (select * from public.stock_transfers x where x.tenant_id = w.tenant_id and x.to_warehouse_id = w.id
        order by x.transfered_at desc, x.id desc limit 25 + app_private.inventory_page_offset(p_page))
      union all
      (select * from public.stock_transfers x where x.tenant_id = w.tenant_id and x.from_warehouse_id = w.id
        order by x.transfered_at desc, x.id desc limit 25 + app_private.inventory_page_offset(p_page))) s on true
    left join public.warehouses f on f.tenant_id = s.tenant_id and f.id = s.from_warehouse_id
    left join public.warehouses t on t.tenant_id = s.tenant_id and t.id = s.to_warehouse_id
   where w.id = p_warehouse_id
     and w.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and w.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
   order by s.transfered_at desc, s.id desc
   limit 25 offset app_private.inventory_page_offset(p_page);
$$;
revoke execute on function public.warehouse_stock_transfers(bigint, integer) from public, anon;
grant execute on function public.warehouse_stock_transfers(bigint, integer) to authenticated, service_role;

-- /warehouse_orders: the depo's orders ordered between two days (the tenant's clock), from and to any of the chosen
-- warehouses (none chosen: all), sorted by the header clicked (from, to or ordered_at; ordered_at descending by
-- default). `warehouse_id` is where the order's view lives (its to-warehouse, else its from-warehouse).
create function public.depo_warehouse_orders(p_depo_id bigint, p_start_date date, p_end_date date,
  p_from_warehouse_ids bigint[] default null, p_to_warehouse_ids bigint[] default null,
  p_order_key text default 'ordered_at', p_order_direction text default 'desc', p_page integer default 1)
returns table (id bigint, warehouse_id bigint, status public.stock_order_status, kind public.stock_kind, from_name text, to_name text,
               ordered_at timestamptz, message text, created_by_name text)
language sql stable security definer set search_path = '' as $$
  select o.id, coalesce(o.to_warehouse_id, o.from_warehouse_id), o.status, o.kind, f.name, t.name, o.ordered_at,
         o.main_storage_message, app_private.staff_name(o.created_by)
    from public.depos d
    join public.tenants tn on tn.id = d.tenant_id
    join public.stock_orders o on o.tenant_id = d.tenant_id and o.depo_id = d.id
    left join public.warehouses f on f.tenant_id = o.tenant_id and f.id = o.from_warehouse_id
    left join public.warehouses t on t.tenant_id = o.tenant_id and t.id = o.to_warehouse_id
   where d.id = p_depo_id
     and d.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and d.id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
     and o.ordered_at >= (p_start_date::timestamp at time zone tn.time_zone)
     and o.ordered_at < ((p_end_date + 1)::timestamp at time zone tn.time_zone)
     and (cardinality(p_from_warehouse_ids) is not distinct from null or cardinality(p_from_warehouse_ids) = 0 or o.from_warehouse_id = any (p_from_warehouse_ids))
     and (cardinality(p_to_warehouse_ids) is not distinct from null or cardinality(p_to_warehouse_ids) = 0 or o.to_warehouse_id = any (p_to_warehouse_ids))
   order by
     case when p_order_direction = 'asc' then
       case p_order_key when 'from' then f.name when 'to' then t.name end end asc nulls last,
     case when p_order_direction <> 'asc' then
       case p_order_key when 'from' then f.name when 'to' then t.name end end desc nulls last,
     case when p_order_direction = 'asc' then o.ordered_at end asc,
     o.ordered_at desc, o.id desc
   limit 25 offset app_private.inventory_page_offset(p_page);
$$;
revoke execute on function public.depo_warehouse_orders(bigint, date, date, bigint[], bigint[], text, text, integer) from public, anon;
grant execute on function public.depo_warehouse_orders(bigint, date, date, bigint[], bigint[], text, text, integer) to authenticated, service_role;

-- The write-off export (tenants with has_write_off_export): every line of the depo's write-off transfers from the
-- chosen warehouses (none chosen: all) between two days. Another tenant's flag or depo: no rows.
create function public.write_off_export_rows(p_depo_id bigint, p_start_date date, p_end_date date, p_from_warehouse_ids bigint[] default null)
returns table (transfer_id bigint, transfered_at timestamptz, warehouse_code text, warehouse_name text, sku text, description text,
               amount numeric, description_of_transfer text, created_by_name text)
language sql stable security definer set search_path = '' as $$
  select s.id, s.transfered_at, f.code, f.name, p.sku, p.description, l.amount, s.description, app_private.staff_name(s.created_by)
    from public.depos d
    join public.tenants tn on tn.id = d.tenant_id and tn.has_write_off_export
    join public.stock_transfers s on s.tenant_id = d.tenant_id and s.depo_id = d.id and s.kind = 'write_off'
    join public.stock_transfer_line_items l on l.tenant_id = s.tenant_id and l.stock_transfer_id = s.id
    join public.products p on p.tenant_id = l.tenant_id and p.id = l.product_id
    left join public.warehouses f on f.tenant_id = s.tenant_id and f.id = s.from_warehouse_id
   where d.id = p_depo_id
     and d.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and d.id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
     and s.transfered_at >= (p_start_date::timestamp at time zone tn.time_zone)
     and s.transfered_at < ((p_end_date + 1)::timestamp at time zone tn.time_zone)
     and (cardinality(p_from_warehouse_ids) is not distinct from null or cardinality(p_from_warehouse_ids) = 0 or s.from_warehouse_id = any (p_from_warehouse_ids))
   order by s.transfered_at, s.id, p.sku
   limit 100000;
$$;
revoke execute on function public.write_off_export_rows(bigint, date, date, bigint[]) from public, anon;
grant execute on function public.write_off_export_rows(bigint, date, date, bigint[]) to authenticated, service_role;
