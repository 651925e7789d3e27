import pg from 'pg';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';

const STOPS = 200_000;
const STOPS_PER_ROUTE = 50;
const ROUNDS = 400;
const WARMUP = 20;

/**
 * Issue 10: the nearest-stop RPC of the public subscribe page with 200,000 stops in one tenant (p95 ≤ 10 ms).
 * The stops lie spread over Denmark, each on a route with a coming plan event; `nearest_public_stops` is called
 * as the page calls it (anon, through the gateway and PostgREST) from random points, and its execution in the
 * database is timed on its own.
 */
export async function benchNearestStops(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.dbUrl });
  await db.connect();
  const tenantId = (await db.query<{ id: string }>(`select id from public.tenants where slug = 'hjem-is'`)).rows[0]!.id;
  const loadStarted = performance.now();
  await loadStops(db, tenantId);
  const loadS = round((performance.now() - loadStarted) / 1000, 1);
  const stops = Number(
    (
      await db.query<{ n: string }>(
        `select count(*) as n from public.route_points where tenant_id = $1 and deleted_at is null`,
        [tenantId],
      )
    ).rows[0]!.n,
  );

  // Random points over Denmark, the same for both measurements.
  const points = Array.from({ length: ROUNDS + WARMUP }, () => ({
    lat: 54.7 + Math.random() * 2.9,
    lng: 8.3 + Math.random() * 4.2,
  }));

  const sqlMs: number[] = [];
  for (const [index, point] of points.entries()) {
    const started = performance.now();
    await db.query(`select * from public.nearest_public_stops('dk', $1, $2, 10)`, [point.lat, point.lng]);
    if (index >= WARMUP) sqlMs.push(performance.now() - started);
  }
  const plan = (
    await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers off, timing off) select * from public.nearest_public_stops('dk', 55.67, 12.4, 10)`,
    )
  ).rows.map((row) => row['QUERY PLAN']);
  await db.end();

  const restMs: number[] = [];
  let found = 0;
  for (const [index, point] of points.entries()) {
    const started = performance.now();
    const response = await fetch(`${info.apiUrl}/rest/v1/rpc/nearest_public_stops`, {
      method: 'POST',
      headers: { apikey: info.anonKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ site: 'dk', near_lat: point.lat, near_lng: point.lng, max_stops: 10 }),
    });
    const rows = (await response.json()) as unknown[];
    if (!response.ok) throw new Error(`nearest_public_stops: ${response.status} ${JSON.stringify(rows)}`);
    if (index >= WARMUP) {
      restMs.push(performance.now() - started);
      found += rows.length;
    }
  }
  const rest = summarise(restMs);
  return {
    name: 'nearest-stops',
    stops,
    load_s: loadS,
    rounds: ROUNDS,
    stops_returned_per_call: round(found / ROUNDS, 1),
    budget_p95_ms: 10,
    rest_anon: rest,
    database_only: summarise(sqlMs),
    within_budget: rest.p95_ms <= 10,
    plan,
  };
}

/** 200,000 route points over Denmark on routes of 50, each route with one coming plan event (on its own date). */
async function loadStops(db: pg.Client, tenantId: string): Promise<void> {
  const routes = Math.ceil(STOPS / STOPS_PER_ROUTE);
  await db.query('begin');
  await db.query(
    `create temporary table bench_depo on commit drop as
       select d.id as depo_id, (select c.id from public.cars c where c.depo_id = d.id order by c.id limit 1) as car_id,
              (select m.user_id from public.tenant_memberships m where m.tenant_id = d.tenant_id and m.role = 'driver' order by m.user_id limit 1) as user_id
         from public.depos d where d.tenant_id = $1 and exists (select 1 from public.cars c where c.depo_id = d.id) order by d.id limit 1`,
    [tenantId],
  );
  await db.query(
    `insert into public.routes (tenant_id, depo_id, name)
     select $1, b.depo_id, format('Nearest bench %s', lpad(k::text, 5, '0')) from generate_series(1, $2) k, bench_depo b`,
    [tenantId, routes],
  );
  await db.query(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
     select $1, r.id, r.depo_id, p, format('Benchvej %s, %s', p, r.id), 54.7 + random() * 2.9, 8.3 + random() * 4.2
       from public.routes r, generate_series(1, $2) p
      where r.tenant_id = $1 and r.name like 'Nearest bench %'`,
    [tenantId, STOPS_PER_ROUTE],
  );
  // One plan event per route, each on its own coming date (one driver may drive one route a day).
  await db.query(
    `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id)
     select $1, r.depo_id, current_date + 30 + row_number() over (order by r.id)::int, r.id, b.user_id, b.car_id
       from public.routes r, bench_depo b
      where r.tenant_id = $1 and r.name like 'Nearest bench %'`,
    [tenantId],
  );
  await db.query(
    `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng,
                                                 google_estimate_time, original_google_estimate_time)
     select $1, pe.id, rp.id, rp.depo_id, rp.position, rp.address, rp.lat, rp.lng,
            pe.date + time '10:00' + rp.position * interval '5 minutes', pe.date + time '10:00' + rp.position * interval '5 minutes'
       from public.plan_events pe join public.route_points rp on rp.route_id = pe.route_id
      where pe.tenant_id = $1 and rp.address like 'Benchvej %'`,
    [tenantId],
  );
  await db.query('commit');
  await db.query('vacuum analyze public.route_points, public.plan_events, public.plan_event_route_points');
}
