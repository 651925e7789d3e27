-- Live inventory (issue 14): when stock moves, every open screen of the depo refetches its balances. Each statement
-- that changes balances, stock orders or their lines sends one message per depo touched on the private topic
-- `depo:<depo id>:stock` (event 'stock_changed', payload `{ table, warehouse_ids }`), so a 400-line transfer is one
-- message, not 400. The topic is the depo's (app_private.can_read_realtime_topic: its members), who read these
-- tables under RLS too; another depo or tenant is never told anything.

-- One message per depo for a set of (depo, warehouse) pairs; a depo hears only of its own warehouses.
create function app_private.send_stock_changes(p_table text, p_depo_ids bigint[], p_warehouse_ids bigint[]) returns void
language sql security definer set search_path = '' as $$
  select realtime.send(jsonb_build_object('table', p_table,
                                          'warehouse_ids', coalesce(to_jsonb(array_agg(distinct c.warehouse_id) filter (where c.warehouse_id is not null)), '[]')),
                       'stock_changed', format('depo:%s:stock', c.depo_id), true)
    from unnest(p_depo_ids, p_warehouse_ids) c (depo_id, warehouse_id)
   where c.depo_id is not null
   group by c.depo_id;
$$;
revoke execute on function app_private.send_stock_changes(text, bigint[], bigint[]) from public;

-- One function for every table and operation: each trigger names its transition table `changed_rows`.
create function app_private.announce_stock_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'stock_orders' then
    -- A pending order changes the actual balance of both its warehouses (both of the order's depo).
    perform app_private.send_stock_changes(tg_table_name, array_agg(p.depo_id), array_agg(p.warehouse_id))
       from changed_rows c
      cross join lateral (values (c.depo_id, c.from_warehouse_id), (c.depo_id, c.to_warehouse_id)) p (depo_id, warehouse_id)
     having count(*) > 0;
  elsif tg_table_name = 'warehouse_product_balances' then
    perform app_private.send_stock_changes(tg_table_name, array_agg(c.depo_id), array_agg(c.warehouse_id)) from changed_rows c having count(*) > 0;
  else
    -- Order lines: both warehouses of their order (none known when the order went in the same statement).
    perform app_private.send_stock_changes(tg_table_name, array_agg(p.depo_id), array_agg(p.warehouse_id))
       from changed_rows c
       left join public.stock_orders o on o.tenant_id = c.tenant_id and o.id = c.stock_order_id
      cross join lateral (values (c.depo_id, o.from_warehouse_id), (c.depo_id, o.to_warehouse_id)) p (depo_id, warehouse_id)
     having count(*) > 0;
  end if;
  return null;
end;
$$;
revoke execute on function app_private.announce_stock_changes() from public;

do $$
declare
  tbl text;
begin
  foreach tbl in array array['warehouse_product_balances', 'stock_orders', 'stock_order_line_items'] loop
    execute format('create trigger announce_stock_inserts after insert on public.%I referencing new table as changed_rows '
                   'for each statement execute function app_private.announce_stock_changes()', tbl);
    execute format('create trigger announce_stock_updates after update on public.%I referencing new table as changed_rows '
                   'for each statement execute function app_private.announce_stock_changes()', tbl);
    execute format('create trigger announce_stock_deletes after delete on public.%I referencing old table as changed_rows '
                   'for each statement execute function app_private.announce_stock_changes()', tbl);
  end loop;
end;
$$;
