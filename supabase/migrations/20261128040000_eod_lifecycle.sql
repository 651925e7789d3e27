-- End-of-day report lifecycle (issue 13): what staff may change on a report, its validation (card and
-- miscellaneous totals), approval that moves the sold stock out of the car's warehouse in the same transaction,
-- unmapped reports mapped to a trip, Create EOD, and the tenant differences as data.
--
-- Clients keep writing reports through REST (RLS as before), but a trigger lets them change only the edited_
-- amounts and the bag number; status, processing and the reported amounts move only through the functions
-- below (security definer, each checking the caller's tenant, depo and role).

-- Tenant differences of the EOD screens (never `if slug = ...`): the ice-cream tenant has no sales export and
-- keeps approved reports; `pos_provider` picks who fills the reports (the local simulator by default).
alter table public.tenants
  add column shows_eod_sales_export boolean not null default true,
  add column can_delete_approved_eod boolean not null default true,
  add column pos_provider text not null default 'simulator' check (pos_provider in ('simulator', 'wallmob', 'off'));

-- Each point-of-sale order is stored once (idempotent ingestion, by pos_order_id), with where it was sold and the
-- stop it matched.
alter table public.eod_orders
  add column sold_lat double precision check (sold_lat between -90 and 90),
  add column sold_lng double precision check (sold_lng between -180 and 180),
  add column plan_event_route_point_id bigint;
-- pos_order_id is the till's own order id (wallmob_order_id is what the screens show; ingestion sets both).
alter table public.eod_orders add column pos_order_id text check (length(pos_order_id) between 1 and 80);
create unique index eod_orders_pos_order_key on public.eod_orders (tenant_id, pos_order_id);
create index eod_orders_stop_idx on public.eod_orders (tenant_id, plan_event_route_point_id) where plan_event_route_point_id is not null;
create index eod_order_line_items_transfer_idx on public.eod_order_line_items (tenant_id, stock_transfer_id) where stock_transfer_id is not null;

-- The amounts staff correct (each with edited_ and final_ twins), and the miscellaneous ones per layout.
create function app_private.eod_amount_columns() returns text[] language sql immutable set search_path = '' as $$
  select array['cash', 'start_cash', 'end_cash', 'card', 'local_card_amount', 'other_card_amount', 'mobile_pay',
               'allocated_mobile_pay', 'end_check', 'end_vipps', 'end_voucher', 'end_gift_card', 'end_bank', 'invoice',
               'end_credit_sales', 'end_market_sales', 'end_vipps_timeout', 'end_customer_sales', 'misc_gift_card', 'end_prepaid'];
$$;

-- Ice-cream layout: Customer Club, Online Buy, Gift Card, Mobilepay Emergency Number; otherwise Kredittsalg,
-- Vipps timet ut, Gavekort, Pre-paid (delivery-operations.md §2).
create function app_private.eod_miscellaneous_columns(ice_cream boolean) returns text[] language sql immutable set search_path = '' as $$
  select case when ice_cream then array['end_customer_sales', 'end_market_sales', 'misc_gift_card', 'allocated_mobile_pay']
              else array['end_credit_sales', 'end_vipps_timeout', 'end_gift_card', 'end_prepaid'] end;
$$;

-- A report's final amount of a column: the edit when there is one (works on a BEFORE row, where the generated
-- final_ columns are not computed yet).
create function app_private.eod_final(report jsonb, col text) returns numeric language sql immutable set search_path = '' as $$
  select coalesce((report ->> ('edited_' || col))::numeric, (report ->> col)::numeric, 0);
$$;

-- The card and miscellaneous rules, raised as the sentences the EOD screen shows; the detail carries the
-- amounts (JSON) for the spec's two dialogs with the missing amount.
create function app_private.check_eod_amounts(report jsonb, ice_cream boolean) returns void
language plpgsql immutable set search_path = '' as $$
declare
  card numeric := app_private.eod_final(report, 'card');
  dankort numeric := app_private.eod_final(report, 'local_card_amount');
  other numeric := app_private.eod_final(report, 'other_card_amount');
  misc_total numeric := coalesce((report ->> 'total_miscellaneous')::numeric, 0);
  misc jsonb := '{}';
  misc_sum numeric := 0;
  col text;
