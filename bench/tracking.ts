// The public tracking page (issue 10) under load, `npm run bench -- tracking`:
//  1. fanout: 2,000 open tracking pages, each behaving like the page: it fetches its stop (public_tracking_stop,
//     anon), joins its truck's channel stop:<uuid>:truck (private, anon) and fetches the stop again every minute;
//     100 trucks on today's plan events report every 5 s as the GPS sync writes them (one insert a tick). Measured:
//     from the fix's recorded_at (taken just before the write) to the moment each page receives it.
//  2. phone: the built page in Chromium on a phone profile (Pixel 7 viewport, 4x CPU slowdown via CDP, slow 4G):
//     from navigation start to the page being usable (the arrival window shown and the map idle).
import { randomUUID } from 'node:crypto';
import { chromium, devices } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM } from '../tests/support/ensure-chromium.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { now, PhoenixClient } from './support/phoenix-client.ts';
import { round, summarise } from './support/stats.ts';

const TRUCKS = 100;
const PAGES = 2_000;
const STOPS_PER_TRIP = 20;
const PERIOD_MS = 5_000;
const TICKS = 14;
const REFRESH_MS = 60_000;
const GOAL_P95_MS = 1_000;
const PHONE_LOADS = 5;
const PHONE_GOAL_MS = 3_000;
// Chrome DevTools' "Slow 4G" preset (as Lighthouse's mobile throttling).
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

interface Trip {
  carId: number;
  depoId: number;
  lat: number;
  lng: number;
  stopUuids: string[];
}

export async function benchTracking(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const progress = (message: string) => console.error(`tracking: ${message}`);
  const { tenantId, trips } = await makeTrips(db);
  progress(`${trips.length} trucks on the road`);
  try {
    const fanout = await measureFanout(info, tenantId, trips, progress);
    const phone = await measurePhoneLoad(info, trips[0]!, progress);
    return {
      name: 'public-tracking',
      description:
        `fanout: ${PAGES} tracking pages (stop RPC on open and every minute, stop:<uuid>:truck joined as anon) ` +
        `over ${TRUCKS} trucks writing a fix every ${PERIOD_MS / 1000} s for ${TICKS} ticks; latency from the fix's recorded_at to each page. ` +
        `phone: built page, Pixel 7 profile, 4x CPU slowdown, slow 4G, navigation start to arrival window shown and map idle`,
      fanout,
      phone,
      goal: `truck moves on ${PAGES} pages within ${GOAL_P95_MS} ms p95 of the write, every delivery; phone usable within ${PHONE_GOAL_MS} ms`,
      goal_met:
        fanout.latency.p95_ms <= GOAL_P95_MS &&
        fanout.delivered === fanout.expected &&
        phone.usable_ms.p95_ms <= PHONE_GOAL_MS,
    };
  } finally {
    await dropTrips(db, tenantId);
    await db.end();
  }
}

