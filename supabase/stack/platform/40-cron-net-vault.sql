-- Stand-ins for pg_cron, pg_net and supabase_vault, which embedded Postgres 17 does not ship.
-- The tables, function signatures and grants are those of a hosted Supabase project, so one
-- migration that calls cron.schedule(...), net.http_post(...) or vault.create_secret(...) runs
-- unchanged in both worlds. The background work the extensions do in C (running due jobs,
-- sending queued HTTP requests) is done by the stack's Node scheduler in supabase/stack/cron/.
-- Applied once, as superuser, on a fresh database.

-- ---------------------------------------------------------------------------------------------
-- pg_cron 1.6
-- ---------------------------------------------------------------------------------------------
create schema if not exists cron;

create sequence if not exists cron.jobid_seq;
create sequence if not exists cron.runid_seq;

create table if not exists cron.job (
  jobid bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  -- inet_server_port() is null over a unix socket; pg_cron records the server port either way.
  nodeport integer not null default coalesce(inet_server_port(), current_setting('port')::integer),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  constraint jobname_username_uniq unique (jobname, username)
);
alter table cron.job enable row level security;
drop policy if exists cron_job_policy on cron.job;
create policy cron_job_policy on cron.job using (username = current_user);

create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigint primary key default nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter table cron.job_run_details enable row level security;
drop policy if exists cron_job_run_details_policy on cron.job_run_details;
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);

-- One value of a schedule field (1 minute, 2 hour, 3 day of month, 4 month, 5 day of week), or null.
create or replace function cron._schedule_value(token text, field integer)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  lows constant integer[] := array[0, 0, 1, 1, 0];
  highs constant integer[] := array[59, 23, 31, 12, 7];
  months constant text[] := array['jan','feb','mar','apr','may','jun','jul','aug','sep','oct','nov','dec'];
  days constant text[] := array['sun','mon','tue','wed','thu','fri','sat'];
  n integer;
begin
  if token ~ '^[0-9]{1,3}$' then
    n := token::integer;
  elsif field = 4 then
    n := array_position(months, token);
  elsif field = 5 then
    n := array_position(days, token) - 1;
  end if;
  if n is null or n < lows[field] or n > highs[field] then
    return null;
  end if;
  return n;
end;
$$;

