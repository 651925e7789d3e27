-- Audit of every mutating request: each INSERT, UPDATE or DELETE a signed-in user makes through PostgREST
-- (a REST call on a table, or an RPC that writes) leaves a row in public.user_http_requests, the Audit screen.
--
-- How: statement-level AFTER triggers with transition tables on every tenant table staff can write, so a
-- request that writes 500 rows costs one audit row per tenant, not 500. What is recorded:
--   performed_at  now() (the request's transaction time)
--   user_id       auth.uid()
--   url           '/rest/v1' || request.path, e.g. /rest/v1/cars or /rest/v1/rpc/export_b2b_orders_csv. PostgREST
--                 does not hand the query string to the database, so filters are not part of it; the rows are.
--   referer       the Referer header (the screen the request came from)
--   format        'json'
--   tenant_id     the tenant of the written rows (one audit row per tenant the statement touched)
--   controller    the table, or for an RPC (request.path /rpc/<name>) the RPC's name
--   action        insert, update or delete (what the statement did; for an RPC, params.table says on which table)
--   params        { table, row_count, rows }: the written rows (new rows; old rows for a delete), at most 100,
--                 with secret-looking keys (password, encrypted_password, token, secret, *_key) as '[FILTERED]'
--   status        201 for a POST to a table (PostgREST answers 201), 200 otherwise (RPCs answer 200)
--   method        request.method
-- Only successful requests are recorded: a failing request rolls back, and its audit rows with it.
-- Not recorded: writes without a signed-in user (service role jobs, seeds, cron), writes that do not come
-- through PostgREST (no request.method), and writes done by triggers or cascades of the request's statement
-- (pg_trigger_depth() > 1), which are consequences of the audited statement rather than requests.
-- Not audited tables: user_http_requests itself; car_positions (GPS noise, several fixes a minute per car);
-- tenant_memberships and membership_depos (only the service role writes them: the users edge function records
-- its calls with public.audit_function_call); staff_profiles (a user's own name, not tenant data).
-- Edge functions record what they do with public.audit_function_call(), granted to the service role only.
-- The audit log is append-only: authenticated users may only read it (admins), and the service role writes
-- it only through audit_function_call.

create function app_private.redact_secrets(value jsonb) returns jsonb
language plpgsql immutable set search_path = '' as $$
begin
  return case jsonb_typeof(value)
    when 'object' then (
      select coalesce(jsonb_object_agg(e.key,
               case when e.key ~* '(password|token|secret)' or e.key ~* '_key$' then to_jsonb('[FILTERED]'::text)
                    else app_private.redact_secrets(e.value) end), '{}'::jsonb)
      from jsonb_each(value) e)
    when 'array' then (
      select coalesce(jsonb_agg(app_private.redact_secrets(a.element) order by a.n), '[]'::jsonb)
      from jsonb_array_elements(value) with ordinality a(element, n))
    else value
  end;
end;
$$;
comment on function app_private.redact_secrets(jsonb) is
  'The value with every key that looks secret (password, token, secret, *_key), at any depth, replaced by [FILTERED].';

create function app_private.audit_rest_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  writer uuid := auth.uid();
  request_method text := nullif(current_setting('request.method', true), '');
  request_path text := coalesce(nullif(current_setting('request.path', true), ''), '/');
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  rpc_name text := substring(request_path from '^/rpc/([^/]+)$');
  -- tenants is keyed by id; every other audited table by tenant_id.
  tenant_column text := coalesce(tg_argv[0], 'tenant_id');
  max_rows constant int := 100;
  written jsonb[];
begin
  if writer is null or request_method is null or pg_trigger_depth() > 1 then
    return null;
  end if;
  -- Transition tables are named per trigger; both are read into one array of rows.
  if tg_op = 'DELETE' then
    select array_agg(to_jsonb(o)) into written from old_rows o;
  else
    select array_agg(to_jsonb(n)) into written from new_rows n;
  end if;
  insert into public.user_http_requests (tenant_id, performed_at, user_id, url, referer, format, controller, action, params, status, method)
  select w.tenant_id, now(), writer, '/rest/v1' || request_path, nullif(headers ->> 'referer', ''), 'json',
         coalesce(rpc_name, tg_table_name), lower(tg_op),
         jsonb_build_object('table', tg_table_name, 'row_count', count(*),
                            'rows', app_private.redact_secrets(jsonb_agg(w.row_ order by w.n) filter (where w.n <= max_rows))),
         case when request_method = 'POST' and rpc_name is null then 201 else 200 end,
         request_method
  from (select (r.row_ ->> tenant_column)::uuid as tenant_id, r.row_,
               row_number() over (partition by r.row_ ->> tenant_column order by r.ord) as n
        from unnest(written) with ordinality r(row_, ord)) w
  where w.tenant_id is not null
  group by w.tenant_id;
  return null;
end;
$$;
comment on function app_private.audit_rest_write() is
  'Statement trigger: records the statement a signed-in user''s PostgREST request ran in user_http_requests (one row per tenant).';
revoke execute on function app_private.audit_rest_write() from public;

-- Transition tables allow one event per trigger, hence three triggers per table.
create function app_private.audit_writes_to(tbl regclass, tenant_column text default 'tenant_id') returns void
language plpgsql set search_path = '' as $$
begin
  execute format('create trigger audit_request_insert after insert on %s referencing new table as new_rows '
                 'for each statement execute function app_private.audit_rest_write(%L)', tbl, tenant_column);
  execute format('create trigger audit_request_update after update on %s referencing new table as new_rows '
                 'for each statement execute function app_private.audit_rest_write(%L)', tbl, tenant_column);
  execute format('create trigger audit_request_delete after delete on %s referencing old table as old_rows '
                 'for each statement execute function app_private.audit_rest_write(%L)', tbl, tenant_column);
end;
$$;
comment on function app_private.audit_writes_to(regclass, text) is
  'Puts the request audit on a table that staff can write; every such table must have it (tests/db/audit.test.ts checks).';
revoke execute on function app_private.audit_writes_to(regclass, text) from public;

select app_private.audit_writes_to('public.tenants', 'id');
select app_private.audit_writes_to(t::regclass)
from unnest(array[
  'public.depos', 'public.stop_types', 'public.customers', 'public.sms_campaigns', 'public.sms_templates',
  'public.b2b_customers', 'public.b2b_customer_depos', 'public.b2b_orders', 'public.b2b_order_line_items',
  'public.products', 'public.wallmob_products', 'public.wallmob_customers',
  'public.cars', 'public.cash_registers', 'public.routes', 'public.route_points', 'public.route_point_b2b_customers',
  'public.plan_event_series', 'public.plan_events', 'public.plan_event_route_points', 'public.sms_receivers',
  'public.end_of_day_reports', 'public.eod_orders', 'public.eod_order_line_items',
  'public.webshop_orders', 'public.webshop_order_line_items', 'public.webshop_order_versions', 'public.feedbacks',
  'public.minimum_required_balances', 'public.warehouses', 'public.warehouse_product_balances',
  'public.stock_orders', 'public.stock_order_line_items', 'public.stock_transfers', 'public.stock_transfer_line_items',
  'public.manual_counting_documents', 'public.manual_counting_document_line_items'
]) t;

-- Edge functions (service role) record their own calls, e.g. the users function creating a membership.
create function public.audit_function_call(
  p_tenant_id uuid, p_url text, p_controller text, p_action text, p_params jsonb, p_status integer, p_method text,
  p_referer text default null, p_user_id uuid default null
) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  audit_id bigint;
begin
  insert into public.user_http_requests (tenant_id, performed_at, user_id, url, referer, format, controller, action, params, status, method)
  values (p_tenant_id, now(), coalesce(p_user_id, auth.uid()), p_url, p_referer, 'json', p_controller, p_action,
          app_private.redact_secrets(coalesce(p_params, '{}')), p_status, upper(p_method))
  returning id into audit_id;
  return audit_id;
end;
$$;
comment on function public.audit_function_call(uuid, text, text, text, jsonb, integer, text, text, uuid) is
  'For edge functions (service role): records a call in the audit log, secrets redacted. p_user_id is the user the function acted for.';
revoke execute on function public.audit_function_call(uuid, text, text, text, jsonb, integer, text, text, uuid) from public, anon, authenticated;
grant execute on function public.audit_function_call(uuid, text, text, text, jsonb, integer, text, text, uuid) to service_role;

-- Append-only: the service role keeps read access; rows arrive only through the two functions above.
revoke insert, update, delete, truncate on public.user_http_requests from service_role;
