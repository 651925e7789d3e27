-- Platform bootstrap, part 6: pg_stat_statements, as every Supabase project has it (the library is preloaded
-- by the server settings; the extension lives in the extensions schema).
create extension if not exists pg_stat_statements with schema extensions;
