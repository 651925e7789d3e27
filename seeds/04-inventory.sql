-- Products with minimum balances, a primary warehouse per depo and one per car, stock put in by transfers
-- (so balances come from the same trigger as in real use), a pending order and a counting document.

insert into public.products (tenant_id, sku, description, sequence_number, packaging_size, sales_price, storage_unit, tax_type, tax_amount, volume, status, b2b_product, wallmob_sku)
select t.id, 'IS-' || (100 + n), p.description, n * 10, p.pack, p.price, case when p.pack > 6 then 'kolli'::public.storage_unit else 'stk' end,
       'VAT', 25, p.volume, case when n = 15 then 'inactive'::public.active_status else 'active' end, t.has_b2b_products and n % 4 = 0, 'IS-' || (100 + n)
from public.tenants t
cross join generate_series(1, 15) n
cross join lateral (select (array['Vanilje 1L','Kakao kegler','Jordbær is','Lakrids pind','Mango sorbet','Karamel bæger','Nødde is','Citron sorbet',
                                  'Familie box','Sandwich is','Mini pinde','Kaffe is','Pistacie','Hindbær kegle','Sæson is'])[n] as description,
                           (array[1, 6, 12, 20, 1, 6, 1, 12, 1, 8, 24, 1, 1, 6, 1])[n] as pack,
                           (array[45, 60, 25, 15, 40, 30, 50, 22, 99, 18, 70, 48, 55, 28, 35])[n]::numeric as price,
                           round((0.1 + n * 0.05)::numeric, 3) as volume) p
where not t.is_public;

insert into public.minimum_required_balances (tenant_id, product_id, depo_id, minimum_for_depo, minimum_for_cars)
select p.tenant_id, p.id, d.id, 50 + (p.id % 5) * 10, 5 + p.id % 4
from public.products p join public.depos d on d.tenant_id = p.tenant_id;

insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, "primary", axapta_id)
select d.tenant_id, d.id, 'D' || d.id, 'Lager ' || d.title, 'depo', true, case when t.has_erp_warehouse_id then 'AX-W' || d.id end
from public.depos d join public.tenants t on t.id = d.tenant_id;
insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, owner_car_id)
select c.tenant_id, c.depo_id, 'C' || c.id, 'Bil ' || c.internal_number, 'car', c.id from public.cars c;

-- Opening stock into each depo's primary warehouse.
insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, description, kind, transfered_at)
select w.tenant_id, w.depo_id, w.id, 'Opening stock', 'other', pg_temp.seed_now() - interval '60 days'
from public.warehouses w where w."primary";
insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount, packaged_amount)
select st.tenant_id, st.id, st.depo_id, p.id, 200 + (p.id % 7) * 25, null
from public.stock_transfers st join public.products p on p.tenant_id = st.tenant_id
where st.description = 'Opening stock';

-- A delivery into each depo every week since then.
insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, description, kind, transfered_at)
select w.tenant_id, w.depo_id, w.id, 'Weekly delivery', 'regular', pg_temp.seed_now() - make_interval(days => 7 * k + 2)
from public.warehouses w cross join generate_series(0, 7) k where w."primary"
order by w.id, k desc;
insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount, packaged_amount)
select st.tenant_id, st.id, st.depo_id, p.id, 40 + (p.id % 5) * 10, null
from public.stock_transfers st join public.products p on p.tenant_id = st.tenant_id and p.status = 'active'
where st.description = 'Weekly delivery';

