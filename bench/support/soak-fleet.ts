import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export interface SoakTruck {
  carId: number;
  depoId: number;
  planEventId: number;
  origin: { lat: number; lng: number };
  stopUuids: string[];
  /** Position on its line (metres) and ticks left to wait at a stop. */
  along: number;
  waiting: number;
}

export interface SoakStaff {
  userId: string;
  depoId: number;
}

export interface SoakFleet {
  tenantId: string;
  depoIds: number[];
  trucks: SoakTruck[];
  staff: SoakStaff[];
}

/**
 * A tenant of its own for the live soak: depos, one driver, car, route and plan event today per truck with its
 * stops along a line (stop spacing in metres), and staff (depo admins, spread over the depos) to open screens.
 */
export async function makeSoakFleet(
  db: pg.Client,
  {
    trucks,
    depos,
    staff,
    stopsPerTrip,
    stopSpacingM,
  }: { trucks: number; depos: number; staff: number; stopsPerTrip: number; stopSpacingM: number },
): Promise<SoakFleet> {
  const slug = `zz-soak-${randomUUID().slice(0, 8)}`;
  await db.query('begin');
  const tenantId = (
    await db.query<{ id: string }>(`insert into public.tenants (slug, name) values ($1, $1) returning id`, [slug])
  ).rows[0]!.id;
  const depoIds = (
    await db.query<{ id: string }>(
      `insert into public.depos (tenant_id, title, address) select $1, 'Depo ' || n, 'Vej ' || n from generate_series(1, $2::int) n returning id`,
      [tenantId, depos],
    )
  ).rows.map((r) => Number(r.id));
  // Staff: depo admins of one depo each.
  const staffRows = (
    await db.query<{ user_id: string; depo_id: string }>(
      `
    with people as (
      select n, gen_random_uuid() as user_id, ($3::bigint[])[1 + n % $4] as depo_id from generate_series(0, $2::int - 1) n
    ), users as (
      insert into auth.users (id, email) select user_id, 'staff-' || n || '-' || $1 || '@bench.test' from people returning id
    ), profiles as (
      insert into public.staff_profiles (user_id, email, first_name, last_name)
      select user_id, 'staff-' || n || '-' || $1 || '@bench.test', 'S', n::text from people where (select count(*) from users) > 0 returning user_id
    )
    select p.user_id, p.depo_id from people p where (select count(*) from profiles) > 0 order by p.n`,
      [slug, staff, depoIds, depos],
    )
  ).rows;
  await db.query(
    `insert into public.tenant_memberships (tenant_id, user_id, role) select $1, u, 'depo_admin' from unnest($2::uuid[]) u`,
    [tenantId, staffRows.map((r) => r.user_id)],
  );
  await db.query(
    `insert into public.membership_depos (tenant_id, user_id, depo_id) select $1, u, d from unnest($2::uuid[], $3::bigint[]) x(u, d)`,
    [tenantId, staffRows.map((r) => r.user_id), staffRows.map((r) => r.depo_id)],
  );
  // Trucks 1 km apart.
  await db.query(
    `
    create temporary table soak_trucks on commit drop as
    select n, $2::bigint[] as depos, gen_random_uuid() as user_id, 55.5 + (n / 25) * 0.01 as lat, 12.2 + (n % 25) * 0.02 as lng
    from generate_series(0, $1::int - 1) n`,
    [trucks, depoIds],
  );
  await db.query(
    `insert into auth.users (id, email) select user_id, 'driver-' || n || '-' || $1 || '@bench.test' from soak_trucks`,
    [slug],
  );
  await db.query(
    `insert into public.staff_profiles (user_id, email, first_name, last_name) select user_id, 'driver-' || n || '-' || $1 || '@bench.test', 'D', n::text from soak_trucks`,
    [slug],
  );
  await db.query(
    `insert into public.tenant_memberships (tenant_id, user_id, role) select $1, user_id, 'driver' from soak_trucks`,
    [tenantId],
  );
  await db.query(
    `insert into public.membership_depos (tenant_id, user_id, depo_id) select $1, user_id, depos[1 + n % $2] from soak_trucks`,
    [tenantId, depos],
  );
  const rows = (
    await db.query<{
      car_id: string;
      depo_id: string;
      plan_event_id: string;
      lat: number;
      lng: number;
      stop_uuids: string[];
    }>(
      `
    with cars as (
      insert into public.cars (tenant_id, depo_id, internal_number, plate_number)
      select $1, depos[1 + n % $2], 'S' || n, 'SOAK' || n from soak_trucks returning id, depo_id, internal_number
    ), routes as (
      insert into public.routes (tenant_id, depo_id, name) select $1, depos[1 + n % $2], 'Soak ' || n from soak_trucks returning id, name
    ), events as (
      insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour, started_at)
      select $1, c.depo_id, (now() at time zone 'Europe/Copenhagen')::date, r.id, b.user_id, c.id, 8, now()
      from soak_trucks b join cars c on c.internal_number = 'S' || b.n join routes r on r.name = 'Soak ' || b.n
      returning id, depo_id, car_id
    ), stops as (
      insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, lat, lng, google_estimate_time)
      select $1, e.id, e.depo_id, s, 'Soakvej ' || s, b.lat, b.lng + s * $3::float8 / (111320 * cos(radians(b.lat))), now() + make_interval(mins => 10 * s)
      from events e join cars c on c.id = e.car_id join soak_trucks b on 'S' || b.n = c.internal_number
      cross join generate_series(1, $4::int) s
      returning plan_event_id, uuid, position
    )
    select c.id as car_id, c.depo_id, e.id as plan_event_id, b.lat::float8 as lat, b.lng::float8 as lng,
           array(select s.uuid::text from stops s where s.plan_event_id = e.id order by s.position) as stop_uuids
    from cars c join soak_trucks b on 'S' || b.n = c.internal_number join events e on e.car_id = c.id
    order by c.id`,
      [tenantId, depos, stopSpacingM, stopsPerTrip],
    )
  ).rows;
  await db.query('commit');
  return {
    tenantId,
    depoIds,
    staff: staffRows.map((r) => ({ userId: r.user_id, depoId: Number(r.depo_id) })),
    // Staggered: some trucks start at a stop, the others on the way, so each tick has all kinds.
    trucks: rows.map((r, i) => ({
      carId: Number(r.car_id),
      depoId: Number(r.depo_id),
      planEventId: Number(r.plan_event_id),
      origin: { lat: r.lat, lng: r.lng },
      stopUuids: r.stop_uuids,
      along: (i % 8) * 50,
      waiting: 0,
    })),
  };
}
