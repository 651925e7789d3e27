// The plan-event calendar's week for a depo with 40 active cars, each planned every day of the week (280 plan
// events, 40 routes of 10 stops, 40 drivers): the week's data (the three calendar RPCs the page loads in parallel,
// over REST as the admin) and, through Chromium against the built app, the time from a client-side navigation to
// the calendar until the 40th car's row is drawn (first paint of the full week). The same functions run directly in
// Postgres are timed too, so a figure from a busy machine shows how much of it is the database.
// `npm run bench -- calendar` (needs `npm run build` first).
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { CHROMIUM } from '../tests/support/ensure-chromium.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';
import { navigateInApp, signInAsDemoAdmin } from './support/staff-browser.ts';

const CARS = 40;
const ROUNDS = 30;
// A week far from the demo world: ISO 2039-10 starts on Monday 7 March 2039.
const WEEK = '2039-10';
const MONDAY = '2039-03-07';

/** A depo of its own with 40 cars, routes and drivers, every car planned every day of the week. */
export async function arrange(db: pg.Client): Promise<number> {
  await db.query('begin');
  const depo = Number(
    (
      await db.query(
        `insert into public.depos (tenant_id, title, description, address, address_lat, address_lng)
         select id, 'BENCH calendar', 'Bench depo', 'Bench street 1', 55.6, 12.4 from public.tenants where slug = 'hjem-is' returning id`,
      )
    ).rows[0].id,
  );
  await db.query(
    `with t as (select tenant_id from public.depos where id = $1)
     insert into public.cars (tenant_id, depo_id, internal_number, plate_number) select t.tenant_id, $1, 'BENCH-CAL-' || lpad(n::text, 2, '0'), 'BC ' || n from t, generate_series(1, $2::int) n`,
    [depo, CARS],
  );
  await db.query(
    `with t as (select tenant_id from public.depos where id = $1)
     insert into public.routes (tenant_id, depo_id, name) select t.tenant_id, $1, 'BENCH calendar route ' || n from t, generate_series(1, $2::int) n`,
    [depo, CARS],
  );
  await db.query(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
     select r.tenant_id, r.id, r.depo_id, p, 'Stop ' || p, 55.6 + p / 500.0, 12.4 + p / 700.0 from public.routes r, generate_series(1, 10) p where r.depo_id = $1`,
    [depo],
  );
  // Drivers as the seed makes them (no password: they never sign in here).
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', md5('bench-calendar:' || $1::text || ':' || n)::uuid, 'authenticated', 'authenticated',
            'bench-calendar-' || $1::text || '-' || n || '@bench.test', '', now(), '{"provider":"email","providers":["email"]}', '{}', now(), now()
       from generate_series(1, $2::int) n`,
    [depo, CARS],
  );
  await db.query(
    `insert into public.staff_profiles (user_id, email, first_name, last_name)
     select md5('bench-calendar:' || $1::text || ':' || n)::uuid, 'bench-calendar-' || $1::text || '-' || n || '@bench.test', 'Bench', 'Driver ' || n from generate_series(1, $2::int) n
     on conflict (user_id) do nothing`,
    [depo, CARS],
  );
  await db.query(
    `insert into public.tenant_memberships (tenant_id, user_id, role) select d.tenant_id, md5('bench-calendar:' || $1::text || ':' || n)::uuid, 'driver'
       from public.depos d, generate_series(1, $2::int) n where d.id = $1::bigint`,
    [depo, CARS],
  );
  await db.query(
    `insert into public.membership_depos (tenant_id, user_id, depo_id) select d.tenant_id, md5('bench-calendar:' || $1::text || ':' || n)::uuid, $1::bigint
       from public.depos d, generate_series(1, $2::int) n where d.id = $1::bigint`,
    [depo, CARS],
  );
  await db.query('commit');
  // Car n drives route n with driver n every day of the week.
  await db.query(
    `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id)
     select c.tenant_id, $1::bigint, $2::date + d, r.id, md5('bench-calendar:' || $1::text || ':' || substring(c.internal_number from 11)::int)::uuid, c.id
       from public.cars c
       join public.routes r on r.depo_id = $1::bigint and r.name = 'BENCH calendar route ' || substring(c.internal_number from 11)::int
       cross join generate_series(0, 6) d
      where c.depo_id = $1::bigint`,
    [depo, MONDAY],
  );
  return depo;
}

