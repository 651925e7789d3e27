-- Deterministic "randomness" for the demo data: the same seed text always gives the same number,
-- so every machine gets the same demo (only dates follow the current week).
create function pg_temp.rnd(seed text) returns double precision language sql immutable as $$
  select ('x' || substr(md5(seed), 1, 8))::bit(32)::int::double precision / 4294967296.0 + 0.5
$$;
-- An integer from lo to hi inclusive.
create function pg_temp.rint(seed text, lo int, hi int) returns int language sql immutable as $$
  select lo + floor(pg_temp.rnd(seed) * (hi - lo + 1))::int
$$;
