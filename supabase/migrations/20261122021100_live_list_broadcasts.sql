-- Live lists: every row change of a table an admin screen lists is broadcast from the database to a
-- private Realtime channel, so an open list shows another user's change without a reload.
--
-- Contract for clients (subscribe with `supabase.channel(topic, { config: { private: true } })`):
--   topic    `depo:<depo id>:<table>`     for tables with a depo_id column (cars, sms_receivers)
--            `tenant:<tenant uuid>:<table>` for the others (b2b_customers, depos, user_http_requests, ...)
--   event    the operation: 'INSERT', 'UPDATE' or 'DELETE'
--   payload  { operation, table, schema, record, old_record } as realtime.broadcast_changes() builds it
--            (record is null on DELETE, old_record null on INSERT).
-- A row that moves to another depo is announced on both depo topics, so the old list drops it.
-- Who may listen is decided by app_private.can_read_realtime_topic() (RLS on realtime.messages); it is
-- narrowed here so a topic never shows more than the table's own RLS would: the audit log's topic is for
-- admins only and the memberships' topic for admins and depo admins, as their select policies say.
-- A car's latest location updates live too: car_positions' trigger updates cars, which broadcasts.

create function app_private.broadcast_row_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- One of the two is null on INSERT and DELETE.
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  row_ jsonb := coalesce(new_row, old_row);
begin
  if row_ ? 'depo_id' then
    perform realtime.broadcast_changes(format('depo:%s:%s', row_ ->> 'depo_id', tg_table_name), tg_op, tg_op,
                                       tg_table_name, tg_table_schema, new, old);
    if tg_op = 'UPDATE' and new_row ->> 'depo_id' is distinct from old_row ->> 'depo_id' then
      perform realtime.broadcast_changes(format('depo:%s:%s', old_row ->> 'depo_id', tg_table_name), tg_op, tg_op,
                                         tg_table_name, tg_table_schema, new, old);
    end if;
  else
    perform realtime.broadcast_changes(format('tenant:%s:%s', row_ ->> 'tenant_id', tg_table_name), tg_op, tg_op,
                                       tg_table_name, tg_table_schema, new, old);
  end if;
  return null;
end;
$$;
comment on function app_private.broadcast_row_change() is
  'Row trigger: broadcasts the change on depo:<depo_id>:<table> or tenant:<tenant_id>:<table> (security definer: only the database sends on these topics).';
revoke execute on function app_private.broadcast_row_change() from public;

-- Attaches the broadcast to a table; one call per listed table below, and for any later table a screen lists.
create function app_private.broadcast_changes_of(tbl regclass) returns void
language plpgsql set search_path = '' as $$
begin
  execute format('create trigger broadcast_changes after insert or update or delete on %s '
                 'for each row execute function app_private.broadcast_row_change()', tbl);
end;
$$;
revoke execute on function app_private.broadcast_changes_of(regclass) from public;

select app_private.broadcast_changes_of(t::regclass)
from unnest(array[
  'public.b2b_customers', 'public.b2b_orders', 'public.cars', 'public.customers', 'public.depos', 'public.sms_campaigns',
  'public.sms_templates', 'public.stop_types', 'public.tenant_memberships', 'public.user_http_requests',
  'public.wallmob_products', 'public.wallmob_customers', 'public.sms_receivers'
]) t;

-- Topics whose table is readable by fewer than all members carry the same restriction.
create or replace function app_private.can_read_realtime_topic(topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when topic ~ '^tenant:[0-9a-f-]{36}:user_http_requests$' then
      split_part(topic, ':', 2)::uuid = any (app_private.tenant_ids_where_role('{admin}'))
    when topic ~ '^tenant:[0-9a-f-]{36}:tenant_memberships$' then
      split_part(topic, ':', 2)::uuid = any (app_private.tenant_ids_where_role('{admin,depo_admin}'))
    when topic ~ '^tenant:[0-9a-f-]{36}:' then
      split_part(topic, ':', 2)::uuid = any (app_private.current_user_tenant_ids())
    when topic ~ '^depo:[0-9]+:' then
      split_part(topic, ':', 2)::bigint = any (app_private.readable_depo_ids())
    else false
  end;
$$;
