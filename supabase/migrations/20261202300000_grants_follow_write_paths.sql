-- Grants follow the app's write paths (issue 24, the grants class, items 8 and 11).
-- The table generators (secure_tenant_table, secure_depo_table) grant insert, update and delete to every writer
-- role, so a table the app only writes through its SQL functions was still writable over REST: support deleted
-- web-shop orders with their history, a driver added GPS fixes for any car of the depo. What signed-in clients
-- keep is what src/ writes directly (`supabase.from(<table>).insert/update/upsert/delete`, read on 2026-12-02):
--   b2b_customers            insert, update, delete (column grants)  customers          insert, update
--   cars, depos, products    insert, update                          end_of_day_reports update, delete
--   routes, stop_types       insert, update                          feedbacks          update
--   sms_campaigns            insert, update                          sms_templates      insert, update
--   minimum_required_balances insert, update (upsert)                warehouse_product_balances update
--   warehouses               insert, update, delete                  wallmob_customers, wallmob_products insert, delete
--   webshop_orders           update (the comment; the guard refuses any other column)
--   b2b_orders               update (exported_at), by export_b2b_orders_csv, which runs as the caller
-- Everything else is written by security definer functions, triggers or the service role (the GPS sync), which
-- need no client grant. Still granted though the app does not write them, because tests pin behaviour on them
-- (left for a reviewed decision): plan_events (insert, update, delete) and eod_orders, eod_order_line_items.
-- tests/serial/grants-catalogue.test.ts compares every grant to tests/serial/grants-expected.json, so a grant a
-- generator or a migration adds shows as a diff.

-- Written only through the functions that own them (routes and stops, plans, B2B orders, SMS receivers and
-- subscriptions, web-shop orders and their lines, tills) or by the GPS sync.
revoke insert, update, delete on public.b2b_customer_depos from authenticated;
revoke insert, update, delete on public.b2b_orders from authenticated;
revoke insert, update, delete on public.b2b_order_line_items from authenticated;
revoke insert, update, delete on public.car_positions from authenticated;
revoke insert, update, delete on public.cash_registers from authenticated;
revoke insert, update, delete on public.plan_event_route_points from authenticated;
revoke insert, update, delete on public.plan_event_series from authenticated;
revoke insert, update, delete on public.route_points from authenticated;
revoke insert, update, delete on public.route_point_b2b_customers from authenticated;
revoke insert, update, delete on public.sms_receivers from authenticated;
revoke insert, update, delete on public.stop_subscriptions from authenticated;
revoke insert, update, delete on public.webshop_order_line_items from authenticated;

-- The export (export_b2b_orders_csv, security invoker: the B2B orders' update policy decides who may export)
-- marks what it exported; that column is the one client write of B2B orders.
grant update (exported_at) on public.b2b_orders to authenticated;

-- Item 11: web-shop orders come from the shop and change through the order functions; staff edit the comment.
revoke insert, delete on public.webshop_orders from authenticated;

-- Rows the app adds or changes but never deletes (a delete is a function's: delete_route, the nightly customer
-- deletion) or adds elsewhere (reports from the POS ingestion, feedback from the tracking page, balances by the
-- stock moves).
revoke delete on public.cars, public.depos, public.products, public.routes, public.stop_types, public.sms_campaigns,
  public.sms_templates, public.customers, public.minimum_required_balances, public.feedbacks,
  public.warehouse_product_balances
  from authenticated;
revoke insert on public.end_of_day_reports, public.feedbacks, public.warehouse_product_balances from authenticated;
revoke update on public.wallmob_customers, public.wallmob_products from authenticated;

-- Item 8: the policy that let a driver add fixes for any car of the depo goes with its grant.
drop policy "drivers of the depo can add positions" on public.car_positions;
