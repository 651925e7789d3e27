-- Retail customers subscribed to stops, B2B customers on route points, B2B orders, web-shop orders,
-- end-of-day reports of past trips, feedback, SMS templates and campaigns, wallmob numbers, audit rows.

insert into public.customers (tenant_id, first_name, last_name, name, username, email, phone, gender, route_number, sms_permission,
                              marketing_agreement, address, address_type, lat, lng, original_address, original_lat, original_lng)
select t.id, fn, ln, fn || ' ' || ln, lower(fn) || n, lower(fn) || '.' || lower(ln) || n || '@example.com',
       coalesce(t.phone_prefix, '') || case when t.country_code = 'RO' then (700000000 + n * 1013)::text else (20000000 + n * 7919)::text end,
       (array['female','male'])[1 + n % 2]::public.gender, 'R' || (1 + n % 9), n % 11 <> 0, n % 3 <> 0,
       rp.address, 'home', rp.lat + 0.0004, rp.lng + 0.0004, rp.address, rp.lat, rp.lng
from public.tenants t
cross join generate_series(1, 40) n
cross join lateral (select (array['Mette','Jens','Sofie','Lars','Ingrid','Ole','Kari','Ana','Mihai','Freja'])[1 + n % 10] as fn,
                           (array['Hansen','Nielsen','Berg','Larsen','Popescu','Johansen','Dahl','Ionescu'])[1 + n % 8] as ln) names
cross join lateral (select rp.* from public.route_points rp where rp.tenant_id = t.id order by rp.id offset n * 7 limit 1) rp
where not t.is_public;

-- Each customer is subscribed to the stops of their route point in the planned events.
insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id, sms_should_send_at, sms_sent_at, sms_sent_skipped_at, reason_of_sms_skip)
select c.tenant_id, c.id, perp.id, perp.depo_id, perp.google_estimate_time - interval '30 minutes',
       case when perp.arrival_date < current_date and c.sms_permission then perp.google_estimate_time - interval '30 minutes' end,
       case when perp.arrival_date < current_date and not c.sms_permission then perp.google_estimate_time - interval '30 minutes' end,
       case when perp.arrival_date < current_date and not c.sms_permission then 'no_sms_permission' end
from public.customers c
join public.route_points rp on rp.tenant_id = c.tenant_id and rp.lat = c.original_lat and rp.lng = c.original_lng
join public.plan_event_route_points perp on perp.tenant_id = c.tenant_id and perp.route_point_id = rp.id;

insert into public.b2b_customers (tenant_id, customer_name, customer_number, shop_id, segmentation, address, zip_code, phone, sales_consultant,
                                  email, sales_district_name, season, payment_method, payment_term, opening_week, shop_open_at, shop_close_at, status, lat, lng)
select t.id, format('%s %s', (array['Kiosk','Super','Café','Camping','Tank','Bageri'])[1 + n % 6], rp_town.town),
       format('%s%s', upper(left(t.slug, 1)), 40000 + n), 'S' || (1000 + n), (array['A','B','C'])[1 + n % 3], rp_town.address,
       (1000 + n * 37)::text, coalesce(t.phone_prefix, '') || (30000000 + n * 101)::text, 'Sales ' || (1 + n % 4),
       'shop' || n || '@example.com', 'District ' || (1 + n % 5), (array['summer','all year'])[1 + n % 2], 'invoice', '14 days',
       10 + n % 20, time '08:00', time '20:00', case when n % 10 = 0 then 'inactive'::public.active_status else 'active' end, rp_town.lat, rp_town.lng
from public.tenants t
cross join generate_series(1, 30) n
cross join lateral (select rp.address, rp.lat, rp.lng, split_part(rp.address, ', ', 2) as town
                    from public.route_points rp where rp.tenant_id = t.id order by rp.id offset n * 11 + 3 limit 1) rp_town
where not t.is_public;

insert into public.b2b_customer_depos (tenant_id, b2b_customer_id, depo_id)
select b.tenant_id, b.id, (select d.id from public.depos d where d.tenant_id = b.tenant_id order by d.id offset b.id % (select count(*) from public.depos x where x.tenant_id = b.tenant_id) limit 1)
from public.b2b_customers b;

-- Two thirds of the shops are stops on a route; the rest are "not in route".
insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
select b.tenant_id, rp.id, b.id, rp.depo_id
from public.b2b_customers b
join lateral (select rp.* from public.route_points rp where rp.tenant_id = b.tenant_id and rp.lat = b.lat and rp.lng = b.lng limit 1) rp on true
where b.id % 3 <> 0;