export async function cleanUp(db: pg.Client, depo: number): Promise<void> {
  await db.query(`delete from public.plan_events where depo_id = $1`, [depo]);
  await db.query(`delete from public.routes where depo_id = $1`, [depo]);
  await db.query(`delete from public.cars where depo_id = $1`, [depo]);
  await db.query(`delete from auth.users where email like $1`, [`bench-calendar-${depo}-%@bench.test`]);
  await db.query(`delete from public.depos where id = $1`, [depo]);
}

export async function benchCalendarWeek(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  await db.connect();
  let depo = 0;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    depo = await arrange(db);
    const events = Number(
      (await db.query(`select count(*) from public.plan_events where depo_id = $1`, [depo])).rows[0].count,
    );

    // The week's data over REST, as the page loads it.
    const api = createClient(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const { error } = await api.auth.signInWithPassword({ email: 'admin@hjem-is.test', password: info.demoPassword });
    if (error) throw error;
    const data: number[] = [];
    const args = { p_depo_id: depo, p_week_start: MONDAY };
    for (let i = 0; i <= ROUNDS; i += 1) {
      const started = performance.now();
      const answers = await Promise.all([
        api.rpc('plan_event_calendar_cars', args),
        api.rpc('plan_event_calendar_events', args),
        api.rpc('plan_event_calendar_days', args),
      ]);
      const failed = answers.find((answer) => answer.error);
      if (failed) throw new Error(failed.error?.message);
      if (i > 0) data.push(performance.now() - started);
    }

    // The same three functions directly in Postgres as the admin, one after another: what the database itself costs.
    const adminId = String((await db.query(`select id from auth.users where email = 'admin@hjem-is.test'`)).rows[0].id);
    const direct: number[] = [];
    await db.query('begin');
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: adminId, role: 'authenticated' }),
    ]);
    for (let i = 0; i <= ROUNDS; i += 1) {
      const started = performance.now();
      for (const fn of ['plan_event_calendar_cars', 'plan_event_calendar_events', 'plan_event_calendar_days']) {
        await db.query(`select * from public.${fn}($1, $2)`, [depo, MONDAY]);
      }
      if (i > 0) direct.push(performance.now() - started);
    }
    await db.query('rollback');

    // First paint of the full week in the browser.
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemoAdmin(page, info);
    const path = `${info.apiUrl}/hjem-is/depo/${depo}/plan_event_templates/${WEEK}`;
    const lastRow = page.locator(`tr[data-car="BENCH-CAL-${CARS}"] td`).nth(6);
    const paint: number[] = [];
    for (let i = 0; i <= ROUNDS; i += 1) {
      await page.goto(`${info.apiUrl}/hjem-is`);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      const started = Date.now();
      await navigateInApp(page, path);
      await lastRow.getByText('BENCH calendar route').waitFor();
      // The first round warms the caches and the route's chunk.
      if (i > 0) paint.push(Date.now() - started);
    }
    return {
      name: 'calendar-week',
      cars: CARS,
      plan_events: events,
      rounds: ROUNDS,
      viewport: '1440x900',
      week_data_rest: summarise(data.map((value) => round(value))),
      week_data_sql_sequential: summarise(direct.map((value) => round(value))),
      first_paint_full_week: summarise(paint),
    };
  } finally {
    await browser.close();
    if (depo) await cleanUp(db, depo);
    await db.end();
  }
}
