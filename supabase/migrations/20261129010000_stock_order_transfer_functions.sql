-- Stock orders and stock transfers are written only through the functions below (security definer, each checking
-- the caller's tenant, depo and role): saving a pending order with its lines, approving it (the transfer made from
-- the saved order and the order marked received, one transaction), deleting a pending order, and creating a
-- transfer (optionally from an order). Clients keep reading the tables through RLS; their direct insert, update and
-- delete are gone, so the kind rules, the frozen received order and the ledger cannot be walked around.

-- A write-off leaves the to-warehouse empty in one tenant (inventory spec §4); a flag, never a slug.
alter table public.tenants add column write_off_without_to_warehouse boolean not null default false;

-- A write-off order of that tenant has no to-warehouse, so an order needs one warehouse at least, like a transfer.
alter table public.stock_orders alter column to_warehouse_id drop not null;
alter table public.stock_orders
  add constraint stock_orders_some_warehouse check (from_warehouse_id is not null or to_warehouse_id is not null),
  add constraint stock_orders_two_warehouses check (from_warehouse_id is distinct from to_warehouse_id),
  add constraint stock_orders_win_lose_from_nowhere check (kind <> 'win_lose' or from_warehouse_id is null);

-- Clients read; the functions write.
revoke insert, update, delete, truncate on public.stock_orders, public.stock_order_line_items,
  public.stock_transfers, public.stock_transfer_line_items from authenticated, anon;
drop policy "admin, depo_admin, support of the depo can add" on public.stock_orders;
drop policy "admin, depo_admin, support of the depo can change" on public.stock_orders;
drop policy "admin, depo_admin, support of the depo can delete" on public.stock_orders;
drop policy "admin, depo_admin, support of the depo can add" on public.stock_order_line_items;
drop policy "admin, depo_admin, support of the depo can change" on public.stock_order_line_items;
drop policy "admin, depo_admin, support of the depo can delete" on public.stock_order_line_items;
drop policy "admin, depo_admin, support of the depo can add" on public.stock_transfers;
drop policy "admin, depo_admin, support of the depo can add" on public.stock_transfer_line_items;

-- Requests already answered, by the key the browser sends with a submit: a doubled or retried submit gets the first
-- answer instead of a second order or transfer (or a 'received' refusal of its own approval).
create table app_private.stock_write_requests (
  tenant_id uuid not null references public.tenants (id) on delete cascade,
  user_id uuid not null,
  request_key uuid not null,
  stock_order_id bigint,
  stock_transfer_id bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id, request_key)
);
alter table app_private.stock_write_requests enable row level security;
comment on table app_private.stock_write_requests is 'Stock order and transfer writes already done, by request key; written only by the stock functions.';

create function app_private.stock_writers() returns public.app_role[] language sql immutable set search_path = '' as $$
  select '{admin,depo_admin,support}'::public.app_role[];
$$;

