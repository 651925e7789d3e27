-- Web-shop orders (issue 13 hardening): what the customer ordered (lines, total, address, payment...) is the web
-- shop's, and status, printing, route, stop and depo move only through the checked functions of
-- ..._webshop_order_rules.sql (security definer, so not guarded here). Through REST a client changes only the
-- order's comment (delivery-operations §7 "PUT the order"; the changelog tracks it). Inserts stay as the
-- table's policies say.
create function app_private.guard_webshop_order_client_changes() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not app_private.is_client_role() then
    return new;
  end if;
  -- Keys are keys_are_fixed's to refuse (with its sentence); updated_at is the status trigger's.
  if (to_jsonb(new) - '{comment,updated_at,tenant_id,depo_id}'::text[])
     is distinct from (to_jsonb(old) - '{comment,updated_at,tenant_id,depo_id}'::text[]) then
    raise exception 'Only the comment of an order can be changed' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function app_private.guard_webshop_order_client_changes() is
  'Row trigger: a client changes only an order''s comment; everything else moves through the order functions.';
revoke execute on function app_private.guard_webshop_order_client_changes() from public;
-- Named to fire after webshop_order_status_rules and keys_are_fixed (triggers fire by name), so their sentences win.
create trigger webshop_order_writes_by_clients before update on public.webshop_orders
  for each row execute function app_private.guard_webshop_order_client_changes();