insert into public.b2b_orders (tenant_id, b2b_customer_id, customer_number, date, shop_name, total_revenue, total_discount, total_quantity, exported_at)
select b.tenant_id, b.id, b.customer_number, current_date - (b.id % 20)::int, b.customer_name, 0, 0, 0,
       case when b.id % 4 = 0 then now() - interval '2 days' end
from public.b2b_customers b where b.id % 2 = 0;
insert into public.b2b_order_line_items (tenant_id, b2b_order_id, category_name, product_name, quantity, total_line_amount, discount)
select o.tenant_id, o.id, (array['Ice cream','Frozen','Drinks'])[1 + k % 3], (array['Vanilla 1L','Choco cones 6-pack','Strawberry sticks','Cola 0.5L'])[1 + (o.id + k) % 4],
       1 + (o.id + k) % 6, (1 + (o.id + k) % 6) * 35, case when k = 1 then 10 else 0 end
from public.b2b_orders o cross join generate_series(1, 3) k;
update public.b2b_orders o set total_revenue = s.revenue, total_discount = s.discount, total_quantity = s.quantity
from (select b2b_order_id, sum(total_line_amount) revenue, sum(discount) discount, sum(quantity) quantity from public.b2b_order_line_items group by b2b_order_id) s
where s.b2b_order_id = o.id;

insert into public.webshop_orders (tenant_id, depo_id, kind, status, eshop_id, delivery_date, delivery_time, total, route_id, plan_event_route_point_id,
                                   customer_address, customer_phone, customer_name, payment_type, call_me, fast_delivery, origin, lat, lng,
                                   external_id, customer_number, comment_for_order, delivery_surcharge, cash_customer)
select perp.tenant_id, perp.depo_id, case when n % 4 = 0 then 'b2b'::public.webshop_order_kind else 'eshop' end,
       (array['new','new','new','completed','failed','cancelled'])[1 + n % 6]::public.order_status,
       'WEB-' || (10000 + n), perp.arrival_date, time '10:00' + make_interval(mins => n * 7), 100 + n * 12.5, pe.route_id, perp.id,
       perp.address, '+4520' || lpad(n::text, 6, '0'), 'Web Customer ' || n, (array['card','mobilepay'])[1 + n % 2], n % 5 = 0, n % 7 = 0, 'web',
       perp.lat, perp.lng,
       case when n % 4 = 0 then 'EXT-' || n end, case when n % 4 = 0 then 'B' || (500 + n) end, null, case when n % 4 = 0 then 49 end, case when n % 4 = 0 then n % 8 = 0 end
from generate_series(1, 20) n
cross join public.tenants t
cross join lateral (select perp.* from public.plan_event_route_points perp where perp.tenant_id = t.id and perp.arrival_date >= current_date
                    order by perp.id offset n * 37 limit 1) perp
join public.plan_events pe on pe.tenant_id = perp.tenant_id and pe.id = perp.plan_event_id
where not t.is_public;
insert into public.webshop_order_line_items (tenant_id, webshop_order_id, depo_id, product_sku, product_description, quantity, price)
select o.tenant_id, o.id, o.depo_id, 'IS-' || (100 + k), (array['Vanilje 1L','Kakao kegler','Jordbær is'])[k], k, 25 * k
from public.webshop_orders o cross join generate_series(1, 3) k;
insert into public.webshop_order_versions (tenant_id, webshop_order_id, depo_id, serialized_object, user_id)
select o.tenant_id, o.id, o.depo_id, jsonb_build_object('depo_id', o.depo_id, 'delivery_date', o.delivery_date, 'route_id', o.route_id, 'status', 'new', 'comment', null, 'updated_at', o.created_at), null
from public.webshop_orders o;

-- End-of-day reports for the trips already driven (some still pending, some approved, a few unmapped).
insert into public.end_of_day_reports (tenant_id, depo_id, status, plan_event_id, car_id, user_id, cash_register_id, start_at, end_at, bag_number,
                                       total, discount_total, final_total, cash, start_cash, end_cash, card, local_card_amount, other_card_amount,
                                       mobile_pay, end_vipps, end_voucher, end_gift_card, total_miscellaneous)
