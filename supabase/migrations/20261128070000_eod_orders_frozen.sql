-- Orders of an approved end-of-day report are frozen (issue 13 hardening). Its orders and line items are what the
-- approval moved out of the car's stock, so a client may add, change or remove them only while the report is
-- pending. The guard locks the report FOR SHARE, so it waits for an approval under way (which holds the report
-- FOR UPDATE) and then sees its outcome. Trusted writers (the ingestion, the approval marking its line items, the
-- seeds) are not guarded here: the ingestion picks its report FOR SHARE itself (below). Cascades from deleting a
-- report run as the table owner and find the report gone, so they pass.

-- Whether the caller's report is approved, locking it FOR SHARE. A report the caller does not manage (another
-- tenant's or depo's, or one already deleted) or outside the row's depo answers false: row-level security and the
-- composite keys refuse those writes with their own answers.
create function app_private.eod_report_is_frozen(p_tenant_id uuid, p_depo_id bigint, p_report_id bigint) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  approved boolean;
begin
  select e.is_approved into approved from public.end_of_day_reports e
   where e.tenant_id = p_tenant_id and e.depo_id = p_depo_id and e.id = p_report_id
     and e.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and e.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin}'))::bigint[])
   for share;
  return coalesce(approved, false);
end;
$$;
revoke execute on function app_private.eod_report_is_frozen(uuid, bigint, bigint) from public;
grant execute on function app_private.eod_report_is_frozen(uuid, bigint, bigint) to authenticated;

