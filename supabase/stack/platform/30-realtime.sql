-- Realtime's part of the platform: what supabase/realtime's tenant migrations leave in a project
-- database (realtime.messages, realtime.topic(), realtime.send(), realtime.broadcast_changes()),
-- plus the hooks the local Realtime stand-in uses to hear about new rows (pg_notify at commit).
-- Runs once, as superuser, on a fresh database.

do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin with noinherit nologin noreplication;
  end if;
end
$$;

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role, supabase_realtime_admin;

-- On hosted projects postgres is a member of the role that owns realtime.messages, which is what
-- lets project migrations create the RLS policies that authorise private channels.
grant supabase_realtime_admin to postgres;

-- ---------------------------------------------------------------------------------------------
-- realtime.messages: one row per broadcast sent from the database, and the table whose RLS
-- policies decide who may read (join) and write (send, track) on a private channel.
-- Hosted Realtime partitions it by day and drops partitions after 3 days; the stand-in keeps one
-- table with the same primary key and deletes old rows itself.
-- ---------------------------------------------------------------------------------------------
create table realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default timezone('utc', now()),
  inserted_at timestamp without time zone not null default timezone('utc', now()),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  primary key (id, inserted_at)
);

create index messages_inserted_at_topic_index
  on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

-- The channel topic being authorised or sent to; policies compare against it.
create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
alter function realtime.topic() owner to supabase_realtime_admin;

-- Sends a broadcast from SQL. Runs as the caller (as on hosted projects), so the insert is subject
-- to RLS unless the caller bypasses it, e.g. a security definer trigger function owned by postgres.
-- Errors never abort the caller's transaction: they become warnings.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();

    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;

    execute format('SET LOCAL realtime.topic TO %L', topic);

    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;

-- Same as send() for a raw binary payload (delivered to vsn 2.0.0 clients as an ArrayBuffer).
create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
begin
  begin
    generated_id := gen_random_uuid();

    execute format('SET LOCAL realtime.topic TO %L', topic);

    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (generated_id, payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;
alter function realtime.send_binary(bytea, text, text, boolean) owner to supabase_realtime_admin;

-- For AFTER ... FOR EACH ROW triggers: broadcasts the row change to a (private) topic.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
)
returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;

  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object(
      'old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema
    );
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  owner to supabase_realtime_admin;

-- ---------------------------------------------------------------------------------------------
-- Delivery to the stand-in (hosted Realtime reads these rows from logical replication).
-- NOTIFY is delivered only when the inserting transaction commits, in commit order, and never
-- for rolled-back rows such as the authorisation probes. Small rows travel inside the
-- notification; rows near the 8000-byte NOTIFY limit, and binary ones, are read back by id.
-- ---------------------------------------------------------------------------------------------
create or replace function realtime.notify_broadcast_message()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  message text;
begin
  if new.binary_payload is null then
    message := json_build_object(
      'id', new.id, 'topic', new.topic, 'event', new.event, 'private', coalesce(new.private, false),
      'payload', new.payload
    )::text;
  end if;

  if message is null or octet_length(message) > 7900 then
    message := json_build_object('id', new.id, 'inserted_at', new.inserted_at)::text;
  end if;

  perform pg_notify('realtime_messages', message);
  return null;
end;
$$;
alter function realtime.notify_broadcast_message() owner to supabase_realtime_admin;
revoke all on function realtime.notify_broadcast_message() from public;

create trigger messages_notify_realtime
  after insert on realtime.messages
  for each row
  when (new.event is not null and new.topic is not null
        and (new.payload is not null or new.binary_payload is not null))
  execute function realtime.notify_broadcast_message();

-- ---------------------------------------------------------------------------------------------
-- Postgres Changes. Hosted Realtime reads changes to the tables in publication supabase_realtime
-- from the WAL. The stand-in captures them with a row trigger on each published table, kept in
-- step with the publication by an event trigger, and hears them through NOTIFY at commit (in
-- commit order). Rows too big for NOTIFY wait in change_overflow until the stand-in reads them.
-- ---------------------------------------------------------------------------------------------
-- Project migrations (run as postgres) add their tables to the publication, as on hosted projects
-- where postgres owns it.
alter publication supabase_realtime owner to postgres;

create table realtime.change_overflow (
  id bigint generated always as identity primary key,
  change jsonb not null,
  created_at timestamptz not null default now()
);
alter table realtime.change_overflow owner to supabase_realtime_admin;
revoke all on realtime.change_overflow from public;

-- Runs inside every write to a published table, as the writer: security definer so any role can
-- park an oversized change, and nothing else.
create or replace function realtime.capture_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change jsonb;
  message text;
  overflow_id bigint;
begin
  change := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end
  );
  message := change::text;
  if octet_length(message) > 7900 then
    insert into realtime.change_overflow (change) values (change) returning id into overflow_id;
    message := json_build_object('overflow', overflow_id)::text;
  end if;
  perform pg_notify('realtime_changes', message);
  return null;
end;
$$;
alter function realtime.capture_change() owner to supabase_realtime_admin;
revoke all on function realtime.capture_change() from public;

-- Puts the capture trigger on every table of publication supabase_realtime and takes it off
-- tables that left it. Owned by the superuser that runs this bootstrap, so it can manage
-- triggers on tables whoever owns them.
create or replace function realtime.sync_change_capture()
returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
begin
  for target in
    select c.oid::regclass as rel
      from pg_catalog.pg_publication_tables pt
      join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
      join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
     where pt.pubname = 'supabase_realtime'
       and pt.schemaname not in ('realtime', 'pg_catalog', 'information_schema')
       and c.relkind = 'r'
       and not exists (
         select 1 from pg_catalog.pg_trigger t
          where t.tgrelid = c.oid and t.tgname = 'realtime_capture_changes'
       )
  loop
    execute format(
      'create trigger realtime_capture_changes after insert or update or delete on %s '
      'for each row execute function realtime.capture_change()',
      target.rel
    );
  end loop;

  for target in
    select t.tgrelid::regclass as rel
      from pg_catalog.pg_trigger t
     where t.tgname = 'realtime_capture_changes'
       and not exists (
         select 1
           from pg_catalog.pg_publication_tables pt
           join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
           join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
          where pt.pubname = 'supabase_realtime' and c.oid = t.tgrelid
       )
  loop
    execute format('drop trigger realtime_capture_changes on %s', target.rel);
  end loop;
end;
$$;
revoke all on function realtime.sync_change_capture() from public;

create event trigger realtime_sync_change_capture
  on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO')
  execute function realtime.sync_change_capture();
