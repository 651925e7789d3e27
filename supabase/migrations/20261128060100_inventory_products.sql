-- Products of the inventory screens: the depo's list (status filter, search of any length), the form with its
-- minimum balances per depo and the per-field editable flags the server decides, the leftover warehouse
-- balances, and moving those balances to another active product as ledger transfers.

-- The list for a depo: the product with that depo's minimums. RLS decides what the caller reads.
create function public.inventory_products(p_depo_id bigint, p_statuses public.active_status[] default '{active}', p_search text default null)
returns table (id bigint, sku text, description text, sequence_number integer, packaging_size integer, sales_price numeric,
               status public.active_status, b2b_product boolean, minimum_id bigint, minimum_for_depo integer, minimum_for_cars integer)
language sql stable security invoker set search_path = '' as $$
  select p.id, p.sku, p.description, p.sequence_number, p.packaging_size, p.sales_price, p.status, p.b2b_product,
         m.id, coalesce(m.minimum_for_depo, 0), coalesce(m.minimum_for_cars, 0)
    from public.depos d
    join public.products p on p.tenant_id = d.tenant_id
    left join public.minimum_required_balances m on m.tenant_id = p.tenant_id and m.product_id = p.id and m.depo_id = d.id
   where d.id = p_depo_id
     and p.status = any (coalesce(p_statuses, '{active,inactive}'))
     -- Any length: the product search has no minimum (spec §5). Searched as plain text, not as a pattern.
     and (coalesce(p_search, '') = '' or strpos(lower(p.sku || ' ' || p.description), lower(p_search)) > 0)
   order by p.sequence_number nulls last, p.sku;
$$;
comment on function public.inventory_products(bigint, public.active_status[], text) is
  'Products of the depo''s tenant with the depo''s minimums; statuses filter (default active), search in sku and description of any length.';
revoke execute on function public.inventory_products(bigint, public.active_status[], text) from public, anon;
grant execute on function public.inventory_products(bigint, public.active_status[], text) to authenticated, service_role;

-- The form: the product, one minimum row per depo of the tenant (id null when none yet) each with whether the
-- caller may edit it (admins: every depo; depo admins: their own), and which product fields the caller may edit.
create function public.inventory_product_form(p_product_id bigint)
returns jsonb language plpgsql stable security invoker set search_path = '' as $$
declare
  product public.products;
  is_admin boolean;
  result jsonb;
begin
  select * into product from public.products p where p.id = p_product_id;
  if not found then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  is_admin := product.tenant_id = any (app_private.tenant_ids_where_role('{admin}'));
  result := to_jsonb(product) - 'tenant_id' - 'created_at';
  select result || jsonb_object_agg(f || '_editable', is_admin)
    into result
    from unnest(array['sku', 'description', 'sequence_number', 'packaging_size', 'sales_price', 'tax_type', 'tax_amount',
                      'storage_unit', 'volume', 'status', 'b2b_product']) f;
  return result || jsonb_build_object(
    'minimum_required_balances', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', m.id, 'depo_id', d.id, 'depo_name', d.title,
               'minimum_for_depo', coalesce(m.minimum_for_depo, 0), 'minimum_for_cars', coalesce(m.minimum_for_cars, 0),
               'editable', d.id = any (app_private.depo_ids_where_role('{admin,depo_admin}'))) order by d.title, d.id)
        from public.depos d
        left join public.minimum_required_balances m on m.tenant_id = d.tenant_id and m.depo_id = d.id and m.product_id = product.id
       where d.tenant_id = product.tenant_id), '[]'::jsonb));
end;
$$;
comment on function public.inventory_product_form(bigint) is
  'A product for its form: fields, <field>_editable flags (admins), and a minimum row per depo with editable (admin, or depo admin of that depo). Another tenant''s id: Not found.';
revoke execute on function public.inventory_product_form(bigint) from public, anon;
grant execute on function public.inventory_product_form(bigint) to authenticated, service_role;

