-- Platform bootstrap, part 5: what `postgres` may do to the API roles on Supabase.
-- There, supautils lets the privileged role `postgres` change the settings of anon, authenticated,
-- service_role and authenticator (ALTER ROLE ... SET), e.g. the documented
-- `alter role authenticator set statement_timeout = '15s'`, which migrations use. Postgres 16+ allows a
-- CREATEROLE role to alter only roles it holds ADMIN OPTION on, so postgres gets that option on them;
-- on authenticator without membership (it can neither inherit its rights nor SET ROLE to it), as on Supabase.
grant anon, authenticated, service_role to postgres with admin option;
grant authenticator to postgres with admin true, inherit false, set false;

-- Supabase grants pg_monitor to postgres (statistics views such as pg_stat_statements of every role).
grant pg_monitor to postgres;
