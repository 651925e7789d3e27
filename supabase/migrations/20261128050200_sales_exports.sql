-- Downloads (delivery-operations §7 "Downloads", §9): the sales export (the point-of-sale order lines of a depo's
-- end-of-day reports) and the product transfer export (the depo's stock transfer lines), as CSV through the
-- `sales-export` edge function, which reads them page by page with these functions and streams the file.
--   * At most 30 days ending with the end date: 'Maximum 30 days interval can be exported ending with "End date"'.
--   * Admins, depo admins and support of the depo; another tenant's or depo's id answers 'Not found'.
--   * Not for tenants with the ice-cream layout (their EOD list offers no sales export).
--   * Keyset pages (time, order id, line id) of at most 1000 rows (PostgREST's max_rows): the function holds one page at a time.

-- The export's range scan: a depo's POS orders by time.
create index eod_orders_depo_time_idx on public.eod_orders (tenant_id, depo_id, time, id);
create index stock_transfers_depo_time_idx on public.stock_transfers (tenant_id, depo_id, transfered_at, id);

-- The depo an export reads, checked: the caller's tenant and a depo they export from; the window of the spec.
create function app_private.export_depo(p_depo_id bigint, p_start date, p_end date, p_limit integer)
returns table (tenant_id uuid, time_zone text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_start is null or p_end is null then
    raise exception 'Can''t be blank' using errcode = '23502', column = case when p_start is null then 'start_date' else 'end_date' end;
  end if;
  if p_end < p_start or p_end - p_start > 29 then
    raise exception 'Maximum 30 days interval can be exported ending with "End date"' using errcode = '22023', column = 'start_date';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'The page size must be between 1 and 1000' using errcode = '22023';
  end if;
  return query
    select d.tenant_id, t.time_zone
    from public.depos d join public.tenants t on t.id = d.tenant_id
    where d.id = p_depo_id
      and d.tenant_id = any (app_private.current_user_tenant_ids())
      and d.id = any (app_private.depo_ids_where_role('{admin,depo_admin,support}'))
      and not t.uses_ice_cream_eod_layout;
  if not found then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
end;
$$;
revoke execute on function app_private.export_depo(bigint, date, date, integer) from public;

-- One page of the sales export: the POS order lines sold in the depo between the dates (the tenant's days), of the
-- chosen cars and orders when given, after the line (p_after_time, p_after_order_id, p_after_id). The page's orders
-- are read first in (time, id) order from the depo's index (each order has a line, so p_limit orders after the last
-- page's hold at least p_limit lines), then their lines: a page costs the same at the start and at the end of a month.
create function public.sales_export_page(
  p_depo_id bigint, p_start_date date, p_end_date date, p_car_ids bigint[] default null, p_order_ids bigint[] default null,
  p_after_time timestamptz default null, p_after_order_id bigint default null, p_after_id bigint default null, p_limit integer default 1000)
returns table (line_id bigint, sold_at timestamptz, local_time text, eod_order_id bigint, pos_order_id text, report_id bigint, car text,
               route text, category text, product text, sku text, quantity numeric, amount numeric, discount numeric)
language plpgsql stable security definer set search_path = '' as $$
declare
  scope record;
begin
  select * into scope from app_private.export_depo(p_depo_id, p_start_date, p_end_date, p_limit);
  return query
    with page_orders as (
      select o.tenant_id, o.id, o.time, o.wallmob_order_id, o.end_of_day_report_id
      from public.eod_orders o
      join public.end_of_day_reports e on e.tenant_id = o.tenant_id and e.id = o.end_of_day_report_id
      where o.tenant_id = scope.tenant_id and o.depo_id = p_depo_id
        and o.time >= (p_start_date::timestamp at time zone scope.time_zone)
        and o.time < ((p_end_date + 1)::timestamp at time zone scope.time_zone)
        and (p_after_time is null or (o.time, o.id) >= (p_after_time, p_after_order_id))
        and (p_car_ids is null or cardinality(p_car_ids) = 0 or e.car_id = any (p_car_ids))
        and (p_order_ids is null or cardinality(p_order_ids) = 0 or o.id = any (p_order_ids))
        and exists (select 1 from public.eod_order_line_items x where x.tenant_id = o.tenant_id and x.eod_order_id = o.id)
      order by o.time, o.id
      limit p_limit + 1 -- the first may be the last page's order, whose lines went out already
    )
    select li.id, o.time, to_char(o.time at time zone scope.time_zone, 'YYYY-MM-DD HH24:MI'), o.id, o.wallmob_order_id, e.id,
           c.internal_number, r.name, li.category_name, li.product_name, li.wallmob_sku, li.quantity, li.total_line_amount, li.discount
    from page_orders o
    join public.eod_order_line_items li on li.tenant_id = o.tenant_id and li.eod_order_id = o.id
    join public.end_of_day_reports e on e.tenant_id = o.tenant_id and e.id = o.end_of_day_report_id
    left join public.cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
    left join public.plan_events pe on pe.tenant_id = e.tenant_id and pe.id = e.plan_event_id
    left join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    where p_after_time is null or (o.time, o.id, li.id) > (p_after_time, p_after_order_id, p_after_id)
    order by o.time, o.id, li.id
    limit p_limit;
end;
$$;
comment on function public.sales_export_page(bigint, date, date, bigint[], bigint[], timestamptz, bigint, bigint, integer) is
  'A keyset page of the sales export (POS order lines of the depo in at most 30 days); admins, depo admins, support; else Not found.';
revoke execute on function public.sales_export_page(bigint, date, date, bigint[], bigint[], timestamptz, bigint, bigint, integer) from public, anon;
grant execute on function public.sales_export_page(bigint, date, date, bigint[], bigint[], timestamptz, bigint, bigint, integer) to authenticated;

-- One page of the product transfer export: the depo's stock transfer lines between the dates, transfers first as
-- above.
create function public.product_transfer_export_page(
  p_depo_id bigint, p_start_date date, p_end_date date,
  p_after_time timestamptz default null, p_after_order_id bigint default null, p_after_id bigint default null, p_limit integer default 1000)
returns table (line_id bigint, transfered_at timestamptz, local_time text, transfer_id bigint, kind text, from_warehouse text,
               to_warehouse text, sku text, product text, amount numeric, description text)
language plpgsql stable security definer set search_path = '' as $$
declare
  scope record;
begin
  select * into scope from app_private.export_depo(p_depo_id, p_start_date, p_end_date, p_limit);
  return query
    with page_transfers as (
      select t.* from public.stock_transfers t
      where t.tenant_id = scope.tenant_id and t.depo_id = p_depo_id
        and t.transfered_at >= (p_start_date::timestamp at time zone scope.time_zone)
        and t.transfered_at < ((p_end_date + 1)::timestamp at time zone scope.time_zone)
        and (p_after_time is null or (t.transfered_at, t.id) >= (p_after_time, p_after_order_id))
        and exists (select 1 from public.stock_transfer_line_items x where x.tenant_id = t.tenant_id and x.stock_transfer_id = t.id)
      order by t.transfered_at, t.id
      limit p_limit + 1 -- the first may be the last page's order, whose lines went out already
    )
    select li.id, t.transfered_at, to_char(t.transfered_at at time zone scope.time_zone, 'YYYY-MM-DD HH24:MI'), t.id, t.kind::text,
           fw.code, tw.code, p.sku, p.description, li.amount, t.description
    from page_transfers t
    join public.stock_transfer_line_items li on li.tenant_id = t.tenant_id and li.stock_transfer_id = t.id
    join public.products p on p.tenant_id = li.tenant_id and p.id = li.product_id
    left join public.warehouses fw on fw.tenant_id = t.tenant_id and fw.id = t.from_warehouse_id
    left join public.warehouses tw on tw.tenant_id = t.tenant_id and tw.id = t.to_warehouse_id
    where p_after_time is null or (t.transfered_at, t.id, li.id) > (p_after_time, p_after_order_id, p_after_id)
    order by t.transfered_at, t.id, li.id
    limit p_limit;
end;
$$;
comment on function public.product_transfer_export_page(bigint, date, date, timestamptz, bigint, bigint, integer) is
  'A keyset page of the product transfer export (stock transfer lines of the depo in at most 30 days); else Not found.';
revoke execute on function public.product_transfer_export_page(bigint, date, date, timestamptz, bigint, bigint, integer) from public, anon;
grant execute on function public.product_transfer_export_page(bigint, date, date, timestamptz, bigint, bigint, integer) to authenticated;
