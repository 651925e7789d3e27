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

-- Each car loaded from its depo's primary warehouse; one product left short so a negative balance shows.
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
from public.stock_transfers st join lateral (select p.id from public.products p where p.tenant_id = st.tenant_id order by p.id limit 1) p on true
where st.description = 'Sold from the car';

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
