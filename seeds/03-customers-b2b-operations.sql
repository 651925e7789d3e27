-- Retail customers subscribed to stops, B2B customers on route points, B2B orders, web-shop orders,
-- end-of-day reports of driven trips, feedback, SMS templates and campaigns, wallmob numbers, audit rows.
-- Times follow the anchor (pg_temp.seed_now()) and the trips of 02 (seed_trips, seed_clock).
-- Customer phones are mobile numbers of the tenant's country (the SMS engine texts nothing else): Danish 21xxxxxx,
-- Norwegian 41xxxxxx, Romanian 7xxxxxxxx.

insert into public.customers (tenant_id, first_name, last_name, name, username, email, phone, gender, route_number, sms_permission,
                              marketing_agreement, address, address_type, lat, lng, original_address, original_lat, original_lng)
select t.id, fn, ln, fn || ' ' || ln, lower(fn) || n, lower(fn) || '.' || lower(ln) || n || '@example.com',
       coalesce(t.phone_prefix, '') || case t.country_code when 'RO' then (700000000 + n * 1013)::text when 'NO' then (41100000 + n * 7919)::text else (21100000 + n * 7919)::text end,
       (array['female','male'])[1 + n % 2]::public.gender, 'R' || (1 + n % 9), n % 11 <> 0, n % 3 <> 0,
       rp.address, 'home', rp.lat + 0.0004, rp.lng + 0.0004, rp.address, rp.lat, rp.lng
from public.tenants t
cross join generate_series(1, 40) n
cross join lateral (select (array['Mette','Jens','Sofie','Lars','Ingrid','Ole','Kari','Ana','Mihai','Freja'])[1 + n % 10] as fn,
                           (array['Hansen','Nielsen','Berg','Larsen','Popescu','Johansen','Dahl','Ionescu'])[1 + n % 8] as ln) names
cross join lateral (select rp.* from public.route_points rp where rp.tenant_id = t.id order by rp.id offset n * 7 limit 1) rp
where not t.is_public;

-- Each customer is subscribed to the stops of their route point in the calendar. An SMS due before the anchor
-- was sent, or skipped for a customer without SMS permission; later ones wait for their time.
insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id, sms_should_send_at, sms_sent_at, sms_sent_skipped_at, reason_of_sms_skip)
select c.tenant_id, c.id, perp.id, perp.depo_id, due.at,
       case when due.at <= pg_temp.seed_now() and c.sms_permission then due.at end,
       case when due.at <= pg_temp.seed_now() and not c.sms_permission then due.at end,
       case when due.at <= pg_temp.seed_now() and not c.sms_permission then 'no_sms_permission' end
from public.customers c
join public.route_points rp on rp.tenant_id = c.tenant_id and rp.lat = c.original_lat and rp.lng = c.original_lng
join public.plan_event_route_points perp on perp.tenant_id = c.tenant_id and perp.route_point_id = rp.id
cross join lateral (select perp.google_estimate_time - interval '30 minutes' as at) due;

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

-- B2B orders over the last weeks: older ones already exported (the morning after their date), recent ones not.
insert into public.b2b_orders (tenant_id, b2b_customer_id, customer_number, date, shop_name, total_revenue, total_discount, total_quantity, exported_at)
select b.tenant_id, b.id, b.customer_number, o.date, b.customer_name, 0, 0, 0,
       case when b.id % 4 = 0 then pg_temp.seed_at(b.tenant_id, o.date + 1, time '06:00') end
from public.b2b_customers b
join seed_clock c on c.tenant_id = b.tenant_id
cross join lateral (select c.today - case when b.id % 4 = 0 then 3 + (b.id % 40)::int else (b.id % 20)::int end as date) o
where b.id % 2 = 0
order by b.id;
insert into public.b2b_order_line_items (tenant_id, b2b_order_id, category_name, product_name, quantity, total_line_amount, discount)
select o.tenant_id, o.id, (array['Ice cream','Frozen','Drinks'])[1 + k % 3], (array['Vanilla 1L','Choco cones 6-pack','Strawberry sticks','Cola 0.5L'])[1 + (o.id + k) % 4],
       1 + (o.id + k) % 6, (1 + (o.id + k) % 6) * 35, case when k = 1 then 10 else 0 end