-- A warehouse the caller may move stock in or out of: of one of their tenants, in a depo where they are a writer.
-- Anything else (another tenant's id, another depo, a made-up id) is 'Not found'.
create function app_private.stock_warehouse_in_reach(p_warehouse_id bigint) returns public.warehouses
language plpgsql stable security definer set search_path = '' as $$
declare
  found_row public.warehouses;
begin
  select * into found_row from public.warehouses w
   where w.id = p_warehouse_id
     and w.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and w.depo_id = any ((select app_private.depo_ids_where_role(app_private.stock_writers()))::bigint[]);
  if found_row.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  return found_row;
end;
$$;

-- Both warehouses (either may be empty) in reach and of one tenant; answers the tenant and the depo the document is
-- filed under (the to-warehouse's, else the from-warehouse's).
create function app_private.stock_pair_in_reach(p_from bigint, p_to bigint, out tenant_id uuid, out depo_id bigint, out to_depo_id bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  source public.warehouses;
  target public.warehouses;
begin
  if p_from is null and p_to is null then
    raise exception 'Choose a from-warehouse or a to-warehouse' using errcode = 'P0001', hint = 'to_warehouse_id';
  end if;
  if p_from is not null then source := app_private.stock_warehouse_in_reach(p_from); end if;
  if p_to is not null then target := app_private.stock_warehouse_in_reach(p_to); end if;
  if p_from = p_to then
    raise exception 'From and to must be different warehouses' using errcode = 'P0001', hint = 'to_warehouse_id';
  end if;
  if source.id is not null and target.id is not null and source.tenant_id <> target.tenant_id then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  -- A document and its warehouses share one depo (the depo-bound keys); say so rather than answer a key error.
  if source.id is not null and target.id is not null and source.depo_id <> target.depo_id then
    raise exception 'From and to must be warehouses of the same depo' using errcode = 'P0001', hint = 'from_warehouse_id';
  end if;
  tenant_id := coalesce(target.tenant_id, source.tenant_id);
  depo_id := coalesce(target.depo_id, source.depo_id);
  to_depo_id := target.depo_id;
end;
$$;

-- The kinds a person chooses and their rules (spec §4): sales and manual counting come from the EOD and counting
-- approvals only; win_lose comes from nowhere; in the flagged tenant a write-off goes nowhere.
create function app_private.check_stock_kind(p_tenant_id uuid, p_kind public.stock_kind, p_from bigint, p_to bigint)
returns void language plpgsql stable security definer set search_path = '' as $$
begin
  if p_kind is null or p_kind not in ('regular', 'write_off', 'other', 'win_lose') then
    raise exception 'Kind is not included in the list' using errcode = 'P0001', hint = 'kind';
  end if;
  if p_kind = 'win_lose' and p_from is not null then
    raise exception 'A win_lose movement has no from-warehouse' using errcode = 'P0001', hint = 'from_warehouse_id';
  end if;
  if p_kind = 'write_off' and p_to is not null
     and (select t.write_off_without_to_warehouse from public.tenants t where t.id = p_tenant_id) then
    raise exception 'A write_off movement has no to-warehouse' using errcode = 'P0001', hint = 'to_warehouse_id';
  end if;
end;
$$;

-- The lines a screen sends ([{product_id, amount}], at most 5,000), checked and summed per product; zero rows are
-- left out (spec §5: a row counts with a sku and a non-zero amount). Orders take positive amounts only; a transfer's
-- amount may be negative (a win_lose loss). Every product must be the tenant's.
create function app_private.stock_lines(p_tenant_id uuid, p_lines jsonb, p_positive_only boolean)
returns table (product_id bigint, amount numeric, packaged_amount numeric)
language plpgsql stable security definer set search_path = '' as $$
declare
  bad jsonb;
begin
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' or jsonb_array_length(p_lines) > 5000 then
    raise exception 'Lines must be a list of at most 5000 products' using errcode = 'P0001', hint = 'lines';
  end if;
  -- Types first, then values (a cast of a non-number would raise before a type check in the same condition).
  select x into bad from jsonb_array_elements(p_lines) x
   where jsonb_typeof(x) <> 'object' or jsonb_typeof(x -> 'product_id') is distinct from 'number'
      or jsonb_typeof(x -> 'amount') is distinct from 'number'
   limit 1;
  if bad is null then
    select x into bad from jsonb_array_elements(p_lines) x
     where (x ->> 'product_id')::numeric <> trunc((x ->> 'product_id')::numeric) or (x ->> 'product_id')::numeric not between 1 and 9e15
        or abs((x ->> 'amount')::numeric) > 1000000 or (x ->> 'amount')::numeric <> round((x ->> 'amount')::numeric, 2)
        or (p_positive_only and (x ->> 'amount')::numeric < 0)
     limit 1;
  end if;
  if bad is not null then
    raise exception 'Amount must be a number between % and 1000000 with at most 2 decimals', case when p_positive_only then 0 else -1000000 end
      using errcode = 'P0001', hint = 'amount';
  end if;
  return query
    with summed as (
      select (x ->> 'product_id')::bigint as product_id, sum((x ->> 'amount')::numeric) as amount
        from jsonb_array_elements(p_lines) x group by 1)
    select s.product_id, s.amount, ceil(abs(s.amount) / p.packaging_size)
      from summed s
      left join public.products p on p.tenant_id = p_tenant_id and p.id = s.product_id
     where s.amount <> 0
     order by s.product_id;
  if exists (select 1 from jsonb_array_elements(p_lines) x
              where not exists (select 1 from public.products p where p.tenant_id = p_tenant_id and p.id = (x ->> 'product_id')::bigint)) then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
end;
$$;

-- A stock order of the caller's reach, locked for the change.
create function app_private.stock_order_for_change(p_order_id bigint) returns public.stock_orders
language plpgsql security definer set search_path = '' as $$
declare
  found_row public.stock_orders;
begin
  select * into found_row from public.stock_orders o
   where o.id = p_order_id
     and o.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and o.depo_id = any ((select app_private.depo_ids_where_role(app_private.stock_writers()))::bigint[])
     for update;
  if found_row.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  return found_row;
end;
$$;

-- The first answer to a request key, or null when the key is new (then it is taken for this request). A second
-- submit with the same key waits here for the first to commit.
create function app_private.stock_request_answered(p_tenant_id uuid, p_request_key uuid, out stock_order_id bigint, out stock_transfer_id bigint, out answered boolean)
language plpgsql security definer set search_path = '' as $$
begin
  answered := false;
  if p_request_key is null then
    return;
  end if;
  insert into app_private.stock_write_requests (tenant_id, user_id, request_key) values (p_tenant_id, auth.uid(), p_request_key)
  on conflict do nothing;
  if not found then
    select r.stock_order_id, r.stock_transfer_id into stock_order_id, stock_transfer_id from app_private.stock_write_requests r
     where r.tenant_id = p_tenant_id and r.user_id = auth.uid() and r.request_key = p_request_key;
    answered := true;
  end if;
end;
$$;

create function app_private.stock_request_done(p_tenant_id uuid, p_request_key uuid, p_order_id bigint, p_transfer_id bigint)
returns void language sql security definer set search_path = '' as $$
  update app_private.stock_write_requests r set stock_order_id = p_order_id, stock_transfer_id = p_transfer_id
   where p_request_key is not null and r.tenant_id = p_tenant_id and r.user_id = auth.uid() and r.request_key = p_request_key;
$$;

create function app_private.refuse_received_order(p_order public.stock_orders) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_order.status = 'received' then
    raise exception 'A received stock order can not be changed' using errcode = 'P0001';
  end if;
end;
$$;

-- Approval: one transfer made from the saved order's lines (one insert, so the ledger locks its balances in order),
-- the lines' received amounts and the order received, all in the caller's transaction.
create function app_private.approve_locked_stock_order(p_order public.stock_orders) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  transfer_id bigint;
begin
  perform app_private.refuse_received_order(p_order);
  perform app_private.check_stock_kind(p_order.tenant_id, p_order.kind, p_order.from_warehouse_id, p_order.to_warehouse_id);
  if not exists (select 1 from public.stock_order_line_items li where li.tenant_id = p_order.tenant_id and li.stock_order_id = p_order.id) then
    raise exception 'Add at least one product with an amount' using errcode = 'P0001', hint = 'lines';
  end if;
  insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, kind, description, main_storage_message,
                                      stock_order_id, created_by)
  values (p_order.tenant_id, p_order.depo_id, p_order.from_warehouse_id, p_order.to_warehouse_id, p_order.kind, p_order.reason,
          p_order.main_storage_message, p_order.id, auth.uid())
  returning id into transfer_id;
  insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount, packaged_amount)
  select li.tenant_id, transfer_id, li.depo_id, li.product_id, li.amount, li.packaged_amount
    from public.stock_order_line_items li where li.tenant_id = p_order.tenant_id and li.stock_order_id = p_order.id
   order by li.product_id;
  update public.stock_order_line_items li set received_amount = li.amount
   where li.tenant_id = p_order.tenant_id and li.stock_order_id = p_order.id;
  update public.stock_orders o set status = 'received', stock_transfer_id = transfer_id
   where o.tenant_id = p_order.tenant_id and o.id = p_order.id;
  return transfer_id;
