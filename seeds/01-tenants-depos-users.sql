-- Tenants, depos at real towns, and the demo logins (password: icecream-demo).

insert into public.tenants (slug, name, country_code, currency, locale, time_zone, phone_prefix, date_format,
  map_center_lat, map_center_lng, map_zoom, address_provider, brand_homepage_url,
  has_lakrids, has_b2b_products, has_erp_warehouse_id, has_write_off_export, has_consent_filter, has_marketing_sms,
  uses_ice_cream_eod_layout, can_edit_b2b_customers, hides_customer_route_number, has_wallmob, is_public)
values
  ('hjem-is', 'Hjem-IS Danmark', 'DK', 'DKK', 'da', 'Europe/Copenhagen', '+45', 'DD-MM-YYYY', 56.0, 10.5, 7, 'mapbox', 'https://www.hjem-is.dk',
   false, true, true, true, true, true, true, true, true, true, false),
  ('den-norske-isbilen', 'Den Norske Isbilen', 'NO', 'NOK', 'nb', 'Europe/Oslo', '+47', 'DD.MM.YYYY', 61.5, 9.0, 5.5, '1881', 'https://www.isbilen.no',
   true, false, false, false, false, false, false, false, false, true, false),
  ('romania', 'Frozen Romania', 'RO', 'RON', 'ro', 'Europe/Bucharest', '+40', 'DD-MM-YYYY', 45.9, 24.9, 7, 'local', null,
   true, false, false, false, false, false, false, false, false, false, false),
  ('public', 'Public', null, 'EUR', 'en', 'UTC', null, 'YYYY-MM-DD', 30.0, 10.0, 1, 'local', null,
   false, false, false, false, false, false, false, false, false, false, true);
-- The route map view's FAST MAP is for the ice-cream tenant only (a flag, like the rest).
update public.tenants set has_fast_map = true where slug = 'hjem-is';
-- The calendar's print without revenue is the ice-cream tenant's (delivery-operations §2, "in one tenant only").
update public.tenants set prints_calendar_without_revenue = true where slug = 'hjem-is';
-- In the ice-cream tenant a write-off leaves the to-warehouse empty (inventory §4, "in one tenant").
update public.tenants set write_off_without_to_warehouse = true where slug = 'hjem-is';
-- The ice-cream tenant has no sales export on its EOD list and keeps approved EOD reports.
update public.tenants set shows_eod_sales_export = false, can_delete_approved_eod = false where slug = 'hjem-is';

create temporary table seed_towns (tenant text, depo text, town text, lat double precision, lng double precision);
insert into seed_towns values
  ('hjem-is', 'Glostrup', 'Glostrup', 55.6666, 12.4036), ('hjem-is', 'Glostrup', 'Roskilde', 55.6415, 12.0803),
  ('hjem-is', 'Glostrup', 'Køge', 55.4580, 12.1821), ('hjem-is', 'Glostrup', 'Hillerød', 55.9267, 12.3109),
  ('hjem-is', 'Aarhus', 'Aarhus', 56.1629, 10.2039), ('hjem-is', 'Aarhus', 'Randers', 56.4607, 10.0364),
  ('hjem-is', 'Aarhus', 'Silkeborg', 56.1697, 9.5451), ('hjem-is', 'Aarhus', 'Horsens', 55.8607, 9.8503),
  ('hjem-is', 'Odense', 'Odense', 55.4038, 10.4024), ('hjem-is', 'Odense', 'Svendborg', 55.0598, 10.6068),
  ('hjem-is', 'Odense', 'Middelfart', 55.5059, 9.7305), ('hjem-is', 'Odense', 'Nyborg', 55.3127, 10.7896),
  ('den-norske-isbilen', 'Oslo', 'Oslo', 59.9139, 10.7522), ('den-norske-isbilen', 'Oslo', 'Drammen', 59.7440, 10.2045),
  ('den-norske-isbilen', 'Oslo', 'Lillestrøm', 59.9560, 11.0504), ('den-norske-isbilen', 'Oslo', 'Ski', 59.7195, 10.8358),
  ('den-norske-isbilen', 'Bergen', 'Bergen', 60.3913, 5.3221), ('den-norske-isbilen', 'Bergen', 'Os', 60.1869, 5.4681),
  ('den-norske-isbilen', 'Bergen', 'Knarvik', 60.5467, 5.2879), ('den-norske-isbilen', 'Trondheim', 'Trondheim', 63.4305, 10.3951),
  ('den-norske-isbilen', 'Trondheim', 'Stjørdal', 63.4700, 10.9245), ('den-norske-isbilen', 'Trondheim', 'Melhus', 63.2850, 10.2780),
  ('romania', 'București', 'București', 44.4268, 26.1025), ('romania', 'București', 'Ploiești', 44.9367, 26.0129),
  ('romania', 'București', 'Otopeni', 44.5500, 26.0700), ('romania', 'București', 'Buftea', 44.5700, 25.9480),
  ('romania', 'Cluj-Napoca', 'Cluj-Napoca', 46.7712, 23.6236), ('romania', 'Cluj-Napoca', 'Turda', 46.5667, 23.7833),
  ('romania', 'Cluj-Napoca', 'Florești', 46.7470, 23.4900), ('romania', 'Cluj-Napoca', 'Gherla', 47.0300, 23.9100);

