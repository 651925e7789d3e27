-- A tenant's time zone is used as `now() at time zone t.time_zone` (the B2B list's "today", and more): a
-- name Postgres does not know makes those queries fail for the whole tenant. So the database refuses it
-- when it is written, with a message an admin can act on (23514 is a 400 through PostgREST).

create function app_private.assert_known_time_zone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = new.time_zone) then
    raise exception 'Unknown time zone "%"', new.time_zone
      using errcode = '23514',
            hint = 'Use an IANA time zone name such as Europe/Copenhagen, Europe/Oslo or Europe/Bucharest.';
  end if;
  return new;
end;
$$;

create trigger tenants_time_zone_known
  before insert or update of time_zone on public.tenants
  for each row execute function app_private.assert_known_time_zone();

-- Rows written before this migration are held to the same rule.
do $$
declare
  bad text;
begin
  select string_agg(format('%s (%s)', slug, time_zone), ', ') into bad
  from public.tenants t
  where not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = t.time_zone);
  if bad is not null then
    raise exception 'Tenants with an unknown time zone: %', bad;
  end if;
end;
$$;