end;
$$;

-- Saves a stock order (new when p_order_id is null, else the pending order's new state) with its lines, replacing
-- the ones it had. With p_approve it then approves it (Save & Approve). Answers the order's id.
create function public.save_stock_order(
  p_order_id bigint default null, p_from_warehouse_id bigint default null, p_to_warehouse_id bigint default null, p_kind public.stock_kind default null,
  p_reason text default null, p_main_storage_message text default null, p_lines jsonb default null, p_approve boolean default false, p_request_key uuid default null
) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  pair record;
  existing public.stock_orders;
  earlier record;
  order_id bigint;
  transfer_id bigint;
  lines jsonb;
begin
  select * into pair from app_private.stock_pair_in_reach(p_from_warehouse_id, p_to_warehouse_id);
  select * into earlier from app_private.stock_request_answered(pair.tenant_id, p_request_key);
  if earlier.answered then
    return earlier.stock_order_id;
  end if;
  if p_order_id is not null then
    existing := app_private.stock_order_for_change(p_order_id);
    if existing.tenant_id <> pair.tenant_id then
      raise exception 'Not found' using errcode = 'P0002';
    end if;
    perform app_private.refuse_received_order(existing);
  end if;
  perform app_private.check_stock_kind(pair.tenant_id, p_kind, p_from_warehouse_id, p_to_warehouse_id);
  if length(p_reason) > 1000 or length(p_main_storage_message) > 1000 then
    raise exception 'is too long (maximum is 1000 characters)' using errcode = 'P0001',
      hint = case when length(p_reason) > 1000 then 'reason' else 'main_storage_message' end;
  end if;
  select jsonb_agg(l) into lines from app_private.stock_lines(pair.tenant_id, p_lines, true) l;
  if lines is null then
    raise exception 'Add at least one product with an amount' using errcode = 'P0001', hint = 'lines';
  end if;

  if existing.id is null then
    insert into public.stock_orders (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, to_depo_id, kind, reason, main_storage_message, created_by)
    values (pair.tenant_id, pair.depo_id, p_from_warehouse_id, p_to_warehouse_id, pair.to_depo_id, p_kind, nullif(p_reason, ''),
            nullif(p_main_storage_message, ''), auth.uid())
    returning id into order_id;
  else
    order_id := existing.id;
    update public.stock_orders o
       set from_warehouse_id = p_from_warehouse_id, to_warehouse_id = p_to_warehouse_id, to_depo_id = pair.to_depo_id, kind = p_kind,
           reason = nullif(p_reason, ''), main_storage_message = nullif(p_main_storage_message, '')
     where o.tenant_id = existing.tenant_id and o.id = order_id;
    delete from public.stock_order_line_items li where li.tenant_id = existing.tenant_id and li.stock_order_id = order_id;
  end if;
  insert into public.stock_order_line_items (tenant_id, stock_order_id, depo_id, product_id, amount, packaged_amount)
  select pair.tenant_id, order_id, o.depo_id, l.product_id, l.amount, l.packaged_amount
    from jsonb_to_recordset(lines) l (product_id bigint, amount numeric, packaged_amount numeric)
    join public.stock_orders o on o.tenant_id = pair.tenant_id and o.id = order_id
   order by l.product_id;

  if p_approve then
    select * into existing from public.stock_orders o where o.tenant_id = pair.tenant_id and o.id = order_id;
    transfer_id := app_private.approve_locked_stock_order(existing);
  end if;
  perform app_private.stock_request_done(pair.tenant_id, p_request_key, order_id, transfer_id);
  return order_id;
end;
$$;
comment on function public.save_stock_order(bigint, bigint, bigint, public.stock_kind, text, text, jsonb, boolean, uuid) is
  'Admins, depo admins and support save a pending stock order of their depos with its lines (Save), and approve it with p_approve (Save & Approve).';

-- Approve on the order view: the transfer from the saved order, the order received. Answers the transfer's id.
create function public.approve_stock_order(p_order_id bigint, p_request_key uuid default null) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  existing public.stock_orders := app_private.stock_order_for_change(p_order_id);
  earlier record;
  transfer_id bigint;
begin
  select * into earlier from app_private.stock_request_answered(existing.tenant_id, p_request_key);
  if earlier.answered then
    return earlier.stock_transfer_id;
  end if;
  -- Both warehouses must still be the caller's to move stock between.
  perform * from app_private.stock_pair_in_reach(existing.from_warehouse_id, existing.to_warehouse_id);
  transfer_id := app_private.approve_locked_stock_order(existing);
  perform app_private.stock_request_done(existing.tenant_id, p_request_key, existing.id, transfer_id);
  return transfer_id;
end;
$$;

-- Delete on the order view: a pending order only (a received one is history, linked from its transfer).
create function public.delete_stock_order(p_order_id bigint) returns void
language plpgsql security definer set search_path = '' as $$
declare
  existing public.stock_orders := app_private.stock_order_for_change(p_order_id);
begin
  perform app_private.refuse_received_order(existing);
  delete from public.stock_orders o where o.tenant_id = existing.tenant_id and o.id = existing.id;
end;
$$;

-- New stock transfer, optionally closing a pending order between the same warehouses (the order becomes received
-- with this transfer). Answers the transfer's id.
create function public.create_stock_transfer(
  p_from_warehouse_id bigint default null, p_to_warehouse_id bigint default null, p_kind public.stock_kind default null, p_description text default null,
  p_main_storage_message text default null, p_lines jsonb default null, p_stock_order_id bigint default null, p_request_key uuid default null
) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  pair record;
  earlier record;
  closing public.stock_orders;
  transfer_id bigint;
  lines jsonb;
begin
  select * into pair from app_private.stock_pair_in_reach(p_from_warehouse_id, p_to_warehouse_id);
  select * into earlier from app_private.stock_request_answered(pair.tenant_id, p_request_key);
  if earlier.answered then
    return earlier.stock_transfer_id;
  end if;
  perform app_private.check_stock_kind(pair.tenant_id, p_kind, p_from_warehouse_id, p_to_warehouse_id);
  if length(p_description) > 1000 or length(p_main_storage_message) > 1000 then
    raise exception 'is too long (maximum is 1000 characters)' using errcode = 'P0001',
      hint = case when length(p_description) > 1000 then 'description' else 'main_storage_message' end;
  end if;
  if p_stock_order_id is not null then
    closing := app_private.stock_order_for_change(p_stock_order_id);
    if closing.tenant_id <> pair.tenant_id
       or (closing.from_warehouse_id, closing.to_warehouse_id) is distinct from (p_from_warehouse_id, p_to_warehouse_id) then
      raise exception 'Not found' using errcode = 'P0002';
    end if;
    perform app_private.refuse_received_order(closing);
  end if;
  select jsonb_agg(l) into lines from app_private.stock_lines(pair.tenant_id, p_lines, false) l;
  if lines is null then
    raise exception 'Add at least one product with an amount' using errcode = 'P0001', hint = 'lines';
  end if;

  insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, kind, description, main_storage_message,
                                      stock_order_id, created_by)
  values (pair.tenant_id, coalesce(closing.depo_id, pair.depo_id), p_from_warehouse_id, p_to_warehouse_id, p_kind,
          nullif(p_description, ''), nullif(p_main_storage_message, ''), closing.id, auth.uid())
  returning id into transfer_id;
  insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount, packaged_amount)
  select pair.tenant_id, transfer_id, t.depo_id, l.product_id, l.amount, l.packaged_amount
    from jsonb_to_recordset(lines) l (product_id bigint, amount numeric, packaged_amount numeric)
    join public.stock_transfers t on t.tenant_id = pair.tenant_id and t.id = transfer_id
   order by l.product_id;
  if closing.id is not null then
    update public.stock_order_line_items li
       set received_amount = greatest(coalesce((select l.amount from jsonb_to_recordset(lines) l (product_id bigint, amount numeric)
                                                 where l.product_id = li.product_id), 0), 0)
     where li.tenant_id = closing.tenant_id and li.stock_order_id = closing.id;
    update public.stock_orders o set status = 'received', stock_transfer_id = transfer_id
     where o.tenant_id = closing.tenant_id and o.id = closing.id;
  end if;
  perform app_private.stock_request_done(pair.tenant_id, p_request_key, closing.id, transfer_id);
  return transfer_id;