-- pg_cron's grammar: five cron fields, an @shorthand, or '[1-59] seconds'. Mirrors cron-schedule.ts.
create or replace function cron._schedule_is_valid(schedule text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  s constant text := lower(btrim(schedule));
  highs constant integer[] := array[59, 23, 31, 12, 7];
  fields text[];
  item text;
  m text[];
  a integer;
  b integer;
begin
  if s ~ '^[0-9]{1,3}\s*seconds?$' then
    return substring(s from '^[0-9]+')::integer between 1 and 59;
  end if;
  if s like '@%' then
    return s in ('@reboot', '@restart', '@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly');
  end if;
  fields := regexp_split_to_array(s, '\s+');
  if coalesce(array_length(fields, 1), 0) <> 5 then
    return false;
  end if;
  for i in 1..5 loop
    continue when i = 3 and fields[3] = '$';
    foreach item in array string_to_array(fields[i], ',') loop
      m := regexp_match(item, '^(\*|[a-z0-9]+)(?:-([a-z0-9]+))?(?:/([0-9]{1,3}))?$');
      if m is null or (m[1] = '*' and m[2] is not null) then
        return false;
      end if;
      if m[3] is not null and (m[3]::integer not between 1 and highs[i] or (m[1] <> '*' and m[2] is null)) then
        return false;
      end if;
      if m[1] <> '*' then
        a := cron._schedule_value(m[1], i);
        b := coalesce(cron._schedule_value(m[2], i), a);
        if a is null or (m[2] is not null and cron._schedule_value(m[2], i) is null) or a > b then
          return false;
        end if;
      end if;
    end loop;
  end loop;
  return true;
end;
$$;

-- The one writer of cron.job. SECURITY DEFINER because postgres may only read that table (as on
-- Supabase); the caller's role is passed in by the public wrappers and must be one the session may
-- act as, so nobody can schedule a job to run as a role they could not become.
create or replace function cron._write_job(
  job_name text,
  job_schedule text,
  job_command text,
  job_database text,
  job_username text,
  job_active boolean
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  id bigint;
begin
  if job_schedule is null then raise exception 'schedule can not be NULL'; end if;
  if job_command is null then raise exception 'command can not be NULL'; end if;
  if not cron._schedule_is_valid(job_schedule) then
    raise exception using errcode = '22023', message = format('invalid schedule: %s', job_schedule),
      hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  end if;
  if not pg_catalog.pg_has_role(session_user, job_username, 'MEMBER') then
    raise exception 'must be superuser to create a job for another role';
  end if;
  if job_name is null then
    insert into cron.job (schedule, command, database, username, active)
    values (job_schedule, job_command, job_database, job_username, job_active)
    returning jobid into id;
  else
    insert into cron.job (schedule, command, database, username, active, jobname)
    values (job_schedule, job_command, job_database, job_username, job_active, job_name)
    on conflict on constraint jobname_username_uniq
    do update set schedule = excluded.schedule, command = excluded.command, database = excluded.database
    returning jobid into id;
  end if;
  return id;
end;
$$;

create or replace function cron._delete_job(job_id bigint, job_name text, caller text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner text;
begin
  if not pg_catalog.pg_has_role(session_user, caller, 'MEMBER') then
    raise exception 'permission denied for table job';
  end if;
  if job_name is not null then
    delete from cron.job where jobname = job_name and username = caller returning username into owner;
    if not found then
      raise exception 'could not find valid entry for job ''%''', job_name;
    end if;
    return true;
  end if;
  select username into owner from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  if owner <> caller and not (select rolsuper from pg_catalog.pg_roles where rolname = caller) then
    raise exception 'permission denied for table job';
  end if;
  delete from cron.job where jobid = job_id;
  return true;
end;
$$;

create or replace function cron._alter_job(
  job_id bigint,
  new_schedule text,
  new_command text,
  new_database text,
  new_username text,
  new_active boolean,
  caller text
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  job cron.job;
  caller_is_superuser boolean;
begin
  if job_id is null then raise exception 'job_id can not be NULL'; end if;
  if not pg_catalog.pg_has_role(session_user, caller, 'MEMBER') then
    raise exception 'permission denied for table job';
  end if;
  select rolsuper into caller_is_superuser from pg_catalog.pg_roles where rolname = caller;
  select * into job from cron.job where jobid = job_id;
  if not found or (job.username <> caller and not caller_is_superuser) then
    raise exception 'Job % does not exist or you don''t own it', job_id;
  end if;
  if new_schedule is null and new_command is null and new_database is null and new_username is null and new_active is null then
    raise exception 'no updates specified' using hint = 'You must specify at least one job attribute to change when calling alter_job';
  end if;
  if new_username is not null and not caller_is_superuser then
    raise exception 'must be superuser to alter username';
  end if;
  if new_schedule is not null and not cron._schedule_is_valid(new_schedule) then
    raise exception using errcode = '22023', message = format('invalid schedule: %s', new_schedule),
      hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  end if;
  update cron.job set
    schedule = coalesce(new_schedule, schedule),
    command = coalesce(new_command, command),
    database = coalesce(new_database, database),
    username = coalesce(new_username, username),
    active = coalesce(new_active, active)
  where jobid = job_id;
end;
$$;

-- Public API, same signatures as pg_cron. They run as the caller, so current_user is the job's owner.
create or replace function cron.schedule(job_name text, schedule text, command text)
returns bigint
language sql
as $$ select cron._write_job(job_name, schedule, command, current_database(), current_user::text, true) $$;

create or replace function cron.schedule(schedule text, command text)
returns bigint
language sql
as $$ select cron._write_job(null, schedule, command, current_database(), current_user::text, true) $$;

create or replace function cron.schedule_in_database(
  job_name text,
  schedule text,
  command text,
  database text,
  username text default null,
  active boolean default true
)
returns bigint
language sql
as $$ select cron._write_job(job_name, schedule, command, database, coalesce(username, current_user::text), active) $$;

create or replace function cron.unschedule(job_name text)
returns boolean
language sql
as $$ select cron._delete_job(null, job_name, current_user::text) $$;

create or replace function cron.unschedule(job_id bigint)
returns boolean
language sql
as $$ select cron._delete_job(job_id, null, current_user::text) $$;

create or replace function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
)
returns void
language sql
as $$ select cron._alter_job(job_id, schedule, command, database, username, active, current_user::text) $$;

-- Grants as Supabase's grant_pg_cron_access: postgres uses the functions, reads jobs, owns run history.
-- The wrappers run as the caller, so postgres needs EXECUTE on the _helpers too; those check the caller.
revoke all on all functions in schema cron from public;
grant usage on schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;
grant all on all sequences in schema cron to postgres with grant option;
grant all privileges on all tables in schema cron to postgres with grant option;
revoke all on table cron.job from postgres;
grant select on table cron.job to postgres with grant option;

-- ---------------------------------------------------------------------------------------------
-- pg_net 0.19
-- ---------------------------------------------------------------------------------------------
create schema if not exists net;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'net' and t.typname = 'http_method') then
    create domain net.http_method as text
      check (value ilike 'get' or value ilike 'post' or value ilike 'delete');
  end if;
end;
$$;

-- Pending requests; the stack's pg_net worker takes them after commit.
create unlogged table if not exists net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds integer not null
);

create unlogged table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index if not exists _http_response_created_idx on net._http_response (created);

-- pg_net signals its worker from C; here a NOTIFY reaches the Node worker when the transaction commits.
create or replace function net.wake()
returns void
language sql
as $$ select pg_catalog.pg_notify('pg_net_wake', '') $$;

create or replace function net._wake_on_enqueue()
returns trigger
language plpgsql
as $$
begin
  perform net.wake();
  return null;
end;
$$;

drop trigger if exists wake_worker on net.http_request_queue;
create trigger wake_worker
after insert on net.http_request_queue
for each statement execute function net._wake_on_enqueue();

create or replace function net.check_worker_is_up()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_stat_activity where application_name = 'pg_net worker') then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'the local stack''s pg_net worker is not connected',
      hint = 'start the local stack (npm start)';
  end if;
