-- The warehouse Products tab at scale 1 (issue 15, `npm run bench -- scale`: p50 121 ms, p95 292 ms over REST for
-- 1,920 products). The balances were joined on `b.warehouse_id = w.id`, w being the one warehouse of the call in a
-- CTE: the planner could not use that as a key and read the balances of every warehouse the caller's row-level
-- policy lets through (130,000 rows: all 350 warehouses of an admin's depos), then hashed them. The join now also
-- names the warehouse by the argument, `b.warehouse_id = p_warehouse_id` (the same warehouse: w is selected by
-- that id), so the balances come from the (tenant_id, warehouse_id, product_id) key: 11–14 ms in SQL instead of
-- 93–358 ms on the same data, the same rows. Otherwise unchanged.

create or replace function public.warehouse_products_balance(p_warehouse_id bigint)
returns table (id bigint, balance_id bigint, sku text, description text, packaging_size integer, minimum_required_balance integer,
               balance_amount numeric, actual_balance numeric, missing_balance_amount numeric, missing_balance_packages_count integer,
               future_inventory_date date, future_inventory_quantity numeric)
language sql stable security invoker set search_path = '' as $$
  with w as (select * from public.warehouses w where w.id = p_warehouse_id),
  pending as (
    select li.product_id, sum(case when o.to_warehouse_id = w.id then li.amount else -li.amount end) as amount
      from w
      join public.stock_orders o on o.tenant_id = w.tenant_id and o.status = 'pending' and (o.to_warehouse_id = w.id or o.from_warehouse_id = w.id)
      join public.stock_order_line_items li on li.tenant_id = o.tenant_id and li.stock_order_id = o.id
     group by li.product_id),
  rows as (
    select p.id, b.id as balance_id, p.sku, p.description, p.packaging_size,
           coalesce(case when w.owner_type = 'car' then m.minimum_for_cars else m.minimum_for_depo end, 0) as minimum,
           coalesce(b.balance_amount, 0) as balance, coalesce(b.balance_amount, 0) + coalesce(pd.amount, 0) as actual,
           b.future_inventory_date, b.future_inventory_quantity
      from w
      join public.products p on p.tenant_id = w.tenant_id and p.status = 'active'
      left join public.warehouse_product_balances b
        on b.tenant_id = w.tenant_id and b.warehouse_id = w.id and b.warehouse_id = p_warehouse_id and b.product_id = p.id
      left join public.minimum_required_balances m on m.tenant_id = w.tenant_id and m.depo_id = w.depo_id and m.product_id = p.id
      left join pending pd on pd.product_id = p.id)
  select r.id, r.balance_id, r.sku, r.description, r.packaging_size, r.minimum, r.balance, r.actual,
         greatest(r.minimum - r.actual, 0), ceil(greatest(r.minimum - r.actual, 0) / r.packaging_size)::integer,
         r.future_inventory_date, r.future_inventory_quantity
    from rows r
   order by r.sku;
$$;
