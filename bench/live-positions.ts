import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { now, PhoenixClient } from './support/phoenix-client.ts';
import { round, summarise } from './support/stats.ts';

const TRUCKS = 500;
const DEPOS = 5;
const STOPS_PER_TRIP = 20;
const PERIOD_MS = 5_000;
const TICKS = 24;
const STAFF_SUBSCRIBERS = 1_000;
const PUBLIC_SUBSCRIBERS = 1_000;
// Each truck drives 50 m a tick between stops 400 m apart and waits 90 s at each (so visits happen while measured).
const STEP_M = 50;
const STOP_SPACING_M = 400;
const WAIT_TICKS = 18;

interface Truck {
  carId: number;
  depoId: number;
  /** The stop the public subscribers follow the truck through (stop:<uuid>:truck). */
  stopUuid: string;
  origin: { lat: number; lng: number };
  /** Position on its line (metres) and ticks left to wait at a stop. */
  along: number;
  waiting: number;
}

const METRES_PER_DEGREE_LAT = 111_320;

/**
 * The live-trucks pipeline under the load of issue 9: 500 trucks on plan events today reporting every 5 s,
 * written as the GPS sync writes them (one 500-row insert through PostgREST with the service role per tick),
 * 2,000 websocket subscribers: 1,000 staff on their depo's private channel and 1,000 of the public on the cars'
 * channels (two per car). Latency: from the fix's recorded_at (taken just before the request) to delivery.
 * Backlog: every tick's insert must finish within the 5 s period.
 */