end;
$$;

create or replace function net._urlencode_string(string varchar)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select coalesce(string_agg(
    case when b between 48 and 57 or b between 65 and 90 or b between 97 and 122 or b in (45, 46, 95, 126)
      then chr(b)
      else '%' || upper(lpad(to_hex(b), 2, '0'))
    end, '' order by i), '')
  from (
    select i, get_byte(bytes, i) as b
    from (select convert_to(string, 'UTF8') as bytes) as raw,
         generate_series(0, length(convert_to(string, 'UTF8')) - 1) as i
  ) as encoded
$$;

create or replace function net._encode_url_with_params_array(url text, params_array text[])
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select case
    when cardinality(params_array) = 0 then url
    else url || case when position('?' in url) > 0 then '&' else '?' end || array_to_string(params_array, '&')
  end
$$;

create or replace function net._params_array(params jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  from jsonb_each_text(coalesce(params, '{}'::jsonb))
$$;

create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, net._params_array(params)), headers, timeout_milliseconds)
  returning id into request_id;
  return request_id;
end;
$$;

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_id bigint;
  content_type text;
begin
  select header_value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb)) as h(header_name, header_value)
  where lower(header_name) = 'content-type'
  limit 1;
  -- As pg_net: a missing Content-Type is added, any other than JSON refused.
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end;
$$;