insert into public.depos (tenant_id, title, description, address, address_lat, address_lng, dashboard, sms_text, sms_subscribe_text, sms_unsubscribe_text)
select t.id, d.depo, 'Depot ' || d.depo, d.town || ' centrum', d.lat, d.lng, true, x.arrival, x.subscribed, x.unsubscribed
from (select distinct on (tenant, depo) * from seed_towns where town = depo order by tenant, depo) d
join public.tenants t on t.slug = d.tenant
-- The depo's SMS in its customers' language; {minutes} is the depo's lead time (sms_lead_minutes), so the SMS says
-- when it was sent.
join (values
  ('da', 'Isbilen er på vej og er ved dit stop om ca. {minutes} minutter.', 'Du er tilmeldt SMS fra isbilen.', 'Du er afmeldt SMS fra isbilen.'),
  ('nb', 'Isbilen er på vei og er ved stoppet ditt om ca. {minutes} minutter.', 'Du er påmeldt SMS fra isbilen.', 'Du er meldt av SMS fra isbilen.'),
  ('ro', 'Mașina de înghețată este pe drum și ajunge la oprirea ta în aproximativ {minutes} minute.', 'Te-ai abonat la SMS de la mașina de înghețată.', 'Te-ai dezabonat.'),
  ('en', 'The ice cream truck is on its way and reaches your stop in about {minutes} minutes.', 'You are subscribed to SMS from the truck.', 'You are unsubscribed.')
) x(locale, arrival, subscribed, unsubscribed) on x.locale = t.locale
order by t.slug, d.depo;

-- One bcrypt hash for every demo login keeps loading fast; the Auth stand-in and GoTrue both read it.
create temporary table seed_users (email text primary key, tenant text, role public.app_role, depo text, first_name text, last_name text, status public.active_status default 'active');
insert into seed_users (email, tenant, role, depo, first_name, last_name)
select r.prefix || '@' || t.slug || '.test', t.slug, r.role, case when r.role = 'admin' then null else first_depo.title end, r.first_name, initcap(split_part(t.slug, '-', 1))
from public.tenants t
cross join (values ('admin', 'admin'::public.app_role, 'Anna'), ('depo-admin', 'depo_admin', 'Dorte'), ('support', 'support', 'Sofie'), ('driver', 'driver', 'Daniel')) r(prefix, role, first_name)
cross join lateral (select d.title from public.depos d where d.tenant_id = t.id order by d.id limit 1) first_depo
where not t.is_public;
-- Eleven more drivers per tenant, so every car has its own driver on the calendar.
insert into seed_users (email, tenant, role, depo, first_name, last_name)
select format('driver-%s@%s.test', lpad(n::text, 2, '0'), t.slug), t.slug, 'driver', null,
       (array['Mads','Ole','Lars','Jonas','Nils','Erik','Ida','Mette','Line','Kari','Ioana'])[n - 1], 'Driver ' || n
