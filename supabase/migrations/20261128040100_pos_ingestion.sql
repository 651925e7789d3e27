-- Point-of-sale ingestion (issue 13): orders from the till (wallmob) land in the driver's end-of-day report
-- of the day as eod_orders and line items, once per POS order id, and a sale within 50 m of a stop of the trip
-- marks that stop visited (the live-trucks engine's app_private.mark_stop_visited_by_sale).
-- The `pos-orders` edge function receives wallmob's orders; tenants on the local simulator (tenants.pos_provider)
-- get sales along today's driven trips from the `pos-simulator` cron job, through the same function.

-- One order: {"id", "cash_register_id", "sold_at", "lat"?, "lng"?, "wallmob_user_id"? | "user_id"?,
-- "payment": cash|card|mobile_pay|vipps|gift_card|invoice, "lines": [{"sku", "product_name", "category_name"?,
-- "quantity", "amount", "discount"?}]}. The report: the open one of the driver's plan event covering the
-- sale's day (the tenant's date), else the open unmapped one of that cash register, driver and day; made when
-- there is none.
create function app_private.ingest_pos_order(tenant public.tenants, pos_order jsonb) returns jsonb
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
   order by e.id limit 1;
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

-- A batch of one tenant's POS orders (at most 500), in one transaction: a malformed order or another tenant's
-- cash register refuses the whole batch, so a retry after a fix stores every order once.
create function public.ingest_pos_orders(p_tenant text, p_orders jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  tenant public.tenants;
  pos_order jsonb;
  outcome jsonb;
  inserted integer := 0;
  duplicates integer := 0;
  visited integer := 0;
begin
  select * into tenant from public.tenants t where t.slug = p_tenant and not t.is_public;
  if tenant.id is null then
    raise exception 'Not found' using errcode = 'P0002';
  end if;
  if jsonb_typeof(p_orders) is distinct from 'array' or jsonb_array_length(p_orders) > 500 then
    raise exception 'is invalid' using errcode = '22023', hint = 'orders';
  end if;
  for pos_order in select value from jsonb_array_elements(p_orders) loop
    if jsonb_typeof(pos_order) <> 'object'
       or length(coalesce(pos_order ->> 'id', '')) not between 1 and 80
       or pos_order ->> 'sold_at' is null
       or jsonb_typeof(pos_order -> 'lines') is distinct from 'array'
       or jsonb_array_length(pos_order -> 'lines') not between 1 and 500
       or coalesce(pos_order ->> 'payment', 'cash') not in ('cash', 'card', 'mobile_pay', 'vipps', 'gift_card', 'invoice')
       or ((pos_order ->> 'lat') is null) <> ((pos_order ->> 'lng') is null)
       or exists (select 1 from jsonb_array_elements(pos_order -> 'lines') l
                   where jsonb_typeof(l) <> 'object'
                      or length(coalesce(l ->> 'product_name', '')) not between 1 and 200
                      or length(coalesce(l ->> 'sku', '')) > 40
                      or length(coalesce(l ->> 'category_name', '')) > 120
                      or jsonb_typeof(l -> 'quantity') <> 'number' or jsonb_typeof(l -> 'amount') <> 'number'
                      or (l ->> 'quantity')::numeric not between 0 and 100000
                      or (l ->> 'amount')::numeric not between 0 and 10000000
                      or coalesce((l ->> 'discount')::numeric, 0) not between 0 and 10000000) then
      raise exception 'is invalid' using errcode = '22023', hint = 'orders';
    end if;
    outcome := app_private.ingest_pos_order(tenant, pos_order);
    if (outcome ->> 'duplicate')::boolean then
      duplicates := duplicates + 1;
    else
      inserted := inserted + 1;
      visited := visited + case when outcome ->> 'stop_id' is not null then 1 else 0 end;
    end if;
  end loop;
  return jsonb_build_object('inserted', inserted, 'duplicates', duplicates, 'stops_visited', visited);
end;
$$;
comment on function public.ingest_pos_orders(text, jsonb) is
  'Stores a batch of point-of-sale orders of a tenant into its end-of-day reports, once per POS order id; sales within 50 m of a stop mark it visited. Service role only (the pos-orders function).';
revoke execute on function public.ingest_pos_orders(text, jsonb) from public, anon, authenticated;
grant execute on function public.ingest_pos_orders(text, jsonb) to service_role;

-- The local POS simulator: for tenants on the simulator, one sale at each stop of today's trips that the truck
-- has visited and that has no sale yet, a minute after the visit, at the stop, by the trip's driver on the
-- depo's first cash register: one to three of the tenant's products, paid by cash, card or (ice-cream layout)
-- Mobile Pay. Deterministic per stop, so the demo's reports fill up as the simulated trucks drive.
create function app_private.simulate_pos_sales(p_tenant_id uuid default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  tenant public.tenants;
  sale record;
  sold integer := 0;
begin
  for tenant in select * from public.tenants t
                 where t.pos_provider = 'simulator' and not t.is_public and (p_tenant_id is null or t.id = p_tenant_id) loop
    for sale in
    select jsonb_build_object(
             'id', 'SIM-' || s.id, 'cash_register_id', cr.id, 'user_id', pe.user_id, 'sold_at', s.visited_at + interval '1 minute',
             'lat', s.lat, 'lng', s.lng,
             'payment', (case when tenant.uses_ice_cream_eod_layout then array['cash', 'card', 'mobile_pay'] else array['cash', 'card', 'vipps'] end)[1 + s.id % 3],
             'lines', lines.items) as pos_order
      from public.plan_events pe
      join public.plan_event_route_points s on s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id
      cross join lateral (select cr.id from public.cash_registers cr where cr.tenant_id = pe.tenant_id and cr.depo_id = pe.depo_id order by cr.id limit 1) cr
      cross join lateral (
        select jsonb_agg(jsonb_build_object('sku', p.wallmob_sku, 'product_name', p.description, 'category_name', 'Ice cream',
                                            'quantity', 1 + (s.id + p.id) % 2, 'amount', p.sales_price * (1 + (s.id + p.id) % 2))) as items
          from (select p.* from public.products p
                 where p.tenant_id = pe.tenant_id and p.status = 'active' and p.wallmob_sku is not null
                 order by (p.id * 7919 + s.id) % 101 limit 1 + s.id % 3) p) lines
     where pe.tenant_id = tenant.id
       and (now() at time zone tenant.time_zone)::date between pe.date and pe.date + pe.day_span - 1
       and s.point_visited and s.visited_at is not null and s.lat is not null and s.lng is not null
       and lines.items is not null
       and not exists (select 1 from public.eod_orders o where o.tenant_id = pe.tenant_id and o.pos_order_id = 'SIM-' || s.id)
     order by s.visited_at, s.id
    loop
      perform app_private.ingest_pos_order(tenant, sale.pos_order);
      sold := sold + 1;
    end loop;
  end loop;
  return sold;
end;
$$;
comment on function app_private.simulate_pos_sales(uuid) is
  'The local POS simulator: a sale at each visited stop of today''s trips of tenants on pos_provider simulator (or of one tenant); returns the orders stored.';
revoke execute on function app_private.simulate_pos_sales(uuid) from public;

select cron.schedule('pos-simulator', '30 seconds', $$select app_private.simulate_pos_sales()$$);