create or replace function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000,
  body jsonb default null
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('DELETE', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end;
$$;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'net' and t.typname = 'request_status') then
    create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
    create type net.http_response as (status_code integer, headers jsonb, body text);
    create type net.http_response_result as (status net.request_status, message text, response net.http_response);
  end if;
end;
$$;

create or replace function net._await_response(request_id bigint)
returns boolean
language plpgsql
volatile
strict
as $$
begin
  -- Only sees a response committed by the worker if called outside the transaction that queued it.
  while not exists (select 1 from net._http_response where id = request_id) loop
    perform pg_sleep(0.05);
  end loop;
  return true;
end;
$$;

create or replace function net._http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result
language plpgsql
as $$
declare
  rec net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;
  select * into rec from net._http_response where id = request_id;
  if rec is null or rec.error_msg is not null then
    return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end;
$$;

create or replace function net.http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result
language plpgsql
as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end;
$$;

-- Grants as Supabase's grant_pg_net_access: the API roles may queue requests (database webhooks fire as
-- any of them); postgres reads the queue and the responses.
grant usage on schema net to postgres, anon, authenticated, service_role;
revoke all on function net.http_get(text, jsonb, jsonb, integer) from public;
revoke all on function net.http_post(text, jsonb, jsonb, jsonb, integer) from public;
revoke all on function net.http_delete(text, jsonb, jsonb, integer, jsonb) from public;
grant execute on function net.http_get(text, jsonb, jsonb, integer) to postgres, anon, authenticated, service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to postgres, anon, authenticated, service_role;
grant execute on function net.http_delete(text, jsonb, jsonb, integer, jsonb) to postgres, anon, authenticated, service_role;
grant all on all tables in schema net to postgres, service_role;
grant all on all sequences in schema net to postgres, service_role;
do $$
begin
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_functions_admin') then
    grant usage on schema net to supabase_functions_admin;
    grant execute on function net.http_get(text, jsonb, jsonb, integer) to supabase_functions_admin;
    grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to supabase_functions_admin;
    grant execute on function net.http_delete(text, jsonb, jsonb, integer, jsonb) to supabase_functions_admin;
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- supabase_vault 0.3
-- LOCAL ONLY: secrets are stored in plain text. Hosted Vault encrypts `secret` with pgsodium and
-- decrypts it in the view; here `decrypted_secret` is simply `secret`. Same columns and functions,
-- so code that reads vault.decrypted_secrets works in both worlds. Never put real secrets here.
-- ---------------------------------------------------------------------------------------------
create schema if not exists vault;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
comment on table vault.secrets is 'Local stand-in for Supabase Vault: the secret column holds plain text here.';
create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;

create or replace view vault.decrypted_secrets as
select id, name, description, secret, secret as decrypted_secret, key_id, nonce, created_at, updated_at
from vault.secrets;

create or replace function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default '',
  new_key_id uuid default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  created_id uuid;
begin
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, new_description)
  returning secrets.id into created_id;
  return created_id;
end;
$$;

create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text default null,
  new_name text default null,
  new_description text default null,
  new_key_id uuid default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update vault.secrets set
    secret = coalesce(new_secret, secret),
    name = coalesce(new_name, name),
    description = coalesce(new_description, description),
    updated_at = now()
  where id = secret_id;
end;
$$;

revoke all on function vault.create_secret(text, text, text, uuid) from public;
revoke all on function vault.update_secret(uuid, text, text, text, uuid) from public;
grant usage on schema vault to postgres with grant option;
grant select, delete, truncate, references on vault.secrets, vault.decrypted_secrets to postgres with grant option;
grant execute on function vault.create_secret(text, text, text, uuid) to postgres with grant option;
grant execute on function vault.update_secret(uuid, text, text, text, uuid) to postgres with grant option;
