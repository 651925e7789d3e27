-- The request audit recorded 200 for every PATCH and DELETE on a table, but PostgREST answers 204 No Content
-- unless the request asks for the rows back (Prefer: return=representation). The status column now says what
-- the client received: 201 for an insert, 200 or 204 for an update or delete by the Prefer header, 200 for an RPC.
-- Same function as 20261122021110_request_audit.sql otherwise.

create or replace function app_private.audit_rest_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  writer uuid := auth.uid();
  request_method text := nullif(current_setting('request.method', true), '');
  request_path text := coalesce(nullif(current_setting('request.path', true), ''), '/');
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  -- PostgREST sends a body (200) for PATCH and DELETE only when asked for one; otherwise 204 No Content.
  returns_rows boolean := coalesce(headers ->> 'prefer', '') ~ 'return=representation';
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
         case when rpc_name is not null then 200
              when request_method = 'POST' then 201
              when returns_rows then 200
              else 204 end,
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
  'Statement trigger (status as PostgREST answers: 201 insert, 200 or 204 update/delete by Prefer, 200 RPC): records the statement a signed-in user''s PostgREST request ran in user_http_requests (one row per tenant).';