-- Each car loaded from its depo's primary warehouse with a standing stock; the season product the trucks no longer
-- sell (inactive) was sold from some cars all the same, so a negative balance shows.
insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, description, kind, transfered_at)
select cw.tenant_id, cw.depo_id, dw.id, cw.id, 'Morning load', 'regular', pg_temp.seed_now() - interval '1 day'
from public.warehouses cw join public.warehouses dw on dw.depo_id = cw.depo_id and dw."primary"
where cw.owner_type = 'car';
insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
select st.tenant_id, st.id, st.depo_id, p.id, 10 + p.id % 5
from public.stock_transfers st join public.products p on p.tenant_id = st.tenant_id and p.status = 'active'
where st.description = 'Morning load';
insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, description, kind, transfered_at)
select w.tenant_id, w.depo_id, w.id, 'Sold from the car', 'sales', pg_temp.seed_now() - interval '12 hours'
from public.warehouses w where w.owner_type = 'car' and w.id % 3 = 0;
insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
select st.tenant_id, st.id, st.depo_id, p.id, 30
from public.stock_transfers st
join lateral (select p.id from public.products p where p.tenant_id = st.tenant_id and p.status = 'inactive' order by p.id limit 1) p on true
where st.description = 'Sold from the car';

-- Half an hour before each trip its truck is loaded from the depo with what the trip sells (the load-out): the
-- sales of its end-of-day report (linked by the bag number, also when the report is not mapped to the trip) and,
-- on today's trips, what the local POS simulator sells at each of the trip's stops as it is visited (the same
-- products and quantities as app_private.simulate_pos_sales, for every stop, so whatever the truck reaches is on
-- board). Today's trips not started yet were loaded this morning. An approved report's sales left the truck in one
-- 'sales' transfer, as approval moves them (app_private.approve_eod_report). So every report waiting for approval
-- can be approved from what its truck holds, and each balance is the sum of its transfers.
create temporary table seed_trip_loads as
select x.tenant_id, x.depo_id, x.plan_event_id, x.product_id, sum(x.amount) as amount
from (
  select pe.tenant_id, pe.depo_id, pe.id as plan_event_id, p.id as product_id, li.quantity as amount
  from public.plan_events pe
  join public.end_of_day_reports e on e.tenant_id = pe.tenant_id and e.bag_number = 'BAG-' || pe.id
  join public.eod_orders o on o.tenant_id = e.tenant_id and o.end_of_day_report_id = e.id
  join public.eod_order_line_items li on li.tenant_id = o.tenant_id and li.eod_order_id = o.id and li.quantity > 0
  join public.products p on p.tenant_id = li.tenant_id and p.wallmob_sku = li.wallmob_sku
  union all
  select pe.tenant_id, pe.depo_id, pe.id, p.id, 1 + (s.id + p.id) % 2
  from public.plan_events pe
  join public.tenants t on t.id = pe.tenant_id and t.pos_provider = 'simulator'
  join public.plan_event_route_points s on s.tenant_id = pe.tenant_id and s.plan_event_id = pe.id and s.lat is not null and s.lng is not null
  cross join lateral (select p.id from public.products p
                       where p.tenant_id = pe.tenant_id and p.status = 'active' and p.wallmob_sku is not null
                       order by (p.id * 7919 + s.id) % 101 limit 1 + s.id % 3) p
  where pg_temp.seed_today(pe.tenant_id) between pe.date and pe.date + pe.day_span - 1
) x
group by x.tenant_id, x.depo_id, x.plan_event_id, x.product_id;
insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, description, kind, transfered_at)
select pe.tenant_id, pe.depo_id, dw.id, cw.id, 'Load-out for trip ' || pe.id, 'regular',
       least(coalesce(pe.started_at, pg_temp.seed_at(pe.tenant_id, pe.date, make_time(pe.start_at_hour, pe.start_at_min, 0))),
             pg_temp.seed_now()) - interval '30 minutes'
from public.plan_events pe
join lateral (select w.id from public.warehouses w where w.tenant_id = pe.tenant_id and w.owner_car_id = pe.car_id order by w.id limit 1) cw on true
join public.warehouses dw on dw.tenant_id = pe.tenant_id and dw.depo_id = pe.depo_id and dw."primary"
where exists (select 1 from seed_trip_loads l where l.plan_event_id = pe.id)
order by pe.id;
insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
select st.tenant_id, st.id, st.depo_id, l.product_id, l.amount
from public.stock_transfers st
join seed_trip_loads l on l.tenant_id = st.tenant_id and st.description = 'Load-out for trip ' || l.plan_event_id
order by st.id, l.product_id;

