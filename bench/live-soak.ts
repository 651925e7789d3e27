// `npm run bench -- live-soak [--minutes N]` (default 30; LIVE_SOAK_MINUTES works too): issue 15's "live at scale".
// 500 trucks report every 5 s as the GPS sync writes them (one 500-row PostgREST insert with the service role a
// tick); 2,000 public tracking pages (public_tracking_stop on open and every minute, stop:<uuid>:truck joined as
// anon); 200 staff screens (depo admins, one socket each as one browser tab, with the channels a live screen
// opens: its depo's car_positions and cars, the calendar with Presence, the EOD list, the webshop orders list and
// the tenant's B2B orders list). Measured per minute: delivery latency, missed and duplicate messages, each
// tick's write and the position queue's backlog; every 30 s the memory of every stack process.
import { SignJWT } from 'jose';
import { loadavg } from 'node:os';
import pg from 'pg';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { now, PhoenixClient } from './support/phoenix-client.ts';
import {
  sampleProcessTree,
  slopePerMinute,
  type GroupMemory,
  type ProcessGroup,
} from './support/process-tree-memory.ts';
import { makeSoakFleet, type SoakTruck } from './support/soak-fleet.ts';
import { round, summarise } from './support/stats.ts';

const TRUCKS = 500;
const DEPOS = 20;
const STAFF_SCREENS = 200;
const PUBLIC_PAGES = 2_000;
const STOPS_PER_TRIP = 20;
const PERIOD_MS = 5_000;
const ETA_REFRESH_MS = 60_000;
const MEMORY_EVERY_MS = 30_000;
const STEP_M = 50;
const STOP_SPACING_M = 400;
const WAIT_TICKS = 18;
const METRES_PER_DEGREE_LAT = 111_320;
/** "Flat": every process group's memory slope over the last 10 minutes under this (MB per minute). */
const FLAT_MB_PER_MIN = 1;
const GOAL_P95_MS = 250;

export function soakMinutes(argv = process.argv, env = process.env): number {
  const at = argv.findIndex((a) => a === '--minutes' || a.startsWith('--minutes='));
  const raw = at < 0 ? env.LIVE_SOAK_MINUTES : argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  const minutes = Number(raw ?? 30);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`--minutes must be a positive number, not ${raw}`);
  return minutes;
}

interface MinuteBucket {
  staff: number[];
  public: number[];
  cars: number[];
  calendar: number[];
  eta: number[];
  etaFailures: number;
  insertMs: number[];
  lateTicks: number;
  queueDepth: number[];
  queueAgeMs: number[];
}

const bucket = (): MinuteBucket => ({
  staff: [],
  public: [],
  cars: [],
  calendar: [],
  eta: [],
  etaFailures: 0,
  insertMs: [],
  lateTicks: 0,
  queueDepth: [],
  queueAgeMs: [],
});

