-- The stock ledger: a warehouse's balance of a product is the sum of the transfer lines into it minus the lines
-- out of it, and nothing else changes it.
--
-- Lines move balances once per statement, all (warehouse, product) pairs of the statement in one ordered upsert, so
-- concurrent transfers, EOD approvals and counting approvals lock balance rows in the same order (warehouse, then
-- product) and never deadlock; each pair's row is updated in place under its row lock, so no update is lost. The
-- former per-line trigger locked rows in line order (and from before to), which let two transfers in opposite
-- directions deadlock. Writers that need a consistent set of lines insert them in one statement.
--
-- A balance may go negative (a car sold more than was loaded): the lists show it red, and the lines explain it.

drop trigger stock_transfer_lines_move_balances on public.stock_transfer_line_items;
drop function app_private.apply_stock_transfer_line();

create function app_private.apply_stock_transfer_lines() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into public.warehouse_product_balances as b (tenant_id, warehouse_id, product_id, depo_id, balance_amount)
  select d.tenant_id, d.warehouse_id, d.product_id, w.depo_id, d.delta
    from (select l.tenant_id, m.warehouse_id, l.product_id, sum(m.sign * l.amount) as delta
            from new_lines l
            join public.stock_transfers t on t.tenant_id = l.tenant_id and t.id = l.stock_transfer_id
           cross join lateral (values (t.from_warehouse_id, -1), (t.to_warehouse_id, 1)) m (warehouse_id, sign)
           where m.warehouse_id is not null
           group by l.tenant_id, m.warehouse_id, l.product_id) d
    join public.warehouses w on w.tenant_id = d.tenant_id and w.id = d.warehouse_id
   order by d.tenant_id, d.warehouse_id, d.product_id
  on conflict (tenant_id, warehouse_id, product_id) do update set balance_amount = b.balance_amount + excluded.balance_amount;
  return null;
end;
$$;
create trigger stock_transfer_lines_move_balances after insert on public.stock_transfer_line_items
  referencing new table as new_lines for each statement execute function app_private.apply_stock_transfer_lines();

-- A transfer is final for every client role; only a trusted clean-up (the service role removing test rows, a
-- tenant being deleted) removes one, and then its lines' movements go with it, so the balances still add up.
create function app_private.reverse_deleted_stock_transfer() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.warehouse_product_balances b
     set balance_amount = b.balance_amount - d.delta
    from (select l.tenant_id, m.warehouse_id, l.product_id, sum(m.sign * l.amount) as delta
            from public.stock_transfer_line_items l
           cross join lateral (values (old.from_warehouse_id, -1), (old.to_warehouse_id, 1)) m (warehouse_id, sign)
           where l.tenant_id = old.tenant_id and l.stock_transfer_id = old.id and m.warehouse_id is not null
           group by l.tenant_id, m.warehouse_id, l.product_id
           order by 1, 2, 3) d
   where b.tenant_id = d.tenant_id and b.warehouse_id = d.warehouse_id and b.product_id = d.product_id;
  return old;
end;
$$;
create trigger stock_transfers_reverse_on_delete before delete on public.stock_transfers
  for each row execute function app_private.reverse_deleted_stock_transfer();

-- Balances are written by the ledger trigger only (trigger depth > 1, also cascades): a client may keep a row's
-- future quantity and date, add an empty row, or remove an empty one, never set or move an amount. An AFTER
-- trigger, so the keys' own checks (another depo's warehouse: a foreign key error) answer first.
create function app_private.guard_warehouse_product_balance() returns trigger language plpgsql set search_path = '' as $$
begin
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  if (tg_op = 'INSERT' and new.balance_amount <> 0)
     or (tg_op = 'DELETE' and old.balance_amount <> 0)
     or (tg_op = 'UPDATE' and (new.balance_amount, new.warehouse_id, new.product_id, new.depo_id, new.tenant_id)
                              is distinct from (old.balance_amount, old.warehouse_id, old.product_id, old.depo_id, old.tenant_id)) then
    raise exception 'A balance changes only through a stock transfer' using errcode = '23514';
  end if;
  return null;
end;
$$;
create trigger warehouse_product_balances_from_the_ledger after insert or update or delete on public.warehouse_product_balances
  for each row execute function app_private.guard_warehouse_product_balance();

-- The proof used by the tests and the bench: every (warehouse, product) whose balance differs from its lines.
create function app_private.stock_ledger_mismatches(p_tenant_id uuid default null)
returns table (tenant_id uuid, warehouse_id bigint, product_id bigint, balance_amount numeric, ledger_amount numeric)
language sql stable set search_path = '' as $$
  with ledger as (
    select l.tenant_id, m.warehouse_id, l.product_id, sum(m.sign * l.amount) as amount
      from public.stock_transfer_line_items l
      join public.stock_transfers t on t.tenant_id = l.tenant_id and t.id = l.stock_transfer_id
     cross join lateral (values (t.from_warehouse_id, -1), (t.to_warehouse_id, 1)) m (warehouse_id, sign)
     where m.warehouse_id is not null and (p_tenant_id is null or l.tenant_id = p_tenant_id)
     group by l.tenant_id, m.warehouse_id, l.product_id),
  balances as (
    select b.tenant_id, b.warehouse_id, b.product_id, b.balance_amount
      from public.warehouse_product_balances b
     where p_tenant_id is null or b.tenant_id = p_tenant_id)
  select coalesce(b.tenant_id, g.tenant_id), coalesce(b.warehouse_id, g.warehouse_id), coalesce(b.product_id, g.product_id),
         coalesce(b.balance_amount, 0), coalesce(g.amount, 0)
    from balances b
    full join ledger g on g.tenant_id = b.tenant_id and g.warehouse_id = b.warehouse_id and g.product_id = b.product_id
   where coalesce(b.balance_amount, 0) <> coalesce(g.amount, 0);
$$;
revoke execute on function app_private.stock_ledger_mismatches(uuid) from public;
