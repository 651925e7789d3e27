// The plan-event report of a 60-stop trip with its driven trail (issue 12's figure), through the browser
// (Chromium against a stack serving the built app): from a client-side navigation to the report until its first
// paint (the header and the 60th stop of the list drawn), and until the map is idle with all 60 stops in its layer.
// `npm run bench -- plan-event-report` (needs `npm run build` first).
import { chromium } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM } from '../tests/support/ensure-chromium.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';
import { navigateInApp, signInAsDemoAdmin } from './support/staff-browser.ts';

const STOPS = 60;
/** A trail of this many fixes 10+ m apart: a full day's drive through 60 stops. */
const TRAIL_POINTS = 3_000;
const ROUNDS = 30;
const DEPO = 4;

/** A past trip of 60 stops (a tenth skipped), with an end-of-day report and its trail; answers its id. */
async function makeTrip(db: pg.Client): Promise<{ planEventId: number; routeId: number }> {
  const route = await db.query<{ id: string; tenant_id: string }>(
    `insert into public.routes (tenant_id, depo_id, name) select tenant_id, id, 'BENCH plan-event report' from public.depos where id = $1
     returning id, tenant_id`,
    [DEPO],
  );
  const { id: routeId, tenant_id: tenantId } = route.rows[0]!;
  await db.query(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
     select $1, $2, $3, n, 'Stop ' || n, 56.1 + n / 500.0, 10.1 + n / 700.0 from generate_series(1, $4::int) n`,
    [tenantId, routeId, DEPO, STOPS],
  );
  const user = await db.query<{ user_id: string }>(
    `select m.user_id from public.tenant_memberships m where m.tenant_id = $1 and m.role = 'admin' order by m.user_id limit 1`,
    [tenantId],
  );
  const event = await db.query<{ id: string }>(
    `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, started_at, trip_finished_at)
     select $1, $2, date '2001-06-04', $3, $4, c.id, timestamptz '2001-06-04 08:00Z', timestamptz '2001-06-04 17:00Z'
       from public.cars c where c.depo_id = $2 order by c.id limit 1 returning id`,
    [tenantId, DEPO, routeId, user.rows[0]!.user_id],
  );
  const planEventId = Number(event.rows[0]!.id);
  await db.query(
    `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng,
                                                 original_google_estimate_time, google_estimate_time, point_visited, visited_at,
                                                 actual_arrival_time, stop_duration)
     select rp.tenant_id, $2, rp.id, rp.depo_id, rp.position, rp.address, rp.lat, rp.lng,
            timestamptz '2001-06-04 08:00Z' + make_interval(mins => rp.position * 9), timestamptz '2001-06-04 08:00Z' + make_interval(mins => rp.position * 9),
            rp.position % 10 <> 0, case when rp.position % 10 <> 0 then timestamptz '2001-06-04 08:01Z' + make_interval(mins => rp.position * 9) end,
            case when rp.position % 10 <> 0 then timestamptz '2001-06-04 08:00Z' + make_interval(mins => rp.position * 9) end,
            case when rp.position % 10 <> 0 then interval '3 minutes' end
       from public.route_points rp where rp.route_id = $1`,
    [routeId, planEventId],
  );
  await db.query(
    `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, total, final_total) values ($1, $2, $3, 4321, 4321)`,
    [tenantId, DEPO, planEventId],
  );
  await db.query(
    `insert into app_private.plan_event_trail_chunks (tenant_id, plan_event_id, chunk, encoded, points)
     select $1, $2, 0, app_private.encode_polyline(array_agg(56.1 + i * 0.12 / $3 order by i), array_agg(10.1 + i * 0.086 / $3 + sin(i / 20.0) * 0.002 order by i)), $3
       from generate_series(1, $3::int) i`,
    [tenantId, planEventId, TRAIL_POINTS],
  );
  return { planEventId, routeId: Number(routeId) };
}

export async function benchPlanEventReport(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  await db.connect();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--enable-unsafe-swiftshader'],
  });
  let trip: { planEventId: number; routeId: number } | undefined;
  try {
    trip = await makeTrip(db);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemoAdmin(page, info);
    const path = `${info.apiUrl}/hjem-is/depo/${DEPO}/plan_events/${trip.planEventId}`;
    const lastStop = page
      .getByRole('list', { name: 'Stops' })
      .getByRole('listitem')
      .nth(STOPS - 1);
    const firstPaint: number[] = [];
    const mapReady: number[] = [];
    for (let i = 0; i <= ROUNDS; i += 1) {
      // Home first, so each open is a client-side navigation to the report, as a click from the calendar is.
      await page.goto(`${info.apiUrl}/hjem-is`);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      const started = Date.now();
      await navigateInApp(page, path);
      await lastStop.waitFor();
      const painted = Date.now() - started;
      await page.waitForFunction(
        (stops) => {
          const map = document.querySelector('[data-map-idle="true"][data-stop-layer]');
          return Boolean(map && (map.getAttribute('data-stop-layer') ?? '').split(' ').length === stops);
        },
        STOPS,
        { timeout: 120_000 },
      );
      const ready = Date.now() - started;
      // The first round warms the caches and the route's chunks.
      if (i > 0) {
        firstPaint.push(painted);
        mapReady.push(ready);
      }
    }
    return {
      name: 'plan-event-report',
      stops: STOPS,
      trail_points: TRAIL_POINTS,
      rounds: ROUNDS,
      viewport: '1440x900',
      first_paint: summarise(firstPaint),
      map_idle_with_all_stops: summarise(mapReady),
      first_paint_max_ms: round(Math.max(...firstPaint)),
    };
  } finally {
    await browser.close();
    if (trip) {
      await db.query('delete from public.end_of_day_reports where plan_event_id = $1', [trip.planEventId]);
      await db.query('update public.plan_events set started_at = null where id = $1', [trip.planEventId]);
      await db.query('delete from public.plan_events where id = $1', [trip.planEventId]);
      await db.query('delete from public.routes where id = $1', [trip.routeId]);
    }
    await db.end();
  }
}