from public.b2b_orders o cross join generate_series(1, 3) k;
update public.b2b_orders o set total_revenue = s.revenue, total_discount = s.discount, total_quantity = s.quantity
from (select b2b_order_id, sum(total_line_amount) revenue, sum(discount) discount, sum(quantity) quantity from public.b2b_order_line_items group by b2b_order_id) s
where s.b2b_order_id = o.id;

-- Web-shop orders of both kinds: 24 per tenant on driven stops, in every final status, and 16 on stops still
-- to come, new or cancelled (B2B orders cannot be picked up).
insert into public.webshop_orders (tenant_id, depo_id, kind, status, eshop_id, delivery_date, delivery_time, total, route_id, plan_event_route_point_id,
                                   customer_address, customer_phone, customer_name, payment_type, call_me, fast_delivery, origin, lat, lng,
                                   external_id, customer_number, comment_for_order, delivery_surcharge, cash_customer,
                                   additional_driving_time, additional_driving_distance)
select perp.tenant_id, perp.depo_id, o.kind, o.status,
       'WEB-' || (10000 + n), perp.arrival_date, time '10:00' + make_interval(mins => n * 7), 100 + n * 12.5, pe.route_id, perp.id,
       perp.address, '+4520' || lpad(n::text, 6, '0'), 'Web Customer ' || n, (array['card','mobilepay'])[1 + n % 2], n % 5 = 0, n % 7 = 0, 'web',
       perp.lat, perp.lng,
       case when o.kind = 'b2b' then 'EXT-' || n end, case when o.kind = 'b2b' then 'B' || (500 + n) end, null,
       case when o.kind = 'b2b' then 49 end, case when o.kind = 'b2b' then n % 8 = 0 end,
       (n % 9) * 3, (n % 13) * 1.5 -- a detour over 10 km on some (flagged on the list)
from generate_series(1, 40) n
cross join seed_clock c
cross join lateral (select case when n % 2 = 0 then 'b2b' else 'eshop' end::public.webshop_order_kind as kind) k
cross join lateral (select k.kind,
                           case when n > 24 then (case when n % 5 = 0 then 'cancelled' else 'new' end)
                                -- Pickup only where the web shop offers it (the ice-cream layout), never on B2B orders.
                                when (n / 2) % 6 = 3 and (k.kind = 'b2b' or not (select t.uses_ice_cream_eod_layout from public.tenants t where t.id = c.tenant_id)) then 'completed'
                                else (array['completed','failed','cancelled','pickup','completed','completed'])[1 + (n / 2) % 6] end::public.order_status as status) o
cross join lateral (select perp.* from public.plan_event_route_points perp
                    where perp.tenant_id = c.tenant_id
                      and case when n > 24 then perp.arrival_date > c.today else perp.arrival_date < c.today end
                    order by perp.id offset (case when n > 24 then n - 24 else n end) * 211 limit 1) perp
join public.plan_events pe on pe.tenant_id = perp.tenant_id and pe.id = perp.plan_event_id
order by c.tenant_id, n;
insert into public.webshop_order_line_items (tenant_id, webshop_order_id, depo_id, product_sku, product_description, quantity, price)
select o.tenant_id, o.id, o.depo_id, 'IS-' || (100 + k), (array['Vanilje 1L','Kakao kegler','Jordbær is'])[k], k, 25 * k
from public.webshop_orders o cross join generate_series(1, 3) k;
-- Some orders carry a product the inventory no longer lists (highlighted on the order).
insert into public.webshop_order_line_items (tenant_id, webshop_order_id, depo_id, product_sku, product_description, quantity, price)
select o.tenant_id, o.id, o.depo_id, 'OLD-' || (o.id % 3), 'Udgået produkt', 1, 20
from public.webshop_orders o where o.id % 5 = 0;
-- Each order's first version is written by the database as the order is inserted (webshop_order_versions_by_trigger,
-- no writer: the web shop); a second one here would put a stop-less 'new' after the real status in the changelog.

