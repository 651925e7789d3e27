-- Keys and attribution clients cannot forge (issue 7 §4), applied by the table generators so every secured table,
-- present and future, gets them:
--   * tenant_id and depo_id are fixed once a row exists (an admin of two tenants moved a stop type between them);
--   * "done by" columns (created_by, approved_by, handled_by, ...) come from auth.uid() when a client writes;
--   * stock transfers and their lines are final for clients (a correction is a new transfer);
--   * a started plan event stays started for clients (clearing started_at made it deletable).
-- Client roles are the PostgREST roles anon and authenticated; the service role, postgres and security-definer
-- functions are trusted to set attribution (seeds, edge functions, imports).

create function app_private.is_client_role() returns boolean
language sql stable set search_path = '' as $$
  select current_user in ('anon', 'authenticated');
$$;
comment on function app_private.is_client_role() is 'Whether the statement runs as a client role (anon, authenticated), not a trusted one.';
grant execute on function app_private.is_client_role() to authenticated, anon, service_role;

-- Row trigger: the key columns named in the trigger arguments cannot change, whoever updates.
create function app_private.keep_keys_fixed() returns trigger
language plpgsql set search_path = '' as $$
declare
  key text;
begin
  foreach key in array tg_argv loop
    if to_jsonb(new) -> key is distinct from to_jsonb(old) -> key then
      raise exception '% cannot be changed after the row is created', key
        using errcode = '23514', column = key, hint = 'Create a new row in the other tenant or depo instead.';
    end if;
  end loop;
  return new;
end;
$$;
revoke execute on function app_private.keep_keys_fixed() from public;

create function app_private.fix_keys_of(tbl regclass) returns void
language plpgsql set search_path = '' as $$
declare
  keys text[] := array(select a.attname::text from pg_attribute a
                       where a.attrelid = tbl and a.attname in ('tenant_id', 'depo_id') and not a.attisdropped order by a.attnum);
begin
  if cardinality(keys) = 0 then
    return;
  end if;
  execute format('drop trigger if exists keys_are_fixed on %s', tbl);
  execute format('create trigger keys_are_fixed before update of %s on %s for each row execute function app_private.keep_keys_fixed(%s)',
                 (select string_agg(format('%I', k), ', ') from unnest(keys) k), tbl,
                 (select string_agg(format('%L', k), ', ') from unnest(keys) k));
end;
$$;
comment on function app_private.fix_keys_of(regclass) is 'Makes tenant_id (and depo_id) of a table unchangeable after insert.';
revoke execute on function app_private.fix_keys_of(regclass) from public;

-- Row trigger: arguments are 'creator:<column>' (set on insert, never changed) or 'actor:<column>' (set to the
-- writer whenever a client sets it to someone). Only client writes are stamped.
create function app_private.stamp_done_by() returns trigger
language plpgsql set search_path = '' as $$
declare
  arg text;
  kind text;
  col text;
  me uuid := auth.uid();
  new_row jsonb := to_jsonb(new);
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  stamped jsonb := '{}';
begin
  if not app_private.is_client_role() then
    return new;
  end if;
  foreach arg in array tg_argv loop
    kind := split_part(arg, ':', 1);
    col := split_part(arg, ':', 2);
    if tg_op = 'INSERT' then
      if kind = 'creator' or new_row ->> col is not null then
        stamped := stamped || jsonb_build_object(col, me);
      end if;
    elsif kind = 'creator' then
      stamped := stamped || jsonb_build_object(col, old_row -> col);
    elsif new_row -> col is distinct from old_row -> col and new_row ->> col is not null then
      stamped := stamped || jsonb_build_object(col, me);
    end if;
  end loop;
  if stamped <> '{}' then
    new := jsonb_populate_record(new, stamped);
  end if;
  return new;
end;
$$;
revoke execute on function app_private.stamp_done_by() from public;

-- Finds the table's "done by" columns (uuid columns named *_by; created_by is the creator) plus any named
-- creator columns, and stamps them from auth.uid().
create function app_private.stamp_done_by_of(tbl regclass, extra_creator_columns text[] default '{}') returns void
language plpgsql set search_path = '' as $$
declare
  args text[] := array(
    select case when a.attname = 'created_by' or a.attname = any (extra_creator_columns) then 'creator:' else 'actor:' end || a.attname
    from pg_attribute a
    where a.attrelid = tbl and a.attnum > 0 and not a.attisdropped and a.atttypid = 'uuid'::regtype
      and (a.attname like '%\_by' or a.attname = any (extra_creator_columns))
    order by a.attnum);
begin
  execute format('drop trigger if exists done_by_from_auth_uid on %s', tbl);
  if cardinality(args) = 0 then
    return;
  end if;
  execute format('create trigger done_by_from_auth_uid before insert or update on %s for each row execute function app_private.stamp_done_by(%s)',
                 tbl, (select string_agg(format('%L', x), ', ') from unnest(args) x));
end;
$$;
comment on function app_private.stamp_done_by_of(regclass, text[]) is
  'Sets the table''s *_by columns (and the named creator columns) from auth.uid() when a client writes.';
revoke execute on function app_private.stamp_done_by_of(regclass, text[]) from public;

