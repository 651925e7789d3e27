-- Deterministic "randomness" for the demo data: the same seed text always gives the same number,
-- so every machine gets the same demo (only dates follow the anchor below).
create function pg_temp.rnd(seed text) returns double precision language sql immutable as $$
  select ('x' || substr(md5(seed), 1, 8))::bit(32)::int::double precision / 4294967296.0 + 0.5
$$;
-- An integer from lo to hi inclusive.
create function pg_temp.rint(seed text, lo int, hi int) returns int language sql immutable as $$
  select lo + floor(pg_temp.rnd(seed) * (hi - lo + 1))::int
$$;

-- The moment the demo world is built around: past trips before it, trips under way at it, plans after it.
-- A loader may set it (`set seed.anchor = '2026-11-23T09:00:00Z'`; the local stack takes SEED_ANCHOR);
-- unset, as with `supabase db push --include-seed`, it is the time of loading. It is pinned for the
-- session here, so every seed file sees the same moment.
select set_config('seed.anchor',
  coalesce(nullif(current_setting('seed.anchor', true), ''), to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), false);
create function pg_temp.seed_now() returns timestamptz language sql stable as $$
  select current_setting('seed.anchor')::timestamptz
$$;
-- A tenant's own date at the anchor: "today" is where the tenant's trucks are, not UTC.
create function pg_temp.seed_today(tenant uuid) returns date language sql stable as $$
  select (pg_temp.seed_now() at time zone t.time_zone)::date from public.tenants t where t.id = tenant
$$;
-- A local wall-clock time on a tenant's date, as a moment.
create function pg_temp.seed_at(tenant uuid, day date, at time) returns timestamptz language sql stable as $$
  select (day + at) at time zone t.time_zone from public.tenants t where t.id = tenant
$$;