-- End-of-day reports for the trips driven: today's wait for the office, last week's are in every status
-- (edited ones with corrected cash), older ones approved; one in ten is not mapped to its trip.
insert into public.end_of_day_reports (tenant_id, depo_id, status, plan_event_id, car_id, user_id, cash_register_id, start_at, end_at, bag_number,
                                       total, discount_total, final_total, cash, edited_cash, start_cash, end_cash, card, local_card_amount, other_card_amount,
                                       mobile_pay, end_vipps, end_voucher, end_gift_card, total_miscellaneous, processed_by, processed_by_at)
select tr.tenant_id, tr.depo_id, st.status,
       case when tr.plan_event_id % 10 = 0 then null else tr.plan_event_id end, tr.car_id, tr.user_id,
       (select cr.id from public.cash_registers cr where cr.depo_id = tr.depo_id order by cr.id limit 1),
       tr.s, fin.end_at, 'BAG-' || tr.plan_event_id,
       amounts.cash + amounts.card, 25, amounts.cash + amounts.card, amounts.cash,
       case when st.status in ('pending_edited', 'approved_edited') then amounts.cash + 50 end,
       500, 500 + amounts.cash, amounts.card,
       amounts.card - 300, 300, case when t.uses_ice_cream_eod_layout then 150 else 0 end, 0, 0, 0, 0,
       case when st.status in ('approved', 'approved_edited') then admin.user_id end,
       case when st.status in ('approved', 'approved_edited') then least(pg_temp.seed_now(), fin.end_at + interval '14 hours') end
from seed_trips tr
join seed_clock c on c.tenant_id = tr.tenant_id
join public.tenants t on t.id = tr.tenant_id
cross join lateral (select least(tr.e + interval '30 minutes', pg_temp.seed_now()) as end_at) fin
cross join lateral (select case when tr.day = c.today then 'pending'
                                when tr.day < c.today - 7 then (case when tr.plan_event_id % 5 = 0 then 'approved_edited' else 'approved' end)
                                else (array['pending','pending_edited','approved','approved_edited'])[1 + tr.plan_event_id % 4] end::public.eod_status as status) st
cross join lateral (select 1000 + pg_temp.rint(tr.plan_event_id || 'cash', 0, 4000) as cash, 1500 + pg_temp.rint(tr.plan_event_id || 'card', 0, 3000) as card) amounts
cross join lateral (select m.user_id from public.tenant_memberships m where m.tenant_id = tr.tenant_id and m.role = 'admin' order by m.user_id limit 1) admin
where tr.state = 'done'
order by tr.plan_event_id;
insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id, total_revenue, total_quantity, total_discount)
select e.tenant_id, e.id, e.depo_id, e.start_at + make_interval(mins => k * 20), 'WM-' || e.id || '-' || k, 45 * k, k, 0
from public.end_of_day_reports e cross join generate_series(1, 4) k;
insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, category_name, product_name, wallmob_sku, quantity, total_line_amount, discount)
select o.tenant_id, o.id, o.depo_id, 'Ice cream', (array['Vanilje 1L','Kakao kegler','Jordbær is'])[1 + o.id % 3], 'IS-' || (101 + o.id % 3), o.total_quantity, o.total_revenue, 0
from public.eod_orders o;