select pe.tenant_id, pe.depo_id,
       case when pe.id % 3 = 0 then 'approved'::public.eod_status else 'pending' end,
       case when pe.id % 10 = 0 then null else pe.id end, pe.car_id, pe.user_id,
       (select cr.id from public.cash_registers cr where cr.depo_id = pe.depo_id order by cr.id limit 1),
       pe.started_at, pe.started_at + interval '8 hours', 'BAG-' || pe.id,
       amounts.cash + amounts.card, 25, amounts.cash + amounts.card, amounts.cash, 500, 500 + amounts.cash, amounts.card,
       amounts.card - 300, 300, case when t.uses_ice_cream_eod_layout then 150 else 0 end, 0, 0, 0, 0
from public.plan_events pe
join public.tenants t on t.id = pe.tenant_id
cross join lateral (select 1000 + pg_temp.rint(pe.id || 'cash', 0, 4000) as cash, 1500 + pg_temp.rint(pe.id || 'card', 0, 3000) as card) amounts
where pe.date < current_date;
insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id, total_revenue, total_quantity, total_discount)
select e.tenant_id, e.id, e.depo_id, e.start_at + make_interval(mins => k * 20), 'WM-' || e.id || '-' || k, 45 * k, k, 0
from public.end_of_day_reports e cross join generate_series(1, 4) k;
insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, category_name, product_name, wallmob_sku, quantity, total_line_amount, discount)
select o.tenant_id, o.id, o.depo_id, 'Ice cream', (array['Vanilje 1L','Kakao kegler','Jordbær is'])[1 + o.id % 3], 'IS-' || (101 + o.id % 3), o.total_quantity, o.total_revenue, 0
from public.eod_orders o;

insert into public.feedbacks (tenant_id, depo_id, plan_event_route_point_id, customer_id, positive, comment, customer_phone_number, manager_comment, status, handled_by, handled_by_at, created_at)
select sr.tenant_id, sr.depo_id, sr.plan_event_route_point_id, c.id, sr.n % 3 <> 0,
       (array['Super service, tak!','The truck came too early','Lovely driver','Missed the truck today','Great ice cream'])[1 + sr.n % 5], c.phone,
       case when sr.n % 2 = 0 then 'Thank you, noted.' end,
       case when sr.n % 2 = 0 then 'approved'::public.feedback_status else 'pending' end,
       case when sr.n % 2 = 0 then (select m.user_id from public.tenant_memberships m where m.tenant_id = sr.tenant_id and m.role = 'admin' order by m.user_id limit 1) end,
       case when sr.n % 2 = 0 then now() - interval '1 day' end,
       now() - make_interval(hours => (sr.n * 5)::int)
from (select sr.*, row_number() over (partition by sr.tenant_id order by sr.id) n from public.sms_receivers sr
      join public.plan_event_route_points p on p.id = sr.plan_event_route_point_id where p.arrival_date < current_date) sr
join public.customers c on c.id = sr.customer_id
where sr.n <= 12;

insert into public.sms_templates (tenant_id, name, text)
select t.id, x.name, x.text from public.tenants t
cross join (values ('Delay', 'The truck is running about 30 minutes late today. Sorry!'), ('Cancelled', 'The truck cannot come today. See you next time!')) x(name, text)
where not t.is_public;

insert into public.sms_campaigns (tenant_id, name, text, start_date, end_date)
select t.id, 'Summer offer', 'Two ice creams for the price of one this week!', current_date, current_date + 14
from public.tenants t where not t.is_public;

insert into public.wallmob_products (tenant_id, number) select t.id, (5000 + n)::text from public.tenants t cross join generate_series(1, 6) n where t.has_wallmob;
insert into public.wallmob_customers (tenant_id, number) select t.id, (9000 + n)::text from public.tenants t cross join generate_series(1, 6) n where t.has_wallmob;

insert into public.user_http_requests (tenant_id, performed_at, user_id, url, referer, format, controller, action, params, status, method)
select m.tenant_id, now() - make_interval(mins => n * 13), m.user_id, '/rest/v1/cars?id=eq.' || n, '/' || t.slug || '/admin/depo/1/cars', 'json',
       'cars', 'update', jsonb_build_object('status', 'active'), 200, 'PATCH'
from public.tenant_memberships m join public.tenants t on t.id = m.tenant_id
cross join generate_series(1, 3) n
where m.role = 'admin' and m.user_id = md5('demo-user:admin@' || t.slug || '.test')::uuid;
