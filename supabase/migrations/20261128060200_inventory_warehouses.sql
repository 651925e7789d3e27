-- Warehouses of the inventory screens: a depo's list with its negative balances, the owners a warehouse may have,
-- one primary warehouse per depo (setting a new one takes the mark from the old), and the products tab of a
-- warehouse with what is missing against the minimum. A car's warehouse stays in the car's depo by its keys.

-- The depo's warehouses with their owner's title and how many products are below zero (the row shows red).
create function public.inventory_warehouses(p_depo_id bigint)
returns table (id bigint, code text, name text, owner_type public.warehouse_owner_type, owner_car_id bigint, owner_title text,
               "primary" boolean, axapta_id text, negative_balances integer)
language sql stable security invoker set search_path = '' as $$
  select w.id, w.code, w.name, w.owner_type, w.owner_car_id,
         case when w.owner_type = 'car' then c.internal_number else d.title end,
         w."primary", w.axapta_id,
         (select count(*)::integer from public.warehouse_product_balances b
           where b.tenant_id = w.tenant_id and b.warehouse_id = w.id and b.balance_amount < 0)
    from public.warehouses w
    join public.depos d on d.tenant_id = w.tenant_id and d.id = w.depo_id
    left join public.cars c on c.tenant_id = w.tenant_id and c.id = w.owner_car_id
   where w.depo_id = p_depo_id
   order by w."primary" desc, w.owner_type desc, w.code;
$$;
revoke execute on function public.inventory_warehouses(bigint) from public, anon;
grant execute on function public.inventory_warehouses(bigint) to authenticated, service_role;

-- Who may own a warehouse of the depo: the depo itself, and its cars (a car that has a warehouse already is shown
-- but not available, except to the warehouse being edited).
create function public.warehouse_owners(p_depo_id bigint, p_warehouse_id bigint default null)
returns table (owner_type public.warehouse_owner_type, owner_id bigint, title text, available boolean)
language sql stable security invoker set search_path = '' as $$
  select 'depo'::public.warehouse_owner_type, d.id, d.title || ' (depo)', true
    from public.depos d where d.id = p_depo_id
  union all
  select 'car', c.id, c.internal_number || ' (car)',
         not exists (select 1 from public.warehouses w where w.tenant_id = c.tenant_id and w.owner_car_id = c.id
                        and w.id is distinct from p_warehouse_id)
    from public.cars c where c.depo_id = p_depo_id and c.deleted_at is null
   order by 1, 3;
$$;
revoke execute on function public.warehouse_owners(bigint, bigint) from public, anon;
grant execute on function public.warehouse_owners(bigint, bigint) to authenticated, service_role;

-- One primary warehouse per depo: marking one takes the mark from the depo's other one (the screen asked first).
create function app_private.one_primary_warehouse() returns trigger language plpgsql set search_path = '' as $$
begin
  update public.warehouses w set "primary" = false
   where w.tenant_id = new.tenant_id and w.depo_id = new.depo_id and w."primary" and w.id is distinct from new.id;
  return new;
end;
$$;
create trigger warehouses_one_primary before insert or update of "primary", depo_id on public.warehouses
  for each row when (new."primary") execute function app_private.one_primary_warehouse();

-- The products tab: every active product with this warehouse's balance and minimum (a depo warehouse: the depo
-- minimum; a car's: the car minimum of its depo). The actual balance counts the pending orders into the warehouse
-- and out of it; what is missing to the minimum is offered in whole packages.
create function public.warehouse_products_balance(p_warehouse_id bigint)
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
      left join public.warehouse_product_balances b on b.tenant_id = w.tenant_id and b.warehouse_id = w.id and b.product_id = p.id
      left join public.minimum_required_balances m on m.tenant_id = w.tenant_id and m.depo_id = w.depo_id and m.product_id = p.id
      left join pending pd on pd.product_id = p.id)
  select r.id, r.balance_id, r.sku, r.description, r.packaging_size, r.minimum, r.balance, r.actual,
         greatest(r.minimum - r.actual, 0), ceil(greatest(r.minimum - r.actual, 0) / r.packaging_size)::integer,
         r.future_inventory_date, r.future_inventory_quantity
    from rows r
   order by r.sku;
$$;
revoke execute on function public.warehouse_products_balance(bigint) from public, anon;
grant execute on function public.warehouse_products_balance(bigint) to authenticated, service_role;
