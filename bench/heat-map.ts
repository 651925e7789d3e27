// The heat map of a plan event over 2 years of its route's history (issue 12's figure): a route driven every day
// for two years (730 trips of 60 stops, a tenth skipped, each visited stop with 4 sales on the trip's end-of-day
// report: ~44,000 stops and ~158,000 sales), and the same route driven weekly (105 trips), the calendar's usual
// rhythm. Measured: plan_event_heat_map over REST as the page calls it and directly in Postgres as the admin (both
// histories), and in Chromium (the daily one) the time from a client-side navigation to the heat map until its
// first paint (the figures drawn) and until the map is idle with every place on it.
// `BENCH_STACK_PORT=61200 npm run bench -- heat-map`.
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { CHROMIUM } from '../tests/support/ensure-chromium.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';
import { navigateInApp, signInAsDemoAdmin } from './support/staff-browser.ts';

const DAYS = 730;
const STOPS = 60;
const SALES_PER_STOP = 4;
const ROUNDS = 30;
const DEPO = 4;
/** The last trips' days; far from the demo world and the other benches' days (one trip per driver and day). */
const LAST_DAY = { daily: '1992-12-31', weekly: '1989-12-31' };

/** A route and its history every `everyDays` days for 2 years, set-based; answers the route and the newest plan event. */
async function arrange(
  db: pg.Client,
  everyDays: number,
  lastDay: string,
): Promise<{ routeId: number; planEventId: number }> {
  const route = await db.query<{ id: string; tenant_id: string }>(
    `insert into public.routes (tenant_id, depo_id, name) select tenant_id, id, $2 from public.depos where id = $1
     returning id, tenant_id`,
    [DEPO, `BENCH heat map every ${everyDays} days`],
  );
  const { id: routeId, tenant_id: tenantId } = route.rows[0]!;
  const user = await db.query<{ user_id: string }>(
    `select m.user_id from public.tenant_memberships m where m.tenant_id = $1 and m.role = 'admin' order by m.user_id limit 1`,
    [tenantId],
  );
  await db.query(
    `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, started_at, trip_finished_at)
     select $1, $2, d::date, $3, $4, (select c.id from public.cars c where c.depo_id = $2 order by c.id limit 1),
            d + time '08:00', d + time '17:00'
       from generate_series($5::date - 729, $5::date, make_interval(days => $6::int)) d`,
    [tenantId, DEPO, routeId, user.rows[0]!.user_id, lastDay, everyDays],
  );
  await db.query(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
     select $1, $2, $3, n, 'Stop ' || n, 56.1 + n / 500.0, 10.1 + n / 700.0 from generate_series(1, $4::int) n`,
    [tenantId, routeId, DEPO, STOPS],
  );
  // Each trip stops at every point of the route, a tenth skipped.
  await db.query(
    `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng, point_visited,
                                                 visited_at, actual_arrival_time)
     select pe.tenant_id, pe.id, rp.id, pe.depo_id, rp.position, rp.address, rp.lat, rp.lng, (rp.position + pe.id) % 10 <> 0,
            case when (rp.position + pe.id) % 10 <> 0 then pe.date + time '08:00' + make_interval(mins => rp.position * 8) end,
            case when (rp.position + pe.id) % 10 <> 0 then pe.date + time '08:00' + make_interval(mins => rp.position * 8) end
       from public.plan_events pe join public.route_points rp on rp.route_id = pe.route_id
      where pe.route_id = $1`,
    [routeId],
  );
  await db.query(
    `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, total, final_total)
     select tenant_id, depo_id, id, 0, 0 from public.plan_events where route_id = $1`,
    [routeId],
  );
  await db.query(
    `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, total_revenue)
     select s.tenant_id, r.id, s.depo_id, s.actual_arrival_time + make_interval(mins => k), 20 + (s.position * k) % 70
       from public.plan_events pe
       join public.end_of_day_reports r on r.plan_event_id = pe.id
       join public.plan_event_route_points s on s.plan_event_id = pe.id and s.actual_arrival_time is not null
       cross join generate_series(1, $2::int) k
      where pe.route_id = $1`,
    [routeId, SALES_PER_STOP],
  );
  await db.query(
    'analyze public.plan_events, public.plan_event_route_points, public.end_of_day_reports, public.eod_orders',
  );
  const newest = await db.query<{ id: string }>(
    `select id from public.plan_events where route_id = $1 order by date desc limit 1`,
    [routeId],
  );
  return { routeId: Number(routeId), planEventId: Number(newest.rows[0]!.id) };
}

async function cleanUp(db: pg.Client, routeId: number): Promise<void> {
  await db.query(
    'delete from public.end_of_day_reports where plan_event_id in (select id from public.plan_events where route_id = $1)',
    [routeId],
  );
  await db.query('update public.plan_events set started_at = null where route_id = $1', [routeId]);
  await db.query('delete from public.plan_events where route_id = $1', [routeId]);
  await db.query('delete from public.routes where id = $1', [routeId]);
}

/** plan_event_heat_map directly in Postgres as the demo admin, ROUNDS times after a warm-up. */
async function timeInSql(db: pg.Client, planEventId: number): Promise<number[]> {
  const adminId = String((await db.query(`select id from auth.users where email = 'admin@hjem-is.test'`)).rows[0].id);
  const times: number[] = [];
  await db.query('begin');
  await db.query('set local role authenticated');
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: adminId, role: 'authenticated' }),
  ]);
  for (let i = 0; i <= ROUNDS; i += 1) {
    const started = performance.now();
    await db.query('select public.plan_event_heat_map($1, $2)', ['hjem-is', planEventId]);
    if (i > 0) times.push(performance.now() - started);
  }
  await db.query('rollback');
  return times;
}

export async function benchHeatMap(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  await db.connect();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--enable-unsafe-swiftshader'],
  });
  let history: { routeId: number; planEventId: number } | undefined;
  let weekly: { routeId: number; planEventId: number } | undefined;
  try {
    history = await arrange(db, 1, LAST_DAY.daily);
    weekly = await arrange(db, 7, LAST_DAY.weekly);
    const weeklyTrips = Number(
      (await db.query('select count(*) from public.plan_events where route_id = $1', [weekly.routeId])).rows[0].count,
    );
    const counts = (
      await db.query<{ stops: string; sales: string }>(
        `select (select count(*) from public.plan_event_route_points s join public.plan_events pe on pe.id = s.plan_event_id where pe.route_id = $1) as stops,
              (select count(*) from public.eod_orders o join public.end_of_day_reports r on r.id = o.end_of_day_report_id
                 join public.plan_events pe on pe.id = r.plan_event_id where pe.route_id = $1) as sales`,
        [history.routeId],
      )
    ).rows[0]!;

    // Over REST, as the page calls it.
    const api = createClient(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const { error } = await api.auth.signInWithPassword({ email: 'admin@hjem-is.test', password: info.demoPassword });
    if (error) throw error;
    let places = 0;
    let bytes = 0;
    const overRest = async (planEventId: number) => {
      const times: number[] = [];
      for (let i = 0; i <= ROUNDS; i += 1) {
        const started = performance.now();
        const answer = await api.rpc('plan_event_heat_map', { tenant_slug: 'hjem-is', plan_event_id: planEventId });
        if (answer.error) throw new Error(answer.error.message);
        if (i > 0) times.push(performance.now() - started);
        places = (answer.data as { points: unknown[] }).points.length;
        bytes = JSON.stringify(answer.data).length;
      }
      return times;
    };
    const weeklyRest = await overRest(weekly.planEventId);
    const weeklySql = await timeInSql(db, weekly.planEventId);
    const rest = await overRest(history.planEventId);
    // Directly in Postgres as the admin: what the database itself costs.
    const direct = await timeInSql(db, history.planEventId);

    // In Chromium: first paint (the figures) and the map idle with every place.
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemoAdmin(page, info);
    const path = `${info.apiUrl}/hjem-is/depo/${DEPO}/plan_events/${history.planEventId}/heat_map`;
    const firstPaint: number[] = [];
    const mapReady: number[] = [];
    for (let i = 0; i <= ROUNDS; i += 1) {
      // Home first (a fresh page, so no heat map in the query cache), then a client-side navigation, as the report
      // menu's link is.
      await page.goto(`${info.apiUrl}/hjem-is`);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      const started = Date.now();
      await navigateInApp(page, path);
      await page.getByText(`Historical plan events (${DAYS})`).waitFor();
      const painted = Date.now() - started;
      await page.waitForFunction(
        (count) => {
          const map = document.querySelector('[data-map-idle="true"][data-heat-places]');
          return Boolean(map && Number(map.getAttribute('data-heat-places')) === count);
        },
        places,
        { timeout: 120_000 },
      );
      const ready = Date.now() - started;
      if (i > 0) {
        firstPaint.push(painted);
        mapReady.push(ready);
      }
    }
    return {
      name: 'heat-map',
      history_days: DAYS,
      plan_events: DAYS,
      stops: Number(counts.stops),
      sales: Number(counts.sales),
      places,
      answer_bytes: bytes,
      rounds: ROUNDS,
      viewport: '1440x900',
      rest: summarise(rest.map((value) => round(value))),
      sql: summarise(direct.map((value) => round(value))),
      weekly: {
        plan_events: weeklyTrips,
        rest: summarise(weeklyRest.map((value) => round(value))),
        sql: summarise(weeklySql.map((value) => round(value))),
      },
      first_paint: summarise(firstPaint),
      map_idle_with_all_places: summarise(mapReady),
    };
  } finally {
    await browser.close();
    if (history) await cleanUp(db, history.routeId);
    if (weekly) await cleanUp(db, weekly.routeId);
    await db.end();
  }
}
