-- Hosted projects give the API roles more than our migrations grant (found by `npm run test:platform`).
-- Supabase's Postgres image sets default privileges in schema public for objects that postgres creates:
-- all on tables, functions and sequences to anon, authenticated and service_role (init-scripts
-- 00000000000000-initial-schema.sql). The local bootstrap keeps only the sequence defaults, and our migrations
-- grant each table and function explicitly, so on a hosted project every table was also granted in full to
-- anon (RLS still guarding the rows), and `revoke ... from public` left anon, authenticated and service_role an
-- EXECUTE of their own: anon could call subscribe_to_public_stop directly, without the captcha of the
-- public-subscribe function. This migration makes both worlds alike: no default grants for what comes next,
-- and the table-level grants and EXECUTEs the defaults added taken back. Where nothing was added (the local
-- stack) it changes nothing.

-- What comes next: as the local bootstrap (sequences keep their defaults; functions keep PUBLIC's EXECUTE,
-- which each migration revokes where a function must not be callable).
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on functions from anon, authenticated, service_role;

-- Tables and views. Only table-level grants present in the ACL are revoked; a column-level grant a migration
-- made for the same privilege is granted again (revoking a table privilege also drops its column privileges).
do $$
declare
  target record;
  cols text;
begin
  for target in
    with wanted(relname, role, privilege) as (
      -- No table is granted to anon (the public pages go through security definer functions).
      select c.relname::text, 'anon', p
      from pg_class c, unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
      union all
      -- The API never truncates, references or hangs triggers as a signed-in user.
      select c.relname::text, 'authenticated', p
      from pg_class c, unnest(array['TRUNCATE', 'REFERENCES', 'TRIGGER']) p
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
      union all
      -- Written only by security definer functions, the Auth hooks or the dispatcher, never by staff directly.
      select t, 'authenticated', p
      from unnest(array['sms_outbox', 'staff_profiles', 'tenant_memberships', 'tenants', 'user_http_requests', 'feedback_list']) t,
           unnest(array['INSERT', 'UPDATE', 'DELETE']) p
      union all
      select 'membership_depos', 'authenticated', 'UPDATE'
      union all
      select 'feedback_list', 'service_role', p
      from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
    )
    select w.*, c.oid as rel
    from wanted w
    join pg_class c on c.relnamespace = 'public'::regnamespace and c.relname = w.relname
    where exists (
      select from aclexplode(c.relacl) a
      where a.grantee = w.role::regrole and a.privilege_type = w.privilege
    )
  loop
    select string_agg(quote_ident(att.attname), ', ' order by att.attnum) into cols
    from pg_attribute att
    where att.attrelid = target.rel and att.attnum > 0 and not att.attisdropped
      and exists (select from aclexplode(att.attacl) a where a.grantee = target.role::regrole and a.privilege_type = target.privilege);
    execute format('revoke %s on public.%I from %I', target.privilege, target.relname, target.role);
    if cols is not null then
      execute format('grant %s (%s) on public.%I to %I', target.privilege, cols, target.relname, target.role);
    end if;
  end loop;
end
$$;

-- Functions: the public subscribe goes through the public-subscribe edge function (captcha) only.
revoke execute on function public.subscribe_to_public_stop(text, bigint, text, text, double precision, double precision, text, double precision, double precision, boolean, text)
  from anon, authenticated;

-- Staff RPCs answer for the signed-in caller (auth.uid()) and the Auth hooks run as supabase_auth_admin: the
-- service role, which has no caller, is not given them (as locally).
do $$
declare
  fn regprocedure;
begin
  foreach fn in array array[
    'public.approve_route(bigint)',
    'public.b2b_customer_status_sizes(uuid,bigint,text,text)',
    'public.b2b_customers_page(uuid,text,bigint,text,text,integer)',
    'public.change_webshop_order_route(bigint,bigint,bigint,boolean)',
    'public.cleanup_webshop_orders(bigint,date,date)',
    'public.convert_to_route(bigint,boolean)',
    'public.create_plan_events(bigint,bigint,bigint,uuid,date[],integer,date,uuid)',
    'public.create_route_point(bigint,text,double precision,double precision,integer)',
    'public.custom_access_token_hook(jsonb)',
    'public.delete_plan_event(bigint)',
    'public.delete_plan_event_series(bigint)',
    'public.delete_plan_events_in_range(bigint,date,date)',
    'public.delete_route(bigint)',
    'public.depo_route_list(bigint,text)',
    'public.destroy_route_points_by_address(bigint,text)',
    'public.end_of_day_report_header(bigint)',
    'public.end_of_day_report_list(bigint,text,date,date,bigint[],integer)',
    'public.eod_user_options(bigint)',
    'public.export_b2b_orders_csv(bigint[])',
    'public.mark_webshop_orders_printed(bigint[])',
    'public.move_webshop_order_to_depo(bigint,bigint)',
    'public.password_verification_attempt_hook(jsonb)',
    'public.plan_event_calendar_cars(bigint,date)',
    'public.plan_event_calendar_choices(bigint,date,bigint)',
    'public.plan_event_calendar_days(bigint,date)',
    'public.plan_event_calendar_events(bigint,date)',
    'public.plan_event_heat_map(text,bigint)',
    'public.plan_event_report(text,bigint)',
    'public.plan_event_sms_customers(text,bigint)',
    'public.plan_event_sms_templates(bigint)',
    'public.planning_dashboard(bigint)',
    'public.product_transfer_export_page(bigint,date,date,timestamp with time zone,bigint,bigint,integer)',
    'public.record_user_identity_change(uuid,text,text,text[],text,text,text)',
    'public.route_customers(bigint)',
    'public.route_unplanned_sales(bigint,date,date)',
    'public.sales_export_page(bigint,date,date,bigint[],bigint[],timestamp with time zone,bigint,bigint,integer)',
    'public.set_webshop_order_status(bigint,order_status)',
    'public.similar_routes(bigint)',
    'public.sms_send_count(bigint,bigint[])',
    'public.undo_delete_route(bigint)',
    'public.update_plan_event_assignment(bigint,bigint,uuid)',
    'public.update_plan_event_start(bigint,integer,integer)',
    'public.weekday_sms_customers(text,bigint,date)'
  ]::regprocedure[] loop
    execute format('revoke execute on function %s from service_role', fn);
  end loop;
end
$$;
