-- Platform bootstrap, part 2: schemas, extensions, privileges and the Realtime publication,
-- as Supabase's Postgres image provides them.

grant create, connect, temporary on database postgres to postgres;

create schema if not exists extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
-- On hosted projects supautils lets postgres create these untrusted extensions from a migration; here they
-- are made in advance, so the migrations' `create extension if not exists` finds them.
create extension if not exists cube with schema extensions;
create extension if not exists earthdistance with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres with grant option;

create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;
grant all on schema auth to postgres;

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
grant all on schema realtime to postgres, supabase_realtime_admin;

create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;

create schema if not exists graphql_public;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;

-- public belongs to postgres, as on a hosted project, so migrations run as postgres can do everything there.
alter schema public owner to postgres;
grant usage on schema public to anon, authenticated, service_role;
grant all on schema public to postgres;

-- Current Supabase projects no longer auto-expose new tables (auto_expose_new_tables = false): no default
-- table grants to the API roles. Migrations grant each table explicitly. Functions keep Postgres' default
-- EXECUTE-to-PUBLIC; migrations revoke it where a function must not be callable.
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to anon, authenticated, service_role;

create publication supabase_realtime;

-- PostgREST reloads its schema cache when DDL runs, as Supabase's pgrst_ddl_watch/pgrst_drop_watch do.
create or replace function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $$
begin
  notify pgrst, 'reload schema';
end;
$$;
create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_ddl_watch();