begin
  if card <> dankort + other then
    raise exception 'Card amount must be equals to Dankort card amount + other card amount' using errcode = 'P0001', hint = 'edited_card',
      detail = jsonb_build_object('card', card, 'local_card_amount', dankort, 'other_card_amount', other, 'missing', card - dankort - other)::text;
  end if;
  foreach col in array app_private.eod_miscellaneous_columns(ice_cream) loop
    misc := misc || jsonb_build_object(col, app_private.eod_final(report, col));
    misc_sum := misc_sum + app_private.eod_final(report, col);
  end loop;
  if misc_sum <> misc_total then
    raise exception 'Miscellaneous fields must match the total' using errcode = 'P0001', hint = 'total_miscellaneous',
      detail = jsonb_build_object('fields', misc, 'total', misc_total, 'missing', misc_total - misc_sum)::text;
  end if;
end;
$$;

-- What a client may do to a report row (REST): add one only as a pending report, change the edited_ amounts (with
-- a plan event), its links and times while pending, the bag number always; nothing else of an approved report;
-- an approved report is deleted only where the tenant allows it.
create function app_private.guard_eod_report_writes() returns trigger
language plpgsql set search_path = '' as $$
declare
  -- processed_by is a "done by" column: the attribution trigger makes it the writer whatever the client sends.
  editable text[] := array['bag_number', 'updated_at', 'processed_by'] || array(select 'edited_' || c from unnest(app_private.eod_amount_columns()) c);
  -- What links a pending report to its trip and till, and its times (a report is re-linked or unlinked by them;
  -- the composite keys keep each in the report's depo).
  links text[] := array['plan_event_id', 'car_id', 'cash_register_id', 'user_id', 'start_at', 'end_at'];
  derived text[] := array['is_approved'] || array(select 'final_' || c from unnest(app_private.eod_amount_columns()) c);
  old_row jsonb;
  new_row jsonb;
  amounts_changed boolean;
  ice_cream boolean;
begin
  if not app_private.is_client_role() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'DELETE' then
    if old.is_approved and not (select t.can_delete_approved_eod from public.tenants t where t.id = old.tenant_id) then
      raise exception 'An approved End of day report can not be deleted' using errcode = 'P0001';
    end if;
    return old;
  end if;
  if tg_op = 'INSERT' then
    -- A report added through REST starts pending; approval and its stock move belong to approve_end_of_day_report.
    new.status := 'pending';
    new.processed_by_at := null;
    new.stock_transfer_id := null;
    return new;
  end if;

  old_row := to_jsonb(old) - derived;
  new_row := to_jsonb(new) - derived;
  amounts_changed := (new_row - links - 'bag_number' - 'updated_at' - 'processed_by') is distinct from (old_row - links - 'bag_number' - 'updated_at' - 'processed_by');
  if old.status in ('approved', 'approved_edited')
     and (new_row - 'bag_number' - 'updated_at' - 'processed_by') is distinct from (old_row - 'bag_number' - 'updated_at' - 'processed_by') then
    raise exception 'An approved End of day report can not be edited' using errcode = '23514';
  end if;
  if (new_row - editable - links) is distinct from (old_row - editable - links) then
    raise exception 'Only the edited amounts and the bag number of an End of day report can be changed' using errcode = '42501';
  end if;
  if not amounts_changed then
    new.updated_at := now();
    return new;
  end if;
  if old.plan_event_id is null then
    raise exception 'Current End of day report does not have plan event!' using errcode = '23514';
  end if;
  select t.uses_ice_cream_eod_layout into ice_cream from public.tenants t where t.id = new.tenant_id;
  perform app_private.check_eod_amounts(new_row, ice_cream);
  new.status := 'pending_edited';
  new.updated_at := now();
  return new;
end;
$$;
revoke execute on function app_private.guard_eod_report_writes() from public;
-- The guard runs as the client (so it knows one is writing), and so do the rules it calls.
grant execute on function app_private.guard_eod_report_writes(), app_private.eod_amount_columns(), app_private.eod_miscellaneous_columns(boolean),
  app_private.eod_final(jsonb, text), app_private.check_eod_amounts(jsonb, boolean) to authenticated;
-- Named to run after keys_are_fixed, so moving a row keeps that trigger's answer.
create trigger lifecycle_of_eod_reports before insert or update or delete on public.end_of_day_reports
  for each row execute function app_private.guard_eod_report_writes();

-- The report a caller may act on (admin, depo admin or support of its depo), locked; 'Not found' otherwise,
-- also for another tenant's id.
create function app_private.eod_report_for_writer(p_report_id bigint) returns public.end_of_day_reports
language plpgsql security definer set search_path = '' as $$
declare
  report public.end_of_day_reports;
begin
  select * into report from public.end_of_day_reports e
   where e.id = p_report_id
     and e.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and e.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
   for update;
  if report.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  return report;
end;
$$;
revoke execute on function app_private.eod_report_for_writer(bigint) from public;

-- Approval proper (the caller's rights are checked by the callers). In one transaction: the trip's reports are
-- locked (two approvals of one trip run one after the other), the car's balances of the sold products are
-- locked in product order (the order every approval takes them in), and when any is short nothing changes and
-- the caller gets the SKUs with their missing amounts; otherwise one 'sales' transfer takes the stock out of the
-- car's warehouse and the report is approved.
create function app_private.approve_eod_report(report public.end_of_day_reports) returns public.end_of_day_reports
language plpgsql security definer set search_path = '' as $$
declare
  trip public.plan_events;
  warehouse public.warehouses;
  short jsonb;
  sold_ids bigint[];
  sold_skus text[];
  sold_amounts numeric[];
  transfer_id bigint;
  approved public.end_of_day_reports;
begin
  if report.status not in ('pending', 'pending_edited') then
    raise exception 'EOD for this trip has already been approved. Please change EOD open date or create EOD manually' using errcode = 'P0001';
  end if;
  if report.plan_event_id is null then
    raise exception 'Current End of day report does not have plan event!' using errcode = 'P0001';
  end if;
  perform 1 from public.end_of_day_reports e
   where e.tenant_id = report.tenant_id and e.plan_event_id = report.plan_event_id order by e.id for update;
  if exists (select 1 from public.end_of_day_reports e
              where e.tenant_id = report.tenant_id and e.plan_event_id = report.plan_event_id and e.id <> report.id and e.is_approved) then
    raise exception 'EOD for this trip has already been approved. Please change EOD open date or create EOD manually' using errcode = 'P0001';
  end if;
  select * into trip from public.plan_events pe where pe.tenant_id = report.tenant_id and pe.id = report.plan_event_id;
  select * into warehouse from public.warehouses w
   where w.tenant_id = report.tenant_id and w.owner_car_id = trip.car_id order by w.id limit 1;
  if warehouse.id is null then
    raise exception 'The car of this trip has no warehouse' using errcode = 'P0001';
  end if;

  select coalesce(array_agg(x.product_id order by x.product_id), '{}'), coalesce(array_agg(x.sku order by x.product_id), '{}'),
         coalesce(array_agg(x.amount order by x.product_id), '{}')
    into sold_ids, sold_skus, sold_amounts
    from (select p.id as product_id, min(p.sku) as sku, sum(li.quantity) as amount
            from public.eod_orders o
            join public.eod_order_line_items li on li.tenant_id = o.tenant_id and li.eod_order_id = o.id
            join public.products p on p.tenant_id = li.tenant_id and p.wallmob_sku = li.wallmob_sku
           where o.tenant_id = report.tenant_id and o.end_of_day_report_id = report.id and li.quantity > 0
           group by p.id) x;

  perform 1 from public.warehouse_product_balances b
   where b.tenant_id = report.tenant_id and b.warehouse_id = warehouse.id and b.product_id = any (sold_ids)
   order by b.product_id for update;
  select jsonb_agg(jsonb_build_object('sku', s.sku, 'product_id', s.product_id, 'missing', s.amount - coalesce(b.balance_amount, 0)) order by s.sku)
    into short
    from unnest(sold_ids, sold_skus, sold_amounts) s (product_id, sku, amount)
    left join public.warehouse_product_balances b on b.tenant_id = report.tenant_id and b.warehouse_id = warehouse.id and b.product_id = s.product_id
   where coalesce(b.balance_amount, 0) < s.amount;
  if short is not null then
    raise exception 'There is not enough stock in warehouse %', warehouse.code using errcode = 'P0001',
      detail = jsonb_build_object('warehouse_id', warehouse.id, 'warehouse_code', warehouse.code, 'depo_id', warehouse.depo_id, 'items', short)::text;
  end if;

  if cardinality(sold_ids) > 0 then
    insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, description, kind, created_by)
    values (report.tenant_id, warehouse.depo_id, warehouse.id, 'End of day report ' || report.id, 'sales', auth.uid())
    returning id into transfer_id;
    insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
    select report.tenant_id, transfer_id, warehouse.depo_id, s.product_id, s.amount
      from unnest(sold_ids, sold_amounts) s (product_id, amount) order by s.product_id;
    update public.eod_order_line_items li
       set stock_transfer_id = transfer_id
      from public.eod_orders o
     where o.tenant_id = report.tenant_id and o.end_of_day_report_id = report.id
       and li.tenant_id = o.tenant_id and li.eod_order_id = o.id
       and exists (select 1 from public.products p where p.tenant_id = li.tenant_id and p.wallmob_sku = li.wallmob_sku);
  end if;

  update public.end_of_day_reports e
     set status = case when report.status = 'pending_edited' then 'approved_edited' else 'approved' end::public.eod_status,
         processed_by = auth.uid(), processed_by_at = now(), stock_transfer_id = transfer_id, updated_at = now()
   where e.tenant_id = report.tenant_id and e.id = report.id
  returning * into approved;
  return approved;
end;
$$;
revoke execute on function app_private.approve_eod_report(public.end_of_day_reports) from public;

create function public.approve_end_of_day_report(p_report_id bigint) returns public.end_of_day_reports
language plpgsql security definer set search_path = '' as $$
begin
  return app_private.approve_eod_report(app_private.eod_report_for_writer(p_report_id));
end;
$$;
comment on function public.approve_end_of_day_report(bigint) is
  'Approves a pending EOD report of a trip and moves its sold stock out of the car''s warehouse in the same transaction. Admins, depo admins and support of its depo; otherwise Not found.';
revoke execute on function public.approve_end_of_day_report(bigint) from public, anon;
grant execute on function public.approve_end_of_day_report(bigint) to authenticated, service_role;

-- An unmapped report (no plan event) approved with a car, date, driver and route: the route's plan event that
-- day (made when there is none), then approval as above. The answer names the plan event for the flash.
create function public.approve_unmapped_end_of_day_report(p_report_id bigint, p_car_id bigint, p_date date, p_user_id uuid, p_route_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  report public.end_of_day_reports := app_private.eod_report_for_writer(p_report_id);
  trip public.plan_events;
  route_name text;
begin
  if p_car_id is null then
    raise exception 'You must choose car before approving EOD' using errcode = 'P0001', hint = 'car_id';
  end if;
  if p_date is null or p_route_id is null or p_user_id is null then
    raise exception 'You must choose date, route and user before approving EOD' using errcode = 'P0001';
  end if;
  if report.plan_event_id is not null then
    raise exception 'EOD for this trip has already been approved. Please change EOD open date or create EOD manually' using errcode = 'P0001';
  end if;
  -- The car, route and driver must be the report's depo's (another tenant's or depo's ids: Not found).
  select r.name into route_name from public.routes r where r.tenant_id = report.tenant_id and r.depo_id = report.depo_id and r.id = p_route_id and r.deleted_at is null;
  if route_name is null
     or not exists (select 1 from public.cars c where c.tenant_id = report.tenant_id and c.depo_id = report.depo_id and c.id = p_car_id)
     or not exists (select 1 from public.tenant_memberships m where m.tenant_id = report.tenant_id and m.user_id = p_user_id and m.status = 'active') then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  select * into trip from public.plan_events pe
   where pe.tenant_id = report.tenant_id and pe.route_id = p_route_id and pe.date = p_date;
  if trip.id is null then
    insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id)
    values (report.tenant_id, report.depo_id, p_date, p_route_id, p_user_id, p_car_id)
    returning * into trip;
  elsif trip.depo_id <> report.depo_id then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  update public.end_of_day_reports e
     set plan_event_id = trip.id, car_id = trip.car_id, user_id = p_user_id, updated_at = now()
   where e.tenant_id = report.tenant_id and e.id = report.id
  returning * into report;
  report := app_private.approve_eod_report(report);
  return jsonb_build_object('id', report.id, 'status', report.status, 'plan_event_id', trip.id, 'plan_event_title', route_name);
end;
$$;
comment on function public.approve_unmapped_end_of_day_report(bigint, bigint, date, uuid, bigint) is
  'Maps an unmapped EOD report to the plan event of the route and date (made when missing) and approves it.';
revoke execute on function public.approve_unmapped_end_of_day_report(bigint, bigint, date, uuid, bigint) from public, anon;
grant execute on function public.approve_unmapped_end_of_day_report(bigint, bigint, date, uuid, bigint) to authenticated, service_role;

-- Editing an unmapped report's open and close times: when its driver has a plan event of the depo on the new
-- opening day (the tenant's date) without a report of its own, the report is linked to it.
create function public.update_unmapped_end_of_day_report_times(p_report_id bigint, p_start_at timestamptz, p_end_at timestamptz)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  report public.end_of_day_reports := app_private.eod_report_for_writer(p_report_id);
  zone text := (select t.time_zone from public.tenants t where t.id = report.tenant_id);
  trip record;
begin
  if report.plan_event_id is not null or report.is_approved then
    raise exception 'Only an unmapped End of day report''s times can be changed here' using errcode = 'P0001';
  end if;
  if p_start_at is null or p_end_at is null or p_end_at < p_start_at then
    raise exception 'is invalid' using errcode = 'P0001', hint = 'end_at';
  end if;
  select pe.id, pe.car_id, r.name as title into trip
    from public.plan_events pe join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
   where pe.tenant_id = report.tenant_id and pe.depo_id = report.depo_id and pe.user_id = report.user_id
     and (p_start_at at time zone zone)::date between pe.date and pe.date + pe.day_span - 1
     and not exists (select 1 from public.end_of_day_reports e where e.tenant_id = pe.tenant_id and e.plan_event_id = pe.id)
   order by pe.date desc, pe.id limit 1;
  update public.end_of_day_reports e
     set start_at = p_start_at, end_at = p_end_at, plan_event_id = trip.id, car_id = coalesce(trip.car_id, e.car_id), updated_at = now()
   where e.tenant_id = report.tenant_id and e.id = report.id;
  return jsonb_build_object('linked', trip.id is not null, 'plan_event_id', trip.id, 'plan_event_title', trip.title);
end;
$$;
comment on function public.update_unmapped_end_of_day_report_times(bigint, timestamptz, timestamptz) is
  'Changes an unmapped EOD report''s open and close times and links it to its driver''s plan event of that day when there is one.';
revoke execute on function public.update_unmapped_end_of_day_report_times(bigint, timestamptz, timestamptz) from public, anon;
grant execute on function public.update_unmapped_end_of_day_report_times(bigint, timestamptz, timestamptz) to authenticated, service_role;

-- The plan events a report can be made for on a day (Create EOD): the depo's trips covering that day, titled by
-- route, with the cash register the car used last.
create function public.eod_plan_event_options(p_depo_id bigint, p_date date)
returns table (id bigint, title text, cash_register_id bigint)
language sql stable security definer set search_path = '' as $$
  select pe.id, r.name || ' (' || c.internal_number || ')',
         (select e.cash_register_id from public.end_of_day_reports e
           where e.tenant_id = pe.tenant_id and e.car_id = pe.car_id and e.cash_register_id is not null order by e.id desc limit 1)
    from public.plan_events pe
    join public.routes r on r.tenant_id = pe.tenant_id and r.id = pe.route_id
    join public.cars c on c.tenant_id = pe.tenant_id and c.id = pe.car_id
   where pe.depo_id = p_depo_id
     and pe.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and pe.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[])
     and p_date between pe.date and pe.date + pe.day_span - 1
   order by r.name, pe.id;
$$;
revoke execute on function public.eod_plan_event_options(bigint, date) from public, anon;
grant execute on function public.eod_plan_event_options(bigint, date) to authenticated, service_role;

-- Create EOD: a pending report for a plan event with a cash register of its depo. A retry with the same request
-- key (a double click, a lost answer) gets the report the first call made.
alter table public.end_of_day_reports add column request_key uuid;
create unique index end_of_day_reports_request_key on public.end_of_day_reports (tenant_id, request_key) where request_key is not null;

create function public.create_end_of_day_report(p_plan_event_id bigint, p_cash_register_id bigint, p_request_key uuid default null)
returns public.end_of_day_reports
language plpgsql security definer set search_path = '' as $$
declare
  trip public.plan_events;
  made public.end_of_day_reports;
begin
  if p_plan_event_id is null or p_cash_register_id is null then
    raise exception 'You must select plan event and cash register to continue' using errcode = 'P0001';
  end if;
  select * into trip from public.plan_events pe
   where pe.id = p_plan_event_id
     and pe.tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])
     and pe.depo_id = any ((select app_private.depo_ids_where_role('{admin,depo_admin,support}'))::bigint[]);
  if trip.id is null or not exists (select 1 from public.cash_registers cr
                                     where cr.tenant_id = trip.tenant_id and cr.depo_id = trip.depo_id and cr.id = p_cash_register_id) then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id, cash_register_id, start_at, request_key)
  select trip.tenant_id, trip.depo_id, trip.id, trip.car_id, trip.user_id, p_cash_register_id,
         ((trip.date + make_time(trip.start_at_hour, trip.start_at_min, 0)) at time zone t.time_zone), p_request_key
    from public.tenants t where t.id = trip.tenant_id
  on conflict (tenant_id, request_key) where request_key is not null do nothing
  returning * into made;
  if made.id is null then
    select * into made from public.end_of_day_reports e where e.tenant_id = trip.tenant_id and e.request_key = p_request_key;
  end if;
  return made;
end;
$$;
revoke execute on function public.create_end_of_day_report(bigint, bigint, uuid) from public, anon;
grant execute on function public.create_end_of_day_report(bigint, bigint, uuid) to authenticated, service_role;