export async function benchLiveSoak(info: StackInfo, stack?: { pid: number }) {
  const minutes = soakMinutes();
  const ticks = Math.round((minutes * 60_000) / PERIOD_MS);
  const progress = (message: string) => console.error(`live-soak: ${message}`);
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const fleet = await makeSoakFleet(db, {
    trucks: TRUCKS,
    depos: DEPOS,
    staff: STAFF_SCREENS,
    stopsPerTrip: STOPS_PER_TRIP,
    stopSpacingM: STOP_SPACING_M,
  });
  const { trucks, staff, tenantId } = fleet;
  progress(`${trucks.length} trucks, ${staff.length} staff, ${fleet.depoIds.length} depos`);
  const trucksInDepo = new Map<number, number>();
  for (const t of trucks) trucksInDepo.set(t.depoId, (trucksInDepo.get(t.depoId) ?? 0) + 1);

  // Each tick's recorded_at (ms) -> tick index: a delivery is matched to the write it carries.
  const tickOf = new Map<number, number>();
  const minuteOfTick = (tick: number) => Math.floor((tick * PERIOD_MS) / 60_000);
  const minutesData: MinuteBucket[] = Array.from({ length: Math.ceil(minutes) + 1 }, bucket);
  let runStarted = 0;
  const minuteNow = () => Math.min(minutesData.length - 1, Math.max(0, Math.floor((now() - runStarted) / 60_000)));

  // Deliveries per (receiver, tick): exactly one message a tick for a page; exactly its depo's trucks for a screen.
  const publicCounts = new Uint8Array(PUBLIC_PAGES * ticks);
  const staffCounts = new Uint16Array(STAFF_SCREENS * ticks);
  const carsCounts = new Uint16Array(STAFF_SCREENS * ticks);
  let unmatched = 0;
  const unmatchedSamples: string[] = [];
  const noteUnmatched = (what: string) => {
    unmatched += 1;
    if (unmatchedSamples.length < 5) unmatchedSamples.push(what.slice(0, 300));
  };
  let disconnects = 0;
  const serverErrors: Record<string, number> = {};
  const otherTopicMessages: Record<string, number> = {};
  let presenceDiffs = 0;
  const calendarSent = new Map<number, number>(); // depo -> ms of the last change
  const calendarChanges = new Map<number, number>(); // depo -> changes made
  const calendarReceived = new Uint16Array(STAFF_SCREENS);

  const clients: PhoenixClient[] = [];
  const watch = (c: PhoenixClient) => {
    c.onClose = () => {
      if (runStarted) disconnects += 1;
    };
    clients.push(c);
  };

  // 200 staff screens.
  const secret = new TextEncoder().encode(info.jwtSecret);
  const tokenHours = Math.ceil(minutes / 60) + 1;
  let presenceTracks = 0;
  const screens = await Promise.all(
    staff.map(async (person, screen) => {
      const token = await new SignJWT({ role: 'authenticated', aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(person.userId)
        .setIssuedAt()
        .setExpirationTime(`${tokenHours}h`)
        .sign(secret);
      return { person, screen, token };
    }),
  );
  const openScreen = async ({ person, screen, token }: (typeof screens)[number]) => {
    const c = await PhoenixClient.connect(info.apiUrl, info.anonKey);
    watch(c);
    const d = person.depoId;
    const topics = {
      positions: `depo:${d}:car_positions`,
      cars: `depo:${d}:cars`,
      calendar: `depo:${d}:plan_event_calendar`,
      eod: `depo:${d}:end_of_day_reports`,
      webshop: `depo:${d}:webshop_orders`,
      b2b: `tenant:${tenantId}:b2b_orders`,
    };
    c.onBroadcast = (event, payload, at, topic) => {
      if (topic === topics.positions && event === 'positions') {
        const positions = payload.positions as Array<{ recorded_at: string }>;
        const tick = tickOf.get(Date.parse(positions[0]!.recorded_at));
        if (tick === undefined) return noteUnmatched(`${topic} ${event} ${JSON.stringify(payload)}`);
        staffCounts[screen * ticks + tick] += positions.length;
        minutesData[minuteOfTick(tick)]!.staff.push(at - Date.parse(positions[0]!.recorded_at));
      } else if (topic === topics.cars && event === 'locations') {
        for (const car of payload.cars as Array<{ latest_location_updated_at: string }>) {
          const fixAt = Date.parse(car.latest_location_updated_at);
          const tick = tickOf.get(fixAt);
          if (tick === undefined) continue;
          carsCounts[screen * ticks + tick] += 1;
          minutesData[minuteOfTick(tick)]!.cars.push(at - fixAt);
        }
      } else if (topic === topics.calendar && event === 'plan_events_changed') {
        calendarReceived[screen] += 1;
        minutesData[minuteNow()]!.calendar.push(at - (calendarSent.get(d) ?? at));
      } else
        otherTopicMessages[`${topic.replace(/\d+|[0-9a-f-]{36}/g, '<id>')} ${event}`] =
          (otherTopicMessages[`${topic.replace(/\d+|[0-9a-f-]{36}/g, '<id>')} ${event}`] ?? 0) + 1;
    };
    c.onOther = (event) => {
      if (event === 'presence_diff') presenceDiffs += 1;
      else if (event === 'phx_error' || event === 'phx_close' || event === 'system')
        serverErrors[event] = (serverErrors[event] ?? 0) + 1;
    };
    await c.join(topics.positions, { private: true, accessToken: token });
    await c.join(topics.cars, { private: true, accessToken: token });
    await c.join(topics.calendar, { private: true, accessToken: token, presenceKey: person.userId });
    if (
      (await c.track(topics.calendar, {
        user_id: person.userId,
        email: `${person.userId}@bench.test`,
        week: '2026-W48',
        cell: null,
      })) === 'ok'
    )
      presenceTracks += 1;
    await c.join(topics.eod, { private: true, accessToken: token });
    await c.join(topics.webshop, { private: true, accessToken: token });
    await c.join(topics.b2b, { private: true, accessToken: token });
    return { c, topics, person };
  };
  const openScreens: Array<Awaited<ReturnType<typeof openScreen>>> = [];
  for (let i = 0; i < screens.length; i += 20)
    openScreens.push(...(await Promise.all(screens.slice(i, i + 20).map(openScreen))));
  progress(`${openScreens.length} staff screens open (${presenceTracks} tracked on the calendar)`);

  // 2,000 public tracking pages: 4 per truck, each on its own stop.
  const timers: NodeJS.Timeout[] = [];
  const rpc = async (name: string, body: unknown) => {
    const response = await fetch(`${info.apiUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: info.anonKey, authorization: `Bearer ${info.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    return response.json() as Promise<{ car: { id: number } | null } | null>;
  };
  const openPage = async (page: number) => {
    const truck = trucks[page % trucks.length]!;
    const stopUuid = truck.stopUuids[Math.floor(page / trucks.length) % truck.stopUuids.length]!;
    const stop = await rpc('public_tracking_stop', { stop_uuid: stopUuid });
    if (stop?.car?.id !== truck.carId) throw new Error(`page ${page}: the stop came without its truck`);
    const c = await PhoenixClient.connect(info.apiUrl, info.anonKey);
    watch(c);
    c.onBroadcast = (event, payload, at) => {
      if (event !== 'position') return;
      const fixAt = Date.parse(String(payload.recorded_at));
      const tick = tickOf.get(fixAt);
      if (tick === undefined || payload.car_id !== truck.carId)
        return noteUnmatched(`car:${truck.carId} ${event} ${JSON.stringify(payload)}`);
      publicCounts[page * ticks + tick] += 1;
      minutesData[minuteOfTick(tick)]!.public.push(at - fixAt);
    };
    c.onOther = (event) => {
      if (event === 'phx_error' || event === 'phx_close' || event === 'system')
        serverErrors[event] = (serverErrors[event] ?? 0) + 1;
    };
    await c.join(`stop:${stopUuid}:truck`, { private: true });
    // The page's minute refresh of its stop (and estimate), spread over the minute as pages open at different times.
    const refresh = () => {
      const t0 = now();
      const m = minuteNow();
      rpc('public_tracking_stop', { stop_uuid: stopUuid })
        .then(() => minutesData[m]!.eta.push(now() - t0))
        .catch(() => (minutesData[m]!.etaFailures += 1));
    };
    timers.push(
      setTimeout(() => {
        refresh();
        timers.push(setInterval(refresh, ETA_REFRESH_MS));
      }, Math.random() * ETA_REFRESH_MS),
    );
  };
  for (let i = 0; i < PUBLIC_PAGES; i += 50)
    await Promise.all(Array.from({ length: Math.min(50, PUBLIC_PAGES - i) }, (_, k) => openPage(i + k)));
  progress(`${PUBLIC_PAGES} tracking pages open`);

  // Memory of every stack process every 30 s (the bench's own process is not under the stack's).
  const memory: Array<{
    minute: number;
    load_average: number[];
    groups: Record<string, GroupMemory>;
    db_size_mb: number;
  }> = [];
  const sampleMemory = async () => {
    if (!stack) return;
    const size = await db
      .query<{ mb: number }>(`select pg_database_size(current_database()) / 1048576.0 as mb`)
      .catch(() => ({ rows: [{ mb: Number.NaN }] }));
    memory.push({
      minute: round((now() - runStarted) / 60_000),
      load_average: loadavg().map((l) => round(l)),
      groups: sampleProcessTree(stack.pid),
      db_size_mb: round(Number(size.rows[0]!.mb)),
    });
  };

  // Staff screens re-track their Presence (another week, another cell) every two minutes, as people move about.
  const retrack = (i: number) => {
    const s = openScreens[i]!;
    void s.c.track(s.topics.calendar, {
      user_id: s.person.userId,
      email: `${s.person.userId}@bench.test`,
      week: `2026-W${40 + (Math.floor(now() / 120_000) % 10)}`,
      cell: null,
    });
  };

  runStarted = now();
  await sampleMemory();
  timers.push(setInterval(() => void sampleMemory(), MEMORY_EVERY_MS));
  openScreens.forEach((_, i) =>
    timers.push(
      setTimeout(() => {
        retrack(i);
        timers.push(setInterval(() => retrack(i), 120_000));
      }, Math.random() * 120_000),
    ),
  );
  // A calendar change every minute, one depo after another: one plan event's start minute flips.
  let calendarTurn = 0;
  const changeCalendar = async () => {
    const depoId = fleet.depoIds[calendarTurn % fleet.depoIds.length]!;
    calendarTurn += 1;
    const truck = trucks.find((t) => t.depoId === depoId)!;
    calendarSent.set(depoId, now());
    calendarChanges.set(depoId, (calendarChanges.get(depoId) ?? 0) + 1);
    await db.query(
      `update public.plan_events set start_at_min = case when start_at_min = 0 then 5 else 0 end where id = $1`,
      [truck.planEventId],
    );
  };
  timers.push(
    setInterval(
      () => void changeCalendar().catch((e: unknown) => progress(`calendar change failed: ${String(e)}`)),
      60_000,
    ),
  );

  for (let tick = 0; tick < ticks; tick += 1) {
    const due = runStarted + tick * PERIOD_MS;
    while (now() < due) await new Promise((resolve) => setTimeout(resolve, Math.min(50, due - now())));
    const m = minutesData[minuteOfTick(tick)]!;
    const queue = (
      await db.query<{ depth: string; age_ms: number | null }>(
        `select count(*) as depth, extract(epoch from clock_timestamp() - min(recorded_at)) * 1000 as age_ms from app_private.car_position_queue`,
      )
    ).rows[0]!;
    m.queueDepth.push(Number(queue.depth));
    m.queueAgeMs.push(Number(queue.age_ms ?? 0));
    const recordedAt = new Date();
    tickOf.set(recordedAt.getTime(), tick);
    const rows = trucks.map((t) => positionRow(tenantId, t, recordedAt.toISOString()));
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
    m.insertMs.push(now() - t0);
    if (now() - due > PERIOD_MS) m.lateTicks += 1;
    if ((tick + 1) % 12 === 0) progress(`minute ${minuteOfTick(tick) + 1}/${minutes}: ${describe(m)}`);
  }
  // The last tick's deliveries.
  const lastTick = ticks - 1;
  const deadline = now() + 15_000;
  const lastDone = () => {
    for (let p = 0; p < PUBLIC_PAGES; p += 1) if (!publicCounts[p * ticks + lastTick]) return false;
    return true;
  };
  while (!lastDone() && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await sampleMemory();
  for (const t of timers) clearTimeout(t);
  for (const c of clients) {
    c.onClose = () => undefined;
    c.close();
  }
  const visits = (
    await db.query<{ visited: string }>(
      `select count(*) as visited from public.plan_event_route_points where tenant_id = $1 and point_visited`,
      [tenantId],
    )
  ).rows[0]!;
  await db.end();

  // Missed and duplicates, per receiver and tick.
  let publicMissed = 0,
    publicDuplicates = 0,
    staffMissed = 0,
    staffDuplicates = 0,
    carsDelivered = 0;
  for (let i = 0; i < publicCounts.length; i += 1) {
    if (publicCounts[i] === 0) publicMissed += 1;
    else if (publicCounts[i]! > 1) publicDuplicates += publicCounts[i]! - 1;
  }
  openScreens.forEach(({ person }, screen) => {
    const expected = trucksInDepo.get(person.depoId) ?? 0;
    for (let tick = 0; tick < ticks; tick += 1) {
      const got = staffCounts[screen * ticks + tick]!;
      if (got < expected) staffMissed += expected - got;
      else staffDuplicates += got - expected;
      carsDelivered += carsCounts[screen * ticks + tick]!;
    }
  });
  let calendarMissed = 0,
    calendarDuplicates = 0;
  openScreens.forEach(({ person }, screen) => {
    const expected = calendarChanges.get(person.depoId) ?? 0;
    const got = calendarReceived[screen]!;
    if (got < expected) calendarMissed += expected - got;
    else calendarDuplicates += got - expected;
  });

  const perMinute = minutesData
    .filter((m) => m.insertMs.length)
    .map((m, minute) => ({
      minute: minute + 1,
      staff_positions: summarise(m.staff),
      public_position: summarise(m.public),
      all_positions: summarise([...m.staff, ...m.public]),
      cars_locations: summarise(m.cars),
      calendar: summarise(m.calendar),
      eta_fetch: { ...summarise(m.eta), failures: m.etaFailures },
      insert_ms: summarise(m.insertMs),
      late_ticks: m.lateTicks,
      queue_depth_max: Math.max(0, ...m.queueDepth),
      queue_oldest_ms_max: round(Math.max(0, ...m.queueAgeMs)),
    }));

  // Flatness: each group's slope over the last 10 minutes (or the last half of a shorter run). Postgres is judged
  // on its private memory: shared_buffers (a fixed pool) shows in every backend's RSS as pages are first touched.
  const windowStart = Math.max(0, (memory.at(-1)?.minute ?? 0) - Math.min(10, minutes / 2));
  const tail = memory.filter((s) => s.minute >= windowStart);
  const groups = [...new Set(memory.flatMap((s) => Object.keys(s.groups)))] as ProcessGroup[];
  const slopes = Object.fromEntries(
    groups.map((g) => {
      const series = (field: keyof GroupMemory) =>
        tail.filter((s) => s.groups[g]).map((s) => ({ minute: s.minute, mb: s.groups[g]![field] }));
      return [
        g,
        {
          rss_mb_per_min: round(slopePerMinute(series('rss_mb')), 3),
          pss_mb_per_min: round(slopePerMinute(series('pss_mb')), 3),
          private_mb_per_min: round(slopePerMinute(series('private_mb')), 3),
          first_rss_mb: memory[0]?.groups[g]?.rss_mb ?? null,
          last_rss_mb: memory.at(-1)?.groups[g]?.rss_mb ?? null,
        },
      ];
    }),
  );
  const flat = Object.entries(slopes).every(
    ([g, s]) => (g === 'postgres' ? s.private_mb_per_min : s.rss_mb_per_min) <= FLAT_MB_PER_MIN,
  );

  const allPositions = summarise(minutesData.flatMap((m) => [...m.staff, ...m.public]));
  const steady = perMinute.slice(1);
  const firstP95 = steady.slice(0, Math.max(1, Math.floor(steady.length / 3))).map((m) => m.all_positions.p95_ms);
  const lastP95 = steady.slice(-Math.max(1, Math.floor(steady.length / 3))).map((m) => m.all_positions.p95_ms);
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;
  const lateTicks = perMinute.reduce((s, m) => s + m.late_ticks, 0);
  const insertMs = summarise(minutesData.flatMap((m) => m.insertMs));
  const missed = publicMissed + staffMissed + calendarMissed;
  const duplicates = publicDuplicates + staffDuplicates + calendarDuplicates;

  return {
    name: minutes === 30 ? 'live-soak' : `live-soak-${minutes}min`,
    description:
      `${minutes} min: ${TRUCKS} trucks every ${PERIOD_MS / 1000} s (one ${TRUCKS}-row PostgREST insert a tick, ${ticks} ticks) over ${DEPOS} depos; ` +
      `${PUBLIC_PAGES} public tracking pages (stop:<uuid>:truck as anon, public_tracking_stop on open and every minute); ` +
      `${STAFF_SCREENS} staff screens (depo admins, one socket each: depo car_positions, cars, plan_event_calendar with Presence, ` +
      `end_of_day_reports, webshop_orders, tenant b2b_orders); a calendar change a minute. Latency from the fix's recorded_at to delivery; ` +
      `memory of every stack process (not the bench client) every 30 s`,
    minutes,
    ticks,
    positions_latency: allPositions,
    staff_positions_latency: summarise(minutesData.flatMap((m) => m.staff)),
    public_position_latency: summarise(minutesData.flatMap((m) => m.public)),
    cars_locations_latency: summarise(minutesData.flatMap((m) => m.cars)),
    calendar_latency: summarise(minutesData.flatMap((m) => m.calendar)),
    eta_fetch: {
      ...summarise(minutesData.flatMap((m) => m.eta)),
      failures: minutesData.reduce((s, m) => s + m.etaFailures, 0),
    },
    drift: { p95_ms_median_first_third: median(firstP95), p95_ms_median_last_third: median(lastP95) },
    deliveries: {
      public_expected: PUBLIC_PAGES * ticks,
      public_missed: publicMissed,
      public_duplicates: publicDuplicates,
      staff_positions_expected: STAFF_SCREENS * ticks * (TRUCKS / DEPOS),
      staff_missed: staffMissed,
      staff_duplicates: staffDuplicates,
      cars_locations_delivered: carsDelivered,
      calendar_expected: openScreens.reduce((s, { person }) => s + (calendarChanges.get(person.depoId) ?? 0), 0),
      calendar_missed: calendarMissed,
      calendar_duplicates: calendarDuplicates,
      presence_diffs: presenceDiffs,
      other_messages: otherTopicMessages,
      unmatched,
      unmatched_samples: unmatchedSamples,
      server_errors: serverErrors,
      disconnects,
    },
    backlog: {
      insert_request_ms: insertMs,
      late_ticks: lateTicks,
      queue_depth_max: Math.max(0, ...perMinute.map((m) => m.queue_depth_max)),
      queue_oldest_ms_max: Math.max(0, ...perMinute.map((m) => m.queue_oldest_ms_max)),
    },
    stops_visited: Number(visits.visited),
    memory_slopes: slopes,
    memory_flat_bound_mb_per_min: FLAT_MB_PER_MIN,
    memory_flat: flat,
    per_minute: perMinute,
    memory_samples: memory,
    goal:
      `positions p95 <= ${GOAL_P95_MS} ms every minute, nothing missed or doubled, every tick written within its ${PERIOD_MS / 1000} s, ` +
      `every stack process's memory slope over the last 10 min <= ${FLAT_MB_PER_MIN} MB/min (postgres: private memory)`,
    goal_met:
      perMinute.every((m) => m.all_positions.p95_ms <= GOAL_P95_MS) &&
      missed === 0 &&
      duplicates === 0 &&
      lateTicks === 0 &&
      disconnects === 0 &&
      flat,
    p50_ms: round(allPositions.p50_ms),
  };
}

function describe(m: MinuteBucket): string {
  const all = summarise([...m.staff, ...m.public]);
  return (
    `positions p50 ${Math.round(all.p50_ms)} p95 ${Math.round(all.p95_ms)} p99 ${Math.round(all.p99_ms)} ms (${all.samples}), ` +
    `insert max ${Math.round(Math.max(...m.insertMs))} ms, queue max ${Math.max(0, ...m.queueDepth)}, eta p95 ${Math.round(summarise(m.eta).p95_ms)} ms`
  );
}

function positionRow(tenantId: string, t: SoakTruck, recordedAt: string) {
  if (t.waiting > 0) t.waiting -= 1;
  else {
    t.along += STEP_M;
    if (t.along % STOP_SPACING_M === 0) t.waiting = WAIT_TICKS;
  }
  const lng = t.origin.lng + t.along / (METRES_PER_DEGREE_LAT * Math.cos((t.origin.lat * Math.PI) / 180));
  return {
    tenant_id: tenantId,
    car_id: t.carId,
    depo_id: t.depoId,
    recorded_at: recordedAt,
    lat: t.origin.lat,
    lng,
    speed_kmh: t.waiting ? 0 : 36,
    heading: 90,
  };
}