-- The generators, as before, plus the steps above (and, for depo tables, children bound to their parent's depo).
create or replace function app_private.secure_tenant_table(tbl regclass, writers public.app_role[]) returns void
language plpgsql set search_path = '' as $$
declare
  who text := array_to_string(writers, ', ');
  member_check text := 'tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[])';
  writer_check text := format('tenant_id = any ((select app_private.tenant_ids_where_role(%L))::uuid[])', writers);
begin
  execute format('alter table %s enable row level security', tbl);
  execute format('grant select on %s to authenticated', tbl);
  execute format('grant all on %s to service_role', tbl);
  execute format('create policy "members of the tenant can read" on %s for select to authenticated using (%s)', tbl, member_check);
  if cardinality(writers) > 0 then
    execute format('grant insert, update, delete on %s to authenticated', tbl);
    execute format('create policy %I on %s for insert to authenticated with check (%s)', left(who || ' of the tenant can add', 63), tbl, writer_check);
    execute format('create policy %I on %s for update to authenticated using (%s) with check (%s)', left(who || ' of the tenant can change', 63), tbl, writer_check, writer_check);
    execute format('create policy %I on %s for delete to authenticated using (%s)', left(who || ' of the tenant can delete', 63), tbl, writer_check);
  end if;
  perform app_private.fix_keys_of(tbl);
  perform app_private.stamp_done_by_of(tbl);
end;
$$;

create or replace function app_private.secure_depo_table(tbl regclass, writers public.app_role[]) returns void
language plpgsql set search_path = '' as $$
declare
  who text := array_to_string(writers, ', ');
  reader_check text := 'tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[]) and depo_id = any ((select app_private.readable_depo_ids())::bigint[])';
  writer_check text := format(
    'tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[]) and depo_id = any ((select app_private.depo_ids_where_role(%L))::bigint[])', writers);
  index_name text := (select c.relname from pg_class c where c.oid = tbl) || '_tenant_depo_idx';
begin
  execute format('create index if not exists %I on %s (tenant_id, depo_id)', index_name, tbl);
  execute format('alter table %s enable row level security', tbl);
  execute format('grant select on %s to authenticated', tbl);
  execute format('grant all on %s to service_role', tbl);
  execute format('create policy "members of the depo can read" on %s for select to authenticated using (%s)', tbl, reader_check);
  if cardinality(writers) > 0 then
    execute format('grant insert, update, delete on %s to authenticated', tbl);
    execute format('create policy %I on %s for insert to authenticated with check (%s)', left(who || ' of the depo can add', 63), tbl, writer_check);
    execute format('create policy %I on %s for update to authenticated using (%s) with check (%s)', left(who || ' of the depo can change', 63), tbl, writer_check, writer_check);
    execute format('create policy %I on %s for delete to authenticated using (%s)', left(who || ' of the depo can delete', 63), tbl, writer_check);
  end if;
  perform app_private.bind_depo_children(tbl);
  perform app_private.fix_keys_of(tbl);
  perform app_private.stamp_done_by_of(tbl);
end;
$$;

-- The tables that exist already: every tenant-owned table of the API schema.
select app_private.fix_keys_of(c.oid::regclass), app_private.stamp_done_by_of(c.oid::regclass)
from pg_class c
where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
  and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped);
-- A change record's author.
select app_private.stamp_done_by_of('public.webshop_order_versions', '{user_id}');

-- Stock transfers are history: the balances are the sum of their lines. No client may change or delete a
-- transfer or a line (support could delete transfers, the lines went by cascade and the balances stayed).
revoke update, delete, truncate on public.stock_transfers, public.stock_transfer_line_items from authenticated, anon;
drop policy "admin, depo_admin, support of the depo can change" on public.stock_transfers;
drop policy "admin, depo_admin, support of the depo can delete" on public.stock_transfers;
drop policy "admin, depo_admin, support of the depo can change" on public.stock_transfer_line_items;
drop policy "admin, depo_admin, support of the depo can delete" on public.stock_transfer_line_items;

create function app_private.refuse_client_changing_stock_transfers() returns trigger
language plpgsql set search_path = '' as $$
begin
  if app_private.is_client_role() then
    raise exception 'A stock transfer is final: make a new transfer to correct it' using errcode = '42501';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke execute on function app_private.refuse_client_changing_stock_transfers() from public;
-- Guards the rule even if a grant comes back.
create trigger stock_transfers_are_final before update or delete on public.stock_transfers
  for each row execute function app_private.refuse_client_changing_stock_transfers();
create trigger stock_transfer_lines_are_final_for_clients before update or delete on public.stock_transfer_line_items
  for each row execute function app_private.refuse_client_changing_stock_transfers();

-- A started plan event stays started for clients: clearing started_at would make it deletable again.
create function app_private.keep_plan_event_started() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.started_at is not null and new.started_at is distinct from old.started_at and app_private.is_client_role() then
    raise exception 'The plan event has already started: its start cannot be changed or undone'
      using errcode = '23514', column = 'started_at';
  end if;
  return new;
end;
$$;
revoke execute on function app_private.keep_plan_event_started() from public;
create trigger plan_events_started_stays_started before update of started_at on public.plan_events
  for each row execute function app_private.keep_plan_event_started();
