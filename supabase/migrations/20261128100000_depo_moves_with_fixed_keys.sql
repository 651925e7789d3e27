-- Every tenant table keeps the one generic keys_are_fixed trigger (tests/db/construction-rules.test.ts checks it
-- by construction). Moving a web-shop order to another depo had swapped in a trigger of its own for three tables;
-- instead the generic trigger now lets depo_id change only for a trusted statement that declared the move
-- (transaction-local app_private.moving_depo = 'on'), never for a client role, and tenant_id never.

create or replace function app_private.keep_keys_fixed() returns trigger
language plpgsql set search_path = '' as $$
declare
  key text;
begin
  foreach key in array tg_argv loop
    if to_jsonb(new) -> key is distinct from to_jsonb(old) -> key
       and not (key = 'depo_id' and not app_private.is_client_role()
                and coalesce(current_setting('app_private.moving_depo', true), '') = 'on') then
      raise exception '% cannot be changed after the row is created', key
        using errcode = '23514', column = key, hint = 'Create a new row in the other tenant or depo instead.';
    end if;
  end loop;
  return new;
end;
$$;

select app_private.fix_keys_of(t)
  from unnest(array['public.webshop_orders', 'public.webshop_order_line_items', 'public.webshop_order_versions']::regclass[]) t;
drop function app_private.keep_webshop_order_keys_fixed();

create or replace function public.move_webshop_order_to_depo(p_order_id bigint, p_depo_id bigint)
returns table (id bigint, depo_id bigint)
language plpgsql security definer set search_path = '' as $$
declare
  o public.webshop_orders := app_private.writable_webshop_order(p_order_id);
begin
  if p_depo_id is null then
    raise exception 'Can''t be blank' using errcode = '23502', column = 'depo_id';
  end if;
  if not exists (select 1 from public.depos d where d.id = p_depo_id and d.tenant_id = o.tenant_id)
     or not (p_depo_id = any (app_private.depo_ids_where_role(app_private.webshop_order_writers()))) then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  if p_depo_id = o.depo_id then
    return query select o.id, o.depo_id;
    return;
  end if;
  -- The lines and versions follow through their on-update-cascade keys, under the same declared move.
  perform set_config('app_private.moving_depo', 'on', true);
  update public.webshop_orders w set depo_id = p_depo_id, route_id = null, plan_event_route_point_id = null
  where w.tenant_id = o.tenant_id and w.id = o.id;
  perform set_config('app_private.moving_depo', '', true);
  return query select o.id, p_depo_id;
end;
$$;
