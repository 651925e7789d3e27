-- E-shop and B2B web-shop orders (delivery-operations §2, §4 "Order status", §7): the rules that must hold
-- whoever writes, in the database.
--   * Pickup is an e-shop status of tenants with the ice-cream layout (tenants.uses_ice_cream_eod_layout),
--     never a B2B one; a status "change" to the same status is no change (no version, no broadcast of one).
--   * Every change of a tracked field (stop, depo, delivery date, route, comment, status) writes a version with
--     the writer, by trigger; versions are history: no client writes them.
--   * Actions as security-definer functions checking tenant, depo and role; another tenant's or depo's ids
--     answer 'Not found': set_webshop_order_status, mark_webshop_orders_printed, change_webshop_order_route,
--     move_webshop_order_to_depo, cleanup_webshop_orders.
--   * Status changes reach every open list live (depo:<id>:webshop_orders).

alter table public.webshop_orders
  add column additional_driving_time integer check (additional_driving_time >= 0),          -- minutes
  add column additional_driving_distance numeric(8, 2) check (additional_driving_distance >= 0); -- km; above 10 is flagged

-- Writers of orders, as the table's policies say.
create function app_private.webshop_order_writers() returns public.app_role[]
language sql immutable set search_path = '' as $$ select '{admin,depo_admin,support}'::public.app_role[] $$;
revoke execute on function app_private.webshop_order_writers() from public;

-- ---------------------------------------------------------------------------------------------------------------
-- Status rules (insert and update, any writer).
create function app_private.check_webshop_order_status() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status = 'pickup' then
    if new.kind <> 'eshop' or not coalesce((select t.uses_ice_cream_eod_layout from public.tenants t where t.id = new.tenant_id), false) then
      raise exception 'Status is not included in the list' using errcode = '23514', column = 'status';
    end if;
  end if;
  if tg_op = 'UPDATE' then
    if new.kind is distinct from old.kind then
      raise exception 'kind cannot be changed after the row is created' using errcode = '23514', column = 'kind';
    end if;
    new.updated_at := now();
  end if;
  return new;
end;
$$;
revoke execute on function app_private.check_webshop_order_status() from public;
create trigger webshop_order_status_rules before insert or update on public.webshop_orders
  for each row execute function app_private.check_webshop_order_status();

-- ---------------------------------------------------------------------------------------------------------------
-- Versions, written by the database: one per change of a tracked field, with the writer (null for trusted jobs).
create function app_private.webshop_order_snapshot(o public.webshop_orders) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('stop_id', o.plan_event_route_point_id, 'depo_id', o.depo_id, 'delivery_date', o.delivery_date,
                            'route_id', o.route_id, 'updated_at', o.updated_at, 'comment', o.comment, 'status', o.status);
$$;
revoke execute on function app_private.webshop_order_snapshot(public.webshop_orders) from public;

create function app_private.write_webshop_order_version() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and (app_private.webshop_order_snapshot(new) - 'updated_at') = (app_private.webshop_order_snapshot(old) - 'updated_at') then
    return null;
  end if;
  insert into public.webshop_order_versions (tenant_id, webshop_order_id, depo_id, serialized_object, user_id)
  values (new.tenant_id, new.id, new.depo_id, app_private.webshop_order_snapshot(new), auth.uid());
  return null;
end;
$$;
comment on function app_private.write_webshop_order_version() is
  'Row trigger: records the order''s tracked fields and the writer after an insert or a change of one of them.';
revoke execute on function app_private.write_webshop_order_version() from public;
create trigger webshop_order_versions_by_trigger after insert or update on public.webshop_orders
  for each row execute function app_private.write_webshop_order_version();

-- History is the database's: clients read versions, never write them (a forged author or a rewritten past).
drop policy "admin, depo_admin, support of the depo can add" on public.webshop_order_versions;
drop policy "admin, depo_admin, support of the depo can change" on public.webshop_order_versions;
drop policy "admin, depo_admin, support of the depo can delete" on public.webshop_order_versions;
revoke insert, update, delete, truncate on public.webshop_order_versions from authenticated, anon;