-- Feedback from customers after visits, up to six per depo: pending and handled, happy and not.
insert into public.feedbacks (tenant_id, depo_id, plan_event_route_point_id, customer_id, positive, comment, customer_phone_number, manager_comment, status, handled_by, handled_by_at, created_at)
select sr.tenant_id, sr.depo_id, sr.plan_event_route_point_id, c.id, sr.n % 3 <> 0,
       (array['Super service, tak!','The truck came too early','Lovely driver','Missed the truck today','Great ice cream'])[1 + sr.n % 5], c.phone,
       case when sr.n % 2 = 0 then 'Thank you, noted.' end,
       case when sr.n % 2 = 0 then 'approved'::public.feedback_status else 'pending' end,
       case when sr.n % 2 = 0 then (select m.user_id from public.tenant_memberships m where m.tenant_id = sr.tenant_id and m.role = 'admin' order by m.user_id limit 1) end,
       case when sr.n % 2 = 0 then least(pg_temp.seed_now(), sr.given_at + interval '1 day') end,
       sr.given_at
from (select sr.*, least(pg_temp.seed_now(), p.visited_at + make_interval(hours => 1 + (sr.id % 5)::int)) as given_at,
             row_number() over (partition by sr.depo_id order by p.visited_at desc, sr.id) n
      from public.sms_receivers sr
      join public.plan_event_route_points p on p.id = sr.plan_event_route_point_id
      where p.visited_at is not null) sr
join public.customers c on c.id = sr.customer_id
where sr.n <= 6
order by sr.tenant_id, sr.depo_id, sr.n;

insert into public.sms_templates (tenant_id, name, text)
select t.id, x.name, x.text from public.tenants t
-- Staff send these to the tenant's customers: in the customers' language.
join (values
  ('da', 'Forsinket', 'Isbilen er ca. 30 minutter forsinket i dag. Undskyld!'),
  ('da', 'Aflyst', 'Isbilen kan ikke komme i dag. Vi ses næste gang!'),
  ('nb', 'Forsinket', 'Isbilen er ca. 30 minutter forsinket i dag. Beklager!'),
  ('nb', 'Avlyst', 'Isbilen kan ikke komme i dag. Vi ses neste gang!'),
  ('ro', 'Întârziere', 'Mașina de înghețată întârzie azi cu aproximativ 30 de minute. Ne pare rău!'),
  ('ro', 'Anulat', 'Mașina de înghețată nu poate veni azi. Ne vedem data viitoare!')
) x(locale, name, text) on x.locale = t.locale
where not t.is_public;

insert into public.sms_campaigns (tenant_id, name, text, start_date, end_date)
select t.id, 'Summer offer', coalesce(x.text, 'Two ice creams for the price of one this week!'), c.today, c.today + 14
from public.tenants t join seed_clock c on c.tenant_id = t.id
left join (values ('da', 'To is for prisen på én i denne uge!'), ('nb', 'To is for prisen av én denne uken!'),
                  ('ro', 'Două înghețate la prețul uneia săptămâna aceasta!')) x(locale, text) on x.locale = t.locale;

insert into public.wallmob_products (tenant_id, number) select t.id, (5000 + n)::text from public.tenants t cross join generate_series(1, 6) n where t.has_wallmob;
insert into public.wallmob_customers (tenant_id, number) select t.id, (9000 + n)::text from public.tenants t cross join generate_series(1, 6) n where t.has_wallmob;

insert into public.user_http_requests (tenant_id, performed_at, user_id, url, referer, format, controller, action, params, status, method)
select m.tenant_id, pg_temp.seed_now() - make_interval(mins => n * 13), m.user_id, '/rest/v1/cars?id=eq.' || n, '/' || t.slug || '/admin/depo/1/cars', 'json',
       'cars', 'update', jsonb_build_object('status', 'active'), 200, 'PATCH'
from public.tenant_memberships m join public.tenants t on t.id = m.tenant_id
cross join generate_series(1, 3) n
where m.role = 'admin' and m.user_id = md5('demo-user:admin@' || t.slug || '.test')::uuid;