from public.tenants t cross join generate_series(2, 12) n
where not t.is_public;
insert into seed_users (email, tenant, role, depo, first_name, last_name, status)
values ('inactive@hjem-is.test', 'hjem-is', 'support', null, 'Ivan', 'Inactive', 'inactive');
update seed_users u set depo = (select d.title from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = u.tenant order by d.id limit 1)
where u.depo is null and u.role <> 'admin';

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', md5('demo-user:' || email)::uuid, 'authenticated', 'authenticated', email, pw.hash, now(),
       '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', first_name, 'last_name', last_name), now(), now()
from (select distinct on (email) * from seed_users) u
cross join (select extensions.crypt('icecream-demo', extensions.gen_salt('bf', 6)) as hash) pw;
-- A user working for two tenants.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', md5('demo-user:two-tenants@demo.test')::uuid, 'authenticated', 'authenticated', 'two-tenants@demo.test',
       extensions.crypt('icecream-demo', extensions.gen_salt('bf', 6)), now(), '{"provider":"email","providers":["email"]}', '{"first_name":"Tove"}', now(), now();

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', now(), now()
from auth.users u where u.email like '%.test';

insert into public.staff_profiles (user_id, email, first_name, last_name)
select u.id, u.email, coalesce(u.raw_user_meta_data ->> 'first_name', ''), coalesce(u.raw_user_meta_data ->> 'last_name', '')
from auth.users u where u.email like '%.test';

insert into public.tenant_memberships (tenant_id, user_id, role, status, franchise_driver, axapta_code)
select t.id, md5('demo-user:' || s.email)::uuid, s.role, s.status, false, 'AX-' || upper(substr(md5(s.email), 1, 5))
from seed_users s join public.tenants t on t.slug = s.tenant;
insert into public.membership_depos (tenant_id, user_id, depo_id)
select t.id, md5('demo-user:' || s.email)::uuid, d.id
from seed_users s join public.tenants t on t.slug = s.tenant join public.depos d on d.tenant_id = t.id and d.title = s.depo
where s.role in ('support', 'driver') and s.email not like 'driver-%';
-- The depo admin runs every depo of the tenant but the last one.
insert into public.membership_depos (tenant_id, user_id, depo_id)
select t.id, md5('demo-user:' || s.email)::uuid, d.id
from seed_users s join public.tenants t on t.slug = s.tenant join public.depos d on d.tenant_id = t.id
where s.role = 'depo_admin' and d.id <> (select max(d2.id) from public.depos d2 where d2.tenant_id = t.id);
-- Extra drivers are spread over the depos (driver-02 in the second depo, and so on).
insert into public.membership_depos (tenant_id, user_id, depo_id)
select t.id, md5('demo-user:' || s.email)::uuid,
       (select d.id from public.depos d where d.tenant_id = t.id order by d.id
        offset (substring(s.email from 'driver-(\d+)')::int - 1) % (select count(*) from public.depos d3 where d3.tenant_id = t.id) limit 1)
from seed_users s join public.tenants t on t.slug = s.tenant
where s.email like 'driver-%';

insert into public.tenant_memberships (tenant_id, user_id, role)
select t.id, md5('demo-user:two-tenants@demo.test')::uuid, 'admin' from public.tenants t where t.slug in ('hjem-is', 'den-norske-isbilen');

-- Kept for the other seed files. Temporary tables here live as long as the session, not the transaction:
-- the stack loads every file in one transaction, `supabase db push --include-seed` each file in its own.
create temporary table seed_town_list as select * from seed_towns;