-- ---------------------------------------------------------------------------------------------------------------
-- Moving an order to another depo: its lines and versions follow it (on update cascade), and only the
-- move function may change the depo (a client's direct update of depo_id stays refused).
alter table public.webshop_order_line_items drop constraint webshop_order_line_items_webshop_order_id_same_depo_fkey,
  add constraint webshop_order_line_items_webshop_order_id_same_depo_fkey foreign key (tenant_id, depo_id, webshop_order_id)
    references public.webshop_orders (tenant_id, depo_id, id) on update cascade on delete cascade;
alter table public.webshop_order_versions drop constraint webshop_order_versions_webshop_order_id_same_depo_fkey,
  add constraint webshop_order_versions_webshop_order_id_same_depo_fkey foreign key (tenant_id, depo_id, webshop_order_id)
    references public.webshop_orders (tenant_id, depo_id, id) on update cascade on delete cascade;

create function app_private.keep_webshop_order_keys_fixed() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.tenant_id is distinct from old.tenant_id then
    raise exception 'tenant_id cannot be changed after the row is created' using errcode = '23514', column = 'tenant_id';
  end if;
  if new.depo_id is distinct from old.depo_id
     and (app_private.is_client_role() or coalesce(current_setting('app_private.moving_webshop_order', true), '') <> 'on') then
    raise exception 'depo_id cannot be changed after the row is created' using errcode = '23514', column = 'depo_id',
      hint = 'Move the order with move_webshop_order_to_depo.';
  end if;
  return new;
end;
$$;
revoke execute on function app_private.keep_webshop_order_keys_fixed() from public;
do $$
declare
  tbl text;
begin
  foreach tbl in array array['public.webshop_orders', 'public.webshop_order_line_items', 'public.webshop_order_versions'] loop
    execute format('drop trigger keys_are_fixed on %s', tbl);
    execute format('create trigger keys_are_fixed before update of tenant_id, depo_id on %s for each row execute function app_private.keep_webshop_order_keys_fixed()', tbl);
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- The order a caller may change: in a tenant and depo they write; otherwise 'Not found' (an id tells nothing).
create function app_private.writable_webshop_order(p_order_id bigint) returns public.webshop_orders
language plpgsql stable security definer set search_path = '' as $$
declare
  found public.webshop_orders;
begin
  select o.* into found from public.webshop_orders o
  where o.id = p_order_id
    and o.tenant_id = any (app_private.current_user_tenant_ids())
    and o.depo_id = any (app_private.depo_ids_where_role(app_private.webshop_order_writers()));
  if found.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  return found;
end;
$$;
revoke execute on function app_private.writable_webshop_order(bigint) from public;

-- Status buttons: 'Delivered' (completed), 'Problem with order' (failed), 'Cancel order' (cancelled), pickup.
create function public.set_webshop_order_status(p_order_id bigint, p_status public.order_status)
returns table (id bigint, status public.order_status, changed boolean)
language plpgsql security definer set search_path = '' as $$
declare
  o public.webshop_orders := app_private.writable_webshop_order(p_order_id);
begin
  if p_status is null then
    raise exception 'Status can''t be blank' using errcode = '23502', column = 'status';
  end if;
  if o.status = p_status then
    return query select o.id, o.status, false;
    return;
  end if;
  update public.webshop_orders w set status = p_status where w.tenant_id = o.tenant_id and w.id = o.id;
  return query select o.id, p_status, true;
end;
$$;
comment on function public.set_webshop_order_status(bigint, public.order_status) is
  'Sets an order''s status (the same status is no change); admins, depo admins and support of its depo; otherwise Not found.';
revoke execute on function public.set_webshop_order_status(bigint, public.order_status) from public, anon;
grant execute on function public.set_webshop_order_status(bigint, public.order_status) to authenticated;

-- Print: marks the checked orders printed; all of them must be the caller's, or nothing changes.
create function public.mark_webshop_orders_printed(p_order_ids bigint[])
returns table (id bigint, printed_at timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  wanted bigint[] := array(select distinct x from unnest(p_order_ids) x where x is not null);
begin
  if cardinality(wanted) = 0 or cardinality(wanted) > 1000 then
    raise exception 'Choose between 1 and 1000 orders to print' using errcode = '22023';
  end if;
  if (select count(*) from public.webshop_orders o
      where o.id = any (wanted) and o.tenant_id = any (app_private.current_user_tenant_ids())
        and o.depo_id = any (app_private.depo_ids_where_role(app_private.webshop_order_writers()))) <> cardinality(wanted) then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  return query
    update public.webshop_orders o set printed_at = now() where o.id = any (wanted) returning o.id, o.printed_at;
end;
$$;
comment on function public.mark_webshop_orders_printed(bigint[]) is
  'Sets printed_at of the given orders (at most 1000, all writable by the caller, else Not found and nothing changes).';
revoke execute on function public.mark_webshop_orders_printed(bigint[]) from public, anon;
grant execute on function public.mark_webshop_orders_printed(bigint[]) to authenticated;

-- Change route: the order is delivered at a stop of a plan event of its depo (the plan event's first stop when
-- p_first_stop); its route, date and time follow the stop. "Can't be blank" names the missing choice.
create function public.change_webshop_order_route(p_order_id bigint, p_plan_event_id bigint, p_point_id bigint, p_first_stop boolean default false)
returns table (id bigint, route_id bigint, plan_event_route_point_id bigint, delivery_date date, delivery_time time)
language plpgsql security definer set search_path = '' as $$
declare
  o public.webshop_orders := app_private.writable_webshop_order(p_order_id);
  pe public.plan_events;
  stop public.plan_event_route_points;
  zone text := (select t.time_zone from public.tenants t where t.id = o.tenant_id);
begin
  if p_plan_event_id is null then
    raise exception 'Can''t be blank' using errcode = '23502', column = 'plan_event_id';
  end if;
  if not coalesce(p_first_stop, false) and p_point_id is null then
    raise exception 'Can''t be blank' using errcode = '23502', column = 'point_id';
  end if;
  select * into pe from public.plan_events e where e.id = p_plan_event_id and e.tenant_id = o.tenant_id and e.depo_id = o.depo_id;
  if pe.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  select * into stop from public.plan_event_route_points s
  where s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id
    and (case when coalesce(p_first_stop, false) then true else s.id = p_point_id end)
  order by s.position limit 1;
  if stop.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  update public.webshop_orders w
  set route_id = pe.route_id, plan_event_route_point_id = stop.id,
      delivery_date = coalesce(stop.arrival_date, pe.date),
      delivery_time = coalesce((stop.google_estimate_time at time zone zone)::time, w.delivery_time),
      lat = coalesce(stop.lat, w.lat), lng = coalesce(stop.lng, w.lng)
  where w.tenant_id = o.tenant_id and w.id = o.id;
  return query select w.id, w.route_id, w.plan_event_route_point_id, w.delivery_date, w.delivery_time
               from public.webshop_orders w where w.tenant_id = o.tenant_id and w.id = o.id;
end;
$$;
comment on function public.change_webshop_order_route(bigint, bigint, bigint, boolean) is
  'Delivers the order at a stop (or the first stop) of a plan event of its depo; Not found for anything outside.';
revoke execute on function public.change_webshop_order_route(bigint, bigint, bigint, boolean) from public, anon;
grant execute on function public.change_webshop_order_route(bigint, bigint, bigint, boolean) to authenticated;

-- Change depo: to another depo of the tenant the caller writes; the stop and route belong to the old depo and
-- are cleared (the new depo picks its route with Change route).
create function public.move_webshop_order_to_depo(p_order_id bigint, p_depo_id bigint)
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
  perform set_config('app_private.moving_webshop_order', 'on', true);
  update public.webshop_orders w set depo_id = p_depo_id, route_id = null, plan_event_route_point_id = null
  where w.tenant_id = o.tenant_id and w.id = o.id;
  perform set_config('app_private.moving_webshop_order', '', true);
  return query select o.id, p_depo_id;
end;
$$;
comment on function public.move_webshop_order_to_depo(bigint, bigint) is
  'Moves an order (with its lines and versions) to another depo the caller writes in their tenant; else Not found.';
revoke execute on function public.move_webshop_order_to_depo(bigint, bigint) from public, anon;
grant execute on function public.move_webshop_order_to_depo(bigint, bigint) to authenticated;

-- Cleanup (ice-cream tenant): closes the depo's new e-shop orders delivered in the interval; answers how many.
create function public.cleanup_webshop_orders(p_depo_id bigint, p_start_date date, p_end_date date)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  closed integer;
begin
  if p_start_date is null or p_end_date is null then
    raise exception 'Can''t be blank' using errcode = '23502', column = case when p_start_date is null then 'start_date' else 'end_date' end;
  end if;
  if p_end_date < p_start_date then
    raise exception 'End date must be greater than or equal to start date' using errcode = '22023', column = 'end_date';
  end if;
  if not exists (select 1 from public.depos d join public.tenants t on t.id = d.tenant_id
                 where d.id = p_depo_id and d.tenant_id = any (app_private.current_user_tenant_ids())
                   and d.id = any (app_private.depo_ids_where_role(app_private.webshop_order_writers()))
                   and t.uses_ice_cream_eod_layout) then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  update public.webshop_orders o set status = 'completed'
  where o.tenant_id = (select d.tenant_id from public.depos d where d.id = p_depo_id)
    and o.depo_id = p_depo_id and o.kind = 'eshop' and o.status = 'new'
    and o.delivery_date between p_start_date and p_end_date;
  get diagnostics closed = row_count;
  return closed;
end;
$$;
comment on function public.cleanup_webshop_orders(bigint, date, date) is
  'Closes (completed) the depo''s new e-shop orders delivered in the interval; tenants with the ice-cream layout only.';
revoke execute on function public.cleanup_webshop_orders(bigint, date, date) from public, anon;
grant execute on function public.cleanup_webshop_orders(bigint, date, date) to authenticated;

-- Search over the fields the list shows; the list is read through RLS.
create index webshop_orders_delivery_idx on public.webshop_orders (tenant_id, depo_id, kind, delivery_date desc, id desc);

-- Live: every open order list follows its depo's changes.
select app_private.broadcast_changes_of('public.webshop_orders');
