-- PostgREST answers SQLSTATE P0002 (no_data_found) with HTTP 500: every "Not found" these functions raise for
-- another tenant's or an unknown id reached the client as a server error (found by tests/serial/hostile-input).
-- PostgREST's own code PT404 answers 404 with the same message and leaves the text alone. The functions are
-- rewritten from their current definitions, so none of them has to be copied here by hand; the surface test
-- keeps new functions from raising P0002 again.
do $$
declare
  fn record;
  definition text;
begin
  for fn in
    select p.oid
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'app_private') and p.prokind = 'f' and p.prosrc ~ 'errcode\s*=\s*''P0002'''
  loop
    definition := regexp_replace(pg_get_functiondef(fn.oid), '(errcode\s*=\s*)''P0002''', '\1''PT404''', 'g');
    execute definition;
  end loop;
end
$$;
