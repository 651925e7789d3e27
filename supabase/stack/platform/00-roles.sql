-- Platform bootstrap, part 1: the roles a Supabase project's Postgres has (supabase/postgres roles.out).
-- Runs once, as superuser supabase_admin, on a freshly initialised cluster. Project migrations never create these.
-- Local passwords are all 'postgres'; the API roles cannot log in.

create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- PostgREST logs in as authenticator and switches to the role named by the JWT.
create role authenticator login noinherit password 'postgres';
grant anon, authenticated, service_role to authenticator;
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-- The role a project owner and the CLI use: powerful, but not superuser.
create role postgres login createrole createdb replication bypassrls password 'postgres';
grant anon, authenticated, service_role to postgres;
grant pg_read_all_data, pg_signal_backend to postgres;

create role supabase_auth_admin login noinherit createrole password 'postgres';
create role supabase_storage_admin login noinherit createrole password 'postgres';
create role supabase_functions_admin login noinherit createrole password 'postgres';
create role supabase_realtime_admin nologin noinherit;
create role supabase_replication_admin login replication password 'postgres';
create role supabase_read_only_user login bypassrls password 'postgres';
grant pg_read_all_data to supabase_read_only_user;
grant supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin to postgres;
alter role supabase_admin set search_path = public, extensions;
alter role postgres set search_path = "$user", public, extensions;
alter role supabase_auth_admin set search_path = auth;