export async function benchLivePositions(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const progress = (message: string) => console.error(`positions: ${message}`);
  const { tenantId, adminId, trucks } = await makeFleet(db);
  progress(`fleet of ${trucks.length} trucks made`);
  const token = await new SignJWT({ role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(info.jwtSecret));
  const depoIds = [...new Set(trucks.map((t) => t.depoId))];

  const latencies: number[] = [];
  const staffLatencies: number[] = [];
  const publicLatencies: number[] = [];
  let received = 0;
  const subscribers: PhoenixClient[] = [];
  const join = async (topic: string, options: { private: boolean; accessToken?: string }, into: number[]) => {
    const c = await PhoenixClient.connect(info.apiUrl, info.anonKey);
    c.onBroadcast = (event, payload, at) => {
      received += 1;
      const sent =
        event === 'positions'
          ? Date.parse(String((payload.positions as Array<{ recorded_at: string }>)[0].recorded_at))
          : Date.parse(String(payload.recorded_at));
      latencies.push(at - sent);
      into.push(at - sent);
    };
    await c.join(topic, options);
    subscribers.push(c);
  };
  // Joins in small waves: each join is an authorisation query.
  const joins: Array<() => Promise<void>> = [
    ...Array.from(
      { length: STAFF_SUBSCRIBERS },
      (_, i) => () =>
        join(
          `depo:${depoIds[i % depoIds.length]}:car_positions`,
          { private: true, accessToken: token },
          staffLatencies,
        ),
    ),
    ...Array.from(
      { length: PUBLIC_SUBSCRIBERS },
      (_, i) => () => join(`stop:${trucks[i % trucks.length].stopUuid}:truck`, { private: true }, publicLatencies),
    ),
  ];
  for (let i = 0; i < joins.length; i += 50) await Promise.all(joins.slice(i, i + 50).map((j) => j()));
  progress(`${subscribers.length} subscribers joined`);

  const insertMs: number[] = [];
  let lateTicks = 0;
  const started = now();
  for (let tick = 0; tick < TICKS; tick += 1) {
    const due = started + tick * PERIOD_MS;
    while (now() < due) await new Promise((resolve) => setTimeout(resolve, Math.min(50, due - now())));
    const recordedAt = new Date().toISOString();
    const rows = trucks.map((t) => {
      advance(t);
      const lat = t.origin.lat;
      const lng = t.origin.lng + t.along / (METRES_PER_DEGREE_LAT * Math.cos((t.origin.lat * Math.PI) / 180));
      return {
        tenant_id: tenantId,
        car_id: t.carId,
        depo_id: t.depoId,
        recorded_at: recordedAt,
        lat,
        lng,
        speed_kmh: t.waiting ? 0 : 36,
        heading: 90,
      };
    });
    const t0 = now();
    const response = await fetch(`${info.apiUrl}/rest/v1/car_positions`, {
      method: 'POST',
      headers: {
        apikey: info.serviceRoleKey,
        authorization: `Bearer ${info.serviceRoleKey}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify(rows),
    });
    if (!response.ok) throw new Error(`insert: ${response.status} ${await response.text()}`);
    const took = now() - t0;
    insertMs.push(took);
    if (now() - due > PERIOD_MS) lateTicks += 1;
    progress(`tick ${tick + 1}/${TICKS}: insert ${Math.round(took)} ms, ${received} deliveries so far`);
  }
  const expected = TICKS * (STAFF_SUBSCRIBERS + PUBLIC_SUBSCRIBERS);
  const deadline = now() + 15_000;
  while (received < expected && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

  const visits = (
    await db.query<{ visited: string; trail_points: string }>(
      `select (select count(*) from public.plan_event_route_points where tenant_id = $1 and point_visited) as visited,
            (select coalesce(sum(points), 0) from app_private.plan_event_trail_chunks where tenant_id = $1) as trail_points`,
      [tenantId],
    )
  ).rows[0];
  for (const c of subscribers) c.close();
  await db.end();

  const latency = summarise(latencies);
  const ingest = summarise(insertMs);
  return {
    name: 'live-positions',
    description:
      `${TRUCKS} trucks on plan events today every ${PERIOD_MS / 1000} s (one ${TRUCKS}-row PostgREST insert a tick, ${TICKS} ticks), ` +
      `${STAFF_SUBSCRIBERS} staff on ${DEPOS} depo channels + ${PUBLIC_SUBSCRIBERS} public on car channels; latency from the fix's recorded_at to delivery`,
    delivered: received,
    expected,
    latency,
    staff_latency: summarise(staffLatencies),
    public_latency: summarise(publicLatencies),
    insert_request_ms: ingest,
    late_ticks: lateTicks,
    stops_visited: Number(visits.visited),
    trail_points: Number(visits.trail_points),
    goal: 'p95 <= 250 ms, every delivery, every tick ingested within its 5 s period',
    goal_met: latency.p95_ms <= 250 && received === expected && lateTicks === 0 && ingest.p99_ms < PERIOD_MS,
    p50_ms: round(latency.p50_ms),
  };
}

function advance(t: Truck): void {
  if (t.waiting > 0) {
    t.waiting -= 1;
    return;
  }
  t.along += STEP_M;
  if (t.along % STOP_SPACING_M === 0) t.waiting = WAIT_TICKS;
}

/** A tenant of its own: depos, cars, drivers, and a plan event today per car with stops along its line. */
async function makeFleet(db: pg.Client): Promise<{ tenantId: string; adminId: string; trucks: Truck[] }> {
  const slug = `zz-bench-${randomUUID().slice(0, 8)}`;
  await db.query('begin');
  const tenantId = (
    await db.query<{ id: string }>(`insert into public.tenants (slug, name) values ($1, $1) returning id`, [slug])
  ).rows[0].id;
  const depoIds = (
    await db.query<{ id: string }>(
      `insert into public.depos (tenant_id, title, address) select $1, 'Depo ' || n, 'Vej ' || n from generate_series(1, $2::int) n returning id`,
      [tenantId, DEPOS],
    )
  ).rows.map((r) => Number(r.id));
  const adminId = randomUUID();
  await db.query(`insert into auth.users (id, email) values ($1, $2)`, [adminId, `admin-${slug}@bench.test`]);
  await db.query(
    `insert into public.staff_profiles (user_id, email, first_name, last_name) values ($1, $2, 'Bench', 'Admin')`,
    [adminId, `admin-${slug}@bench.test`],
  );
  await db.query(`insert into public.tenant_memberships (tenant_id, user_id, role) values ($1, $2, 'admin')`, [
    tenantId,
    adminId,
  ]);
  // Drivers, cars, routes and plan events: one each per truck, spread over the depos; trucks 1 km apart.
  await db.query(
    `
    create temporary table bench_trucks on commit drop as
    select n, $2::bigint[] as depos, gen_random_uuid() as user_id, 55.5 + (n / 25) * 0.01 as lat, 12.2 + (n % 25) * 0.02 as lng
    from generate_series(0, $1::int - 1) n`,
    [TRUCKS, depoIds],
  );
  await db.query(
    `insert into auth.users (id, email) select user_id, 'driver-' || n || '-' || $1 || '@bench.test' from bench_trucks`,
    [slug],
  );
  await db.query(
    `insert into public.staff_profiles (user_id, email, first_name, last_name) select user_id, 'driver-' || n || '-' || $1 || '@bench.test', 'D', n::text from bench_trucks`,
    [slug],
  );
  await db.query(
    `insert into public.tenant_memberships (tenant_id, user_id, role) select $1, user_id, 'driver' from bench_trucks`,
    [tenantId],
  );
  await db.query(
    `insert into public.membership_depos (tenant_id, user_id, depo_id) select $1, user_id, depos[1 + n % $2] from bench_trucks`,
    [tenantId, DEPOS],
  );
  const trucks = (
    await db.query<{ car_id: string; depo_id: string; lat: number; lng: number; stop_uuid: string }>(
      `
    with cars as (
      insert into public.cars (tenant_id, depo_id, internal_number, plate_number)
      select $1, depos[1 + n % $2], 'B' || n, 'BENCH' || n from bench_trucks returning id, depo_id, internal_number
    ), routes as (
      insert into public.routes (tenant_id, depo_id, name) select $1, depos[1 + n % $2], 'Bench ' || n from bench_trucks returning id, name
    ), events as (
      insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour, started_at)
      select $1, c.depo_id, (now() at time zone 'Europe/Copenhagen')::date, r.id, b.user_id, c.id, 8, now()
      from bench_trucks b join cars c on c.internal_number = 'B' || b.n join routes r on r.name = 'Bench ' || b.n
      returning id, depo_id, car_id
    ), stops as (
      insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, lat, lng)
      select $1, e.id, e.depo_id, s, b.lat, b.lng + s * $3::float8 / (111320 * cos(radians(b.lat)))
      from events e join cars c on c.id = e.car_id join bench_trucks b on 'B' || b.n = c.internal_number
      cross join generate_series(1, $4::int) s
      returning plan_event_id, position, uuid
    )
    select c.id as car_id, c.depo_id, b.lat::float8 as lat, b.lng::float8 as lng,
           -- The public follows a truck through a live stop: its trip's last one, which no tick reaches.
           (select s.uuid from stops s join events e on e.id = s.plan_event_id
             where e.car_id = c.id order by s.position desc limit 1) as stop_uuid
    from cars c join bench_trucks b on 'B' || b.n = c.internal_number
    where (select count(*) from stops) > 0
    order by c.id`,
      [tenantId, DEPOS, STOP_SPACING_M, STOPS_PER_TRIP],
    )
  ).rows;
  await db.query('commit');
  return {
    tenantId,
    adminId,
    // Staggered: a quarter of the trucks start at a stop, the others on the way, so each tick has all kinds.
    trucks: trucks.map((t, i) => ({
      carId: Number(t.car_id),
      depoId: Number(t.depo_id),
      stopUuid: String(t.stop_uuid),
      origin: { lat: t.lat, lng: t.lng },
      along: (i % 8) * STEP_M,
      waiting: 0,
    })),
  };
}