async function rpc(info: StackInfo, name: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${info.apiUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: info.anonKey, authorization: `Bearer ${info.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function measureFanout(info: StackInfo, tenantId: string, trips: Trip[], progress: (m: string) => void) {
  const latencies: number[] = [];
  const stopMs: number[] = [];
  let received = 0;
  let refreshFailures = 0;
  const pages: PhoenixClient[] = [];
  const refreshers: NodeJS.Timeout[] = [];
  const openPage = async (i: number) => {
    const trip = trips[i % trips.length]!;
    const stopUuid = trip.stopUuids[Math.floor(i / trips.length) % trip.stopUuids.length]!;
    const t0 = now();
    const stop = (await rpc(info, 'public_tracking_stop', { stop_uuid: stopUuid })) as { car: { id: number } | null };
    stopMs.push(now() - t0);
    if (!stop.car) throw new Error('the stop came without its truck');
    const page = await PhoenixClient.connect(info.apiUrl, info.anonKey);
    page.onBroadcast = (_event, payload, at) => {
      received += 1;
      latencies.push(at - Date.parse(String(payload.recorded_at)));
    };
    await page.join(`stop:${stopUuid}:truck`, { private: true });
    pages.push(page);
    // The page's minute refresh, spread over the minute as pages open at different times.
    const first = setTimeout(() => {
      const refresh = () =>
        void rpc(info, 'public_tracking_stop', { stop_uuid: stopUuid }).catch(() => (refreshFailures += 1));
      refresh();
      refreshers.push(setInterval(refresh, REFRESH_MS));
    }, Math.random() * REFRESH_MS);
    refreshers.push(first);
  };
  for (let i = 0; i < PAGES; i += 50)
    await Promise.all(Array.from({ length: Math.min(50, PAGES - i) }, (_, k) => openPage(i + k)));
  progress(`${pages.length} pages open`);

  const started = now();
  const insertMs: number[] = [];
  for (let tick = 0; tick < TICKS; tick += 1) {
    const due = started + tick * PERIOD_MS;
    while (now() < due) await new Promise((resolve) => setTimeout(resolve, Math.min(50, due - now())));
    const recordedAt = new Date().toISOString();
    const rows = trips.map((t) => ({
      tenant_id: tenantId,
      car_id: t.carId,
      depo_id: t.depoId,
      recorded_at: recordedAt,
      lat: t.lat - 0.002,
      lng: t.lng + tick * 0.0005,
      speed_kmh: 30,
      heading: 90,
    }));
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
    insertMs.push(now() - t0);
    progress(`tick ${tick + 1}/${TICKS}: ${received} deliveries so far`);
  }
  const expected = TICKS * PAGES;
  const deadline = now() + 15_000;
  while (received < expected && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const timer of refreshers) clearTimeout(timer);
  for (const page of pages) page.close();
  const latency = summarise(latencies);
  return {
    pages: PAGES,
    trucks: TRUCKS,
    delivered: received,
    expected,
    latency,
    p50_ms: round(latency.p50_ms),
    stop_rpc_ms: summarise(stopMs),
    insert_request_ms: summarise(insertMs),
    refresh_failures: refreshFailures,
  };
}

async function measurePhoneLoad(info: StackInfo, trip: Trip, progress: (m: string) => void) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--enable-unsafe-swiftshader'],
  });
  const times: number[] = [];
  const windowTimes: number[] = [];
  try {
    for (let i = 0; i < PHONE_LOADS; i += 1) {
      // A fresh context each time: nothing cached, as a customer opening the SMS link.
      const context = await browser.newContext({ ...devices['Pixel 7'] });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await page.goto(`${info.apiUrl}/dk/${trip.stopUuids[1]}`, { waitUntil: 'commit' });
      // Timed in the page (from its navigation start), at the first frame where both are there.
      const [windowShown, usable] = await Promise.all([
        page.waitForFunction(
          () => (document.querySelector('[data-testid="arrival-window"]') ? performance.now() : 0),
          undefined,
          { polling: 'raf', timeout: 30_000 },
        ),
        page.waitForFunction(
          () =>
            document.querySelector('[data-testid="arrival-window"]') && document.querySelector('[data-map-idle="true"]')
              ? performance.now()
              : 0,
          undefined,
          { polling: 'raf', timeout: 30_000 },
        ),
      ]).then((handles) => Promise.all(handles.map((h) => h.jsonValue() as Promise<number>)));
      windowTimes.push(windowShown);
      times.push(usable);
      progress(
        `phone load ${i + 1}/${PHONE_LOADS}: window ${Math.round(windowShown)} ms, usable ${Math.round(usable)} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { loads: PHONE_LOADS, arrival_window_ms: summarise(windowTimes), usable_ms: summarise(times) };
}

/** A tenant of its own with TRUCKS trucks on plan events today, each with STOPS_PER_TRIP stops 300 m apart. */
async function makeTrips(db: pg.Client): Promise<{ tenantId: string; trips: Trip[] }> {
  const slug = `zz-track-bench-${randomUUID().slice(0, 8)}`;
  await db.query('begin');
  const tenantId = (
    await db.query<{ id: string }>(`insert into public.tenants (slug, name) values ($1, $1) returning id`, [slug])
  ).rows[0]!.id;
  const depoId = (
    await db.query<{ id: string }>(
      `insert into public.depos (tenant_id, title, address) values ($1, 'Depo', 'Vej 1') returning id`,
      [tenantId],
    )
  ).rows[0]!.id;
  await db.query(
    `
    create temporary table bench_trucks on commit drop as
    select n, gen_random_uuid() as user_id, 55.5 + (n / 10) * 0.02 as lat, 12.2 + (n % 10) * 0.05 as lng
    from generate_series(0, $1::int - 1) n`,
    [TRUCKS],
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
    `insert into public.membership_depos (tenant_id, user_id, depo_id) select $1, user_id, $2 from bench_trucks`,
    [tenantId, depoId],
  );
  const rows = (
    await db.query<{ car_id: string; lat: number; lng: number; stop_uuids: string[] }>(
      `
    with cars as (
      insert into public.cars (tenant_id, depo_id, internal_number, plate_number)
      select $1, $2, 'T' || n, 'TRACK' || n from bench_trucks returning id, internal_number
    ), routes as (
      insert into public.routes (tenant_id, depo_id, name) select $1, $2, 'Track ' || n from bench_trucks returning id, name
    ), events as (
      insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour, started_at)
      select $1, $2, (now() at time zone 'Europe/Copenhagen')::date, r.id, b.user_id, c.id, 8, now()
      from bench_trucks b join cars c on c.internal_number = 'T' || b.n join routes r on r.name = 'Track ' || b.n
      returning id, car_id
    ), stops as (
      insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, lat, lng, google_estimate_time)
      select $1, e.id, $2, s, 'Benchvej ' || s, b.lat, b.lng + s * 300 / (111320 * cos(radians(b.lat))), now() + make_interval(mins => 10 * s)
      from events e join cars c on c.id = e.car_id join bench_trucks b on 'T' || b.n = c.internal_number
      cross join generate_series(1, $3::int) s
      returning plan_event_id, uuid, position
    )
    select c.id as car_id, b.lat::float8 as lat, b.lng::float8 as lng,
           array(select s.uuid::text from stops s join events e on e.id = s.plan_event_id where e.car_id = c.id order by s.position) as stop_uuids
    from cars c join bench_trucks b on 'T' || b.n = c.internal_number
    order by c.id`,
      [tenantId, depoId, STOPS_PER_TRIP],
    )
  ).rows;
  await db.query('commit');
  return {
    tenantId,
    trips: rows.map((r) => ({
      carId: Number(r.car_id),
      depoId: Number(depoId),
      lat: r.lat,
      lng: r.lng,
      stopUuids: r.stop_uuids,
    })),
  };
}

async function dropTrips(db: pg.Client, tenantId: string): Promise<void> {
  await db.query('delete from public.car_positions where tenant_id = $1', [tenantId]);
  await db.query('update public.plan_events set started_at = null where tenant_id = $1', [tenantId]);
  await db.query('delete from public.plan_events where tenant_id = $1', [tenantId]);
  await db.query('delete from public.routes where tenant_id = $1', [tenantId]);
  await db.query('delete from public.cars where tenant_id = $1', [tenantId]);
  await db.query('delete from public.tenants where id = $1', [tenantId]);
}