-- The leftover balances of a product: every warehouse of the tenant where it is not zero.
create function public.remaining_product_warehouse_balances(p_product_id bigint)
returns table (warehouse_id bigint, warehouse_type public.warehouse_owner_type, warehouse_name text, balance_amount numeric)
language sql stable security invoker set search_path = '' as $$
  select w.id, w.owner_type, w.name, b.balance_amount
    from public.warehouse_product_balances b
    join public.warehouses w on w.tenant_id = b.tenant_id and w.id = b.warehouse_id
   where b.product_id = p_product_id and b.balance_amount <> 0
   order by w.owner_type desc, w.name, w.id;
$$;
revoke execute on function public.remaining_product_warehouse_balances(bigint) from public, anon;
grant execute on function public.remaining_product_warehouse_balances(bigint) to authenticated, service_role;

-- Move stock values: each warehouse's leftover balance of the product leaves it (a transfer out of the warehouse)
-- and comes back as the target product (a transfer into it), dated on the movement date, so the ledger explains
-- both balances. Admins of the product's tenant only; another tenant's ids or an inactive target: Not found.
create function public.move_remaining_product_balances(p_product_id bigint, p_target_product_id bigint, p_date date)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  source public.products;
  target public.products;
  moved_at timestamptz;
  moved integer;
begin
  select * into source from public.products p
   where p.id = p_product_id and p.tenant_id = any (app_private.tenant_ids_where_role('{admin}'));
  select * into target from public.products p
   where p.id = p_target_product_id and p.tenant_id = source.tenant_id and p.status = 'active' and p.id <> source.id;
  if source.id is null or target.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  if p_date is null then
    raise exception 'Date can''t be blank' using errcode = 'P0001', hint = 'date';
  end if;
  -- Noon of the movement date on the tenant's clock: the day the staff chose, whatever the server's zone.
  select (p_date + time '12:00') at time zone t.time_zone into moved_at from public.tenants t where t.id = source.tenant_id;

  -- The balances are locked in the ledger's order before they are read, so a racing transfer cannot slip in between.
  perform 1 from public.warehouse_product_balances b
   where b.tenant_id = source.tenant_id and b.product_id = source.id
   order by b.tenant_id, b.warehouse_id, b.product_id for update;

  with leftovers as (
    select b.warehouse_id, w.depo_id, b.balance_amount
      from public.warehouse_product_balances b
      join public.warehouses w on w.tenant_id = b.tenant_id and w.id = b.warehouse_id
     where b.tenant_id = source.tenant_id and b.product_id = source.id and b.balance_amount <> 0),
  moves as (
    select l.*, dir.outgoing from leftovers l cross join (values (true), (false)) dir (outgoing)),
  transfers as (
    insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, transfered_at, kind, description, created_by)
    select source.tenant_id, m.depo_id,
           case when m.outgoing then m.warehouse_id end, case when not m.outgoing then m.warehouse_id end, moved_at, 'other',
           case when m.outgoing then 'Moved to product with sku: ' || target.sku else 'Moved from product with sku: ' || source.sku end,
           auth.uid()
      from moves m
    returning id, depo_id, from_warehouse_id, to_warehouse_id)
  insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
  select source.tenant_id, t.id, t.depo_id, case when t.from_warehouse_id is not null then source.id else target.id end, l.balance_amount
    from transfers t
    join leftovers l on l.warehouse_id = coalesce(t.from_warehouse_id, t.to_warehouse_id);
  get diagnostics moved = row_count;
  return jsonb_build_object('sku', target.sku, 'warehouses', moved / 2);
end;
$$;
comment on function public.move_remaining_product_balances(bigint, bigint, date) is
  'Moves every leftover warehouse balance of a product to an active product of the same tenant as ledger transfers on the date. Admins only; otherwise Not found.';
revoke execute on function public.move_remaining_product_balances(bigint, bigint, date) from public, anon;
grant execute on function public.move_remaining_product_balances(bigint, bigint, date) to authenticated, service_role;