end;
$$;
comment on function public.create_stock_transfer(bigint, bigint, public.stock_kind, text, text, jsonb, bigint, uuid) is
  'Admins, depo admins and support move stock between warehouses of their depos (optionally closing a pending order).';

revoke execute on function app_private.stock_writers(), app_private.stock_warehouse_in_reach(bigint),
  app_private.stock_pair_in_reach(bigint, bigint), app_private.check_stock_kind(uuid, public.stock_kind, bigint, bigint),
  app_private.stock_lines(uuid, jsonb, boolean), app_private.stock_order_for_change(bigint),
  app_private.stock_request_answered(uuid, uuid), app_private.stock_request_done(uuid, uuid, bigint, bigint),
  app_private.refuse_received_order(public.stock_orders), app_private.approve_locked_stock_order(public.stock_orders) from public;
revoke execute on function public.save_stock_order(bigint, bigint, bigint, public.stock_kind, text, text, jsonb, boolean, uuid),
  public.approve_stock_order(bigint, uuid), public.delete_stock_order(bigint),
  public.create_stock_transfer(bigint, bigint, public.stock_kind, text, text, jsonb, bigint, uuid) from public, anon;
grant execute on function public.save_stock_order(bigint, bigint, bigint, public.stock_kind, text, text, jsonb, boolean, uuid),
  public.approve_stock_order(bigint, uuid), public.delete_stock_order(bigint),
  public.create_stock_transfer(bigint, bigint, public.stock_kind, text, text, jsonb, bigint, uuid) to authenticated, service_role;

-- Open order and transfer views follow changes (another person approving, editing or deleting): one broadcast per
-- depo and statement on depo:<depo id>:stock_orders / stock_transfers (a save writes the order row every time).
select app_private.broadcast_statement_changes_of('public.stock_orders');
select app_private.broadcast_statement_changes_of('public.stock_transfers');