create temporary table seed_report_sales as
select e.id as report_id, e.tenant_id, p.id as product_id, sum(li.quantity) as amount
from public.end_of_day_reports e
join public.eod_orders o on o.tenant_id = e.tenant_id and o.end_of_day_report_id = e.id
join public.eod_order_line_items li on li.tenant_id = o.tenant_id and li.eod_order_id = o.id and li.quantity > 0
join public.products p on p.tenant_id = li.tenant_id and p.wallmob_sku = li.wallmob_sku
where e.is_approved
group by e.id, e.tenant_id, p.id;
insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, description, kind, created_by, transfered_at)
select e.tenant_id, cw.depo_id, cw.id, 'End of day report ' || e.id, 'sales', e.processed_by, e.processed_by_at
from public.end_of_day_reports e
join lateral (select w.id, w.depo_id from public.warehouses w where w.tenant_id = e.tenant_id and w.owner_car_id = e.car_id order by w.id limit 1) cw on true
where exists (select 1 from seed_report_sales s where s.report_id = e.id)
order by e.id;
insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
select st.tenant_id, st.id, st.depo_id, s.product_id, s.amount
from public.stock_transfers st
join seed_report_sales s on s.tenant_id = st.tenant_id and st.kind = 'sales' and st.description = 'End of day report ' || s.report_id
order by st.id, s.product_id;
update public.end_of_day_reports e set stock_transfer_id = st.id
from public.stock_transfers st
where st.tenant_id = e.tenant_id and st.kind = 'sales' and st.description = 'End of day report ' || e.id;
update public.eod_order_line_items li set stock_transfer_id = e.stock_transfer_id
from public.eod_orders o, public.end_of_day_reports e
where o.tenant_id = li.tenant_id and o.id = li.eod_order_id and e.tenant_id = o.tenant_id and e.id = o.end_of_day_report_id
  and e.stock_transfer_id is not null
  and exists (select 1 from public.products p where p.tenant_id = li.tenant_id and p.wallmob_sku = li.wallmob_sku);

insert into public.stock_orders (tenant_id, depo_id, status, from_warehouse_id, to_warehouse_id, to_depo_id, reason, kind, ordered_at)
select cw.tenant_id, cw.depo_id, 'pending', dw.id, cw.id, cw.depo_id, 'Weekend top-up', 'regular', pg_temp.seed_now() - interval '3 hours'
from public.warehouses cw join public.warehouses dw on dw.depo_id = cw.depo_id and dw."primary"
where cw.owner_type = 'car'
  and (cw.id % 4 = 0 or cw.id = (select min(x.id) from public.warehouses x where x.depo_id = cw.depo_id and x.owner_type = 'car'));
insert into public.stock_order_line_items (tenant_id, stock_order_id, depo_id, product_id, amount, packaged_amount)
select so.tenant_id, so.id, so.depo_id, p.id, p.packaging_size * 2, 2
from public.stock_orders so join lateral (select * from public.products p where p.tenant_id = so.tenant_id and p.status = 'active' order by p.id limit 3) p on true;

insert into public.manual_counting_documents (tenant_id, depo_id, warehouse_id, status, counted_at)
select w.tenant_id, w.depo_id, w.id, 'draft', pg_temp.seed_today(w.tenant_id) - 1 from public.warehouses w where w."primary";
insert into public.manual_counting_document_line_items (tenant_id, manual_counting_document_id, depo_id, product_id, old_value, new_value)
select m.tenant_id, m.id, m.depo_id, b.product_id, b.balance_amount, case when b.product_id % 5 = 0 then b.balance_amount - 2 end
from public.manual_counting_documents m join public.warehouse_product_balances b on b.warehouse_id = m.warehouse_id;