-- The report an order of the depo belongs to (for a line item's guard); null when there is no such order.
create function app_private.eod_order_report_id(p_tenant_id uuid, p_depo_id bigint, p_order_id bigint) returns bigint
language sql stable security definer set search_path = '' as $$
  select o.end_of_day_report_id from public.eod_orders o where o.tenant_id = p_tenant_id and o.depo_id = p_depo_id and o.id = p_order_id;
$$;
revoke execute on function app_private.eod_order_report_id(uuid, bigint, bigint) from public;
grant execute on function app_private.eod_order_report_id(uuid, bigint, bigint) to authenticated;

-- One guard for both tables, every operation: the old row's report (update, delete) and the new row's report
-- (insert, update: a row moved into or out of an approved report) must both be open.
create function app_private.guard_frozen_eod_orders() returns trigger
language plpgsql set search_path = '' as $$
declare
  reports bigint[] := '{}';
  report_id bigint;
  row_depo bigint := case when tg_op = 'DELETE' then old.depo_id else new.depo_id end;
begin
  if not app_private.is_client_role() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_table_name = 'eod_orders' then
    if tg_op <> 'INSERT' then reports := reports || old.end_of_day_report_id; end if;
    if tg_op <> 'DELETE' then reports := reports || new.end_of_day_report_id; end if;
  else
    if tg_op <> 'INSERT' then reports := reports || app_private.eod_order_report_id(old.tenant_id, old.depo_id, old.eod_order_id); end if;
    if tg_op <> 'DELETE' then reports := reports || app_private.eod_order_report_id(new.tenant_id, new.depo_id, new.eod_order_id); end if;
  end if;
  -- In id order, so two writers lock the same reports in the same order.
  for report_id in select distinct r from unnest(reports) r where r is not null order by r loop
    if app_private.eod_report_is_frozen(case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end, row_depo, report_id) then
      raise exception 'The orders of an approved End of day report can not be changed' using errcode = '23514';
    end if;
  end loop;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke execute on function app_private.guard_frozen_eod_orders() from public;
grant execute on function app_private.guard_frozen_eod_orders() to authenticated;
create trigger orders_of_approved_eod_are_frozen before insert or update or delete on public.eod_orders
  for each row execute function app_private.guard_frozen_eod_orders();
create trigger orders_of_approved_eod_are_frozen before insert or update or delete on public.eod_order_line_items
  for each row execute function app_private.guard_frozen_eod_orders();

-- The POS ingestion as before, except that it picks the open report FOR SHARE: a sale racing an approval of that
-- report waits for it, and once it is approved lands in a new report rather than in the approved one.
create or replace function app_private.ingest_pos_order(tenant public.tenants, pos_order jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  register public.cash_registers;
  seller uuid;
  sold_at timestamptz := (pos_order ->> 'sold_at')::timestamptz;
  sold_day date := (sold_at at time zone tenant.time_zone)::date;
  sold_lat double precision := (pos_order ->> 'lat')::double precision;
  sold_lng double precision := (pos_order ->> 'lng')::double precision;
  payment text := coalesce(pos_order ->> 'payment', 'cash');
  trip public.plan_events;
  report_id bigint;
  order_id bigint;
  stop_id bigint;
  revenue numeric;
  quantity numeric;
  discount numeric;
begin
  select * into register from public.cash_registers cr
   where cr.tenant_id = tenant.id and cr.id = (pos_order ->> 'cash_register_id')::bigint;
  if register.id is null then
    raise exception 'Not found' using errcode = 'P0002', detail = 'cash_register_id';
  end if;
  seller := coalesce(
    (select m.user_id from public.tenant_memberships m
      where m.tenant_id = tenant.id and m.user_id = (pos_order ->> 'user_id')::uuid),
    (select m.user_id from public.tenant_memberships m
      where m.tenant_id = tenant.id and m.wallmob_id = pos_order ->> 'wallmob_user_id' order by m.user_id limit 1));
  select coalesce(sum((l ->> 'amount')::numeric), 0), coalesce(sum((l ->> 'quantity')::numeric), 0), coalesce(sum(coalesce((l ->> 'discount')::numeric, 0)), 0)
    into revenue, quantity, discount
    from jsonb_array_elements(pos_order -> 'lines') l;

  -- One report per cash register at a time: two batches of one till do not make two reports.
  perform pg_advisory_xact_lock(hashtext('pos-ingest'), register.id::integer);
  if seller is not null then
    select * into trip from public.plan_events pe
     where pe.tenant_id = tenant.id and pe.depo_id = register.depo_id and pe.user_id = seller
       and sold_day between pe.date and pe.date + pe.day_span - 1
     order by pe.date desc limit 1;
  end if;
  select e.id into report_id from public.end_of_day_reports e
   where e.tenant_id = tenant.id and not e.is_approved
     and case when trip.id is not null then e.plan_event_id = trip.id
              else e.plan_event_id is null and e.cash_register_id = register.id and e.user_id is not distinct from seller
                   and (e.start_at at time zone tenant.time_zone)::date = sold_day end
   order by e.id limit 1
     -- Waits for an approval under way; a report it approved no longer matches and a new one is made.
     for share;
  if report_id is null then
    insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id, cash_register_id, start_at, end_at)
    values (tenant.id, register.depo_id, trip.id, trip.car_id, seller, register.id, sold_at, sold_at)
    returning id into report_id;
  end if;

  insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id, pos_order_id, total_revenue, total_quantity, total_discount, sold_lat, sold_lng)
  values (tenant.id, report_id, register.depo_id, sold_at, pos_order ->> 'id', pos_order ->> 'id', revenue, quantity, discount, sold_lat, sold_lng)
  on conflict (tenant_id, pos_order_id) do nothing
  returning id into order_id;
  if order_id is null then
    return jsonb_build_object('duplicate', true);
  end if;
  insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, category_name, product_name, wallmob_sku, quantity, total_line_amount, discount, inventory_presence)
  select tenant.id, order_id, register.depo_id, l ->> 'category_name', l ->> 'product_name', l ->> 'sku', (l ->> 'quantity')::numeric,
         (l ->> 'amount')::numeric, coalesce((l ->> 'discount')::numeric, 0),
         exists (select 1 from public.products p where p.tenant_id = tenant.id and p.wallmob_sku = l ->> 'sku')
    from jsonb_array_elements(pos_order -> 'lines') l;

  -- The till's totals: the payment's own field, the card ones as Dankort (card = Dankort + other card).
  update public.end_of_day_reports e
     set total = e.total + revenue, final_total = e.final_total + revenue, discount_total = e.discount_total + discount,
         cash = e.cash + case when payment = 'cash' then revenue else 0 end,
         card = e.card + case when payment = 'card' then revenue else 0 end,
         local_card_amount = e.local_card_amount + case when payment = 'card' then revenue else 0 end,
         mobile_pay = e.mobile_pay + case when payment = 'mobile_pay' then revenue else 0 end,
         end_vipps = e.end_vipps + case when payment = 'vipps' then revenue else 0 end,
         end_gift_card = e.end_gift_card + case when payment = 'gift_card' then revenue else 0 end,
         invoice = e.invoice + case when payment = 'invoice' then revenue else 0 end,
         start_at = least(e.start_at, sold_at), end_at = greatest(e.end_at, sold_at), updated_at = now()
   where e.tenant_id = tenant.id and e.id = report_id;

  if trip.id is not null and sold_lat is not null and sold_lng is not null then
    stop_id := app_private.mark_stop_visited_by_sale(tenant.id, trip.id, sold_lat, sold_lng, sold_at);
    if stop_id is not null then
      update public.eod_orders o set plan_event_route_point_id = stop_id where o.tenant_id = tenant.id and o.id = order_id;
    end if;
  end if;
  return jsonb_build_object('duplicate', false, 'end_of_day_report_id', report_id, 'eod_order_id', order_id, 'stop_id', stop_id);
end;
$$;
revoke execute on function app_private.ingest_pos_order(public.tenants, jsonb) from public;
