-- GPS fixes partitioned by day (issue 9). 500 trucks reporting every 5 s for 10 hours is 3.6 million rows a
-- day: one partition per UTC day keeps each day's index small, "latest per car" and "a plan event's trail"
-- touch one or two partitions, and retention drops whole days instead of deleting rows.
--
-- * Partitions live in app_private (outside the API and the RLS catalogue); clients only ever see the parent,
--   whose policies are the generators' as before (depo-bound car, fixed tenant and depo, drivers may add).
-- * Partitions are created 7 days ahead by the cron job below and on demand
--   (app_private.ensure_car_position_partitions); a fix for a day without a partition (a late backfill, a clock
--   far off) lands in the default partition and is moved into its day when that day's partition is created.
-- * Retention: partitions older than app_private.car_position_retention_days() (14) days are dropped. The
--   maintenance gives any day within the retention that has rows in the default partition its own partition,
--   so the default only keeps fixes dated before the retention or more than a week ahead (a unit's clock far
--   off); those are left for an admin to look at rather than deleted silently. The driven trail of each plan event is kept apart
--   (see 20261124020100_live_positions.sql), so reports and heat maps outlive the raw fixes.
-- * Index: the primary key (tenant_id, car_id, recorded_at) serves both "latest fix per car" (backwards scan)
--   and "a car's fixes between a plan event's start and end"; (tenant_id, depo_id) serves the RLS read.

-- The fixes so far are carried over (the old table goes first, so the new one gets the usual constraint names).
create temporary table car_positions_carried as select * from public.car_positions;
drop table public.car_positions;
-- Replaced by the set-based batch trigger of 20261124020100_live_positions.sql.
drop function app_private.copy_latest_car_position();

create table public.car_positions (
  tenant_id uuid not null,
  car_id bigint not null,
  depo_id bigint not null,
  recorded_at timestamptz not null default now(),
  lat double precision not null check (lat between -90 and 90),
  lng double precision not null check (lng between -180 and 180),
  speed_kmh real check (speed_kmh >= 0),
  heading real check (heading >= 0 and heading < 360),
  primary key (tenant_id, car_id, recorded_at),
  foreign key (tenant_id, car_id) references public.cars (tenant_id, id) on delete cascade,
  foreign key (tenant_id, depo_id) references public.depos (tenant_id, id)
) partition by range (recorded_at);
comment on table public.car_positions is
  'GPS fixes of a car, one partition per UTC day (kept 14 days); each batch updates the car''s latest location, is broadcast, and advances the plan event''s trip.';

create table app_private.car_positions_default partition of public.car_positions default;

create function app_private.car_position_retention_days() returns integer
language sql immutable set search_path = '' as $$ select 14 $$;
comment on function app_private.car_position_retention_days() is
  'Days of raw GPS fixes kept (partitions older than this are dropped); plan events keep their driven trail.';

-- Creates the daily partitions of [from_day, to_day] (UTC days) that do not exist yet, moving any rows of
-- those days out of the default partition first. Returns how many partitions it created.
create function app_private.ensure_car_position_partitions(from_day date, to_day date) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  day date;
  part text;
  made integer := 0;
  low timestamptz;
  high timestamptz;
begin
  for day in select g::date from generate_series(from_day, to_day, interval '1 day') g loop
    part := 'car_positions_' || to_char(day, 'YYYYMMDD');
    continue when to_regclass('app_private.' || part) is not null;
    low := (day::timestamp at time zone 'UTC');
    high := ((day + 1)::timestamp at time zone 'UTC');
    -- Concurrent callers create the same day once.
    perform pg_advisory_xact_lock(hashtext('car_positions_partition'), (day - date '2000-01-01'));
    continue when to_regclass('app_private.' || part) is not null;
    execute format('create table app_private.%I (like public.car_positions including defaults including constraints)', part);
    execute format('with moved as (delete from app_private.car_positions_default where recorded_at >= %L and recorded_at < %L returning *) '
                   'insert into app_private.%I select * from moved', low, high, part);
    execute format('alter table public.car_positions attach partition app_private.%I for values from (%L) to (%L)', part, low, high);
    made := made + 1;
  end loop;
  return made;
end;
$$;
comment on function app_private.ensure_car_position_partitions(date, date) is
  'Creates the missing daily partitions of car_positions for [from_day, to_day] (UTC), moving their rows out of the default partition.';
revoke execute on function app_private.ensure_car_position_partitions(date, date) from public;

-- Drops the daily partitions that ended before the retention. Returns how many it dropped.
create function app_private.drop_old_car_position_partitions(keep_days integer default app_private.car_position_retention_days())
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  cutoff date := (now() at time zone 'UTC')::date - keep_days;
  part record;
  dropped integer := 0;
begin
  for part in
    select c.relname
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'public.car_positions'::regclass and c.relname ~ '^car_positions_[0-9]{8}$'
      and to_date(right(c.relname, 8), 'YYYYMMDD') < cutoff
  loop
    execute format('drop table app_private.%I', part.relname);
    dropped := dropped + 1;
  end loop;
  return dropped;
end;
$$;
comment on function app_private.drop_old_car_position_partitions(integer) is
  'Retention of car_positions: drops the daily partitions older than keep_days (default 14).';
revoke execute on function app_private.drop_old_car_position_partitions(integer) from public;

-- The cron job: yesterday (late fixes) to a week ahead, days within the retention that have rows waiting in
-- the default partition (a unit that synced days late), then retention.
create function app_private.maintain_car_position_partitions() returns void
language plpgsql security definer set search_path = '' as $$
declare
  today date := (now() at time zone 'UTC')::date;
  waiting date;
begin
  perform app_private.ensure_car_position_partitions(today - 1, today + 7);
  for waiting in
    select distinct (d.recorded_at at time zone 'UTC')::date from app_private.car_positions_default d
     where d.recorded_at >= ((today - app_private.car_position_retention_days())::timestamp at time zone 'UTC')
       and d.recorded_at < ((today + 8)::timestamp at time zone 'UTC')
  loop
    perform app_private.ensure_car_position_partitions(waiting, waiting);
  end loop;
  perform app_private.drop_old_car_position_partitions();
end;
$$;
revoke execute on function app_private.maintain_car_position_partitions() from public;

select app_private.maintain_car_position_partitions();
insert into public.car_positions select * from car_positions_carried;
drop table car_positions_carried;

select app_private.secure_depo_table('public.car_positions', '{admin}');
-- A car's driver reports its positions (the GPS ingestion function uses the service role).
create policy "drivers of the depo can add positions" on public.car_positions for insert to authenticated
  with check (tenant_id = any ((select app_private.current_user_tenant_ids())::uuid[]) and depo_id = any ((select app_private.depo_ids_where_role('{driver}'))::bigint[]));

select cron.schedule('car-positions-partitions', '7 * * * *', $$select app_private.maintain_car_position_partitions()$$);
