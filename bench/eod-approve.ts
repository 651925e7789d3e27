import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';

const LINE_ITEMS = 400;
const LINES_PER_ORDER = 8;
const WARMUP = 3;
const RUNS = 30;

/**
 * EOD approve of a trip with 400 line items (50 orders of 8 lines over the tenant's products), as the admin
 * approves it from the list: `approve_end_of_day_report` over REST with the admin's JWT, which locks the trip's
 * reports and the car's balances, checks the stock, writes one sales transfer (its lines move the balances) and
 * marks the line items and the report. Each round is a fresh trip (own route, far-future date) with stock loaded
 * into the car's warehouse first, so every approval succeeds and moves stock.
 */
export async function benchEodApprove(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.dbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const admin = createClient(info.apiUrl, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const signIn = await admin.auth.signInWithPassword({ email: 'admin@hjem-is.test', password: info.demoPassword });
  if (signIn.error) throw new Error(`sign-in: ${signIn.error.message}`);

  const made: { routes: string[]; events: string[]; reports: string[] } = { routes: [], events: [], reports: [] };
  const latency: number[] = [];
  let products = 0;
  try {
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const {
        rows: [trip],
      } = await db.query<{ report_id: string; route_id: string; event_id: string; products: number }>(
        `
        with t as (select id from public.tenants where slug = 'hjem-is'),
        w as (select w.id, w.depo_id, w.owner_car_id from public.warehouses w join t on w.tenant_id = t.id where w.owner_type = 'car' order by w.id limit 1),
        m as (select tm.user_id from public.tenant_memberships tm join t on tm.tenant_id = t.id where tm.role = 'admin' order by tm.user_id limit 1),
        r as (insert into public.routes (tenant_id, depo_id, name) select t.id, w.depo_id, 'Bench EOD ' || gen_random_uuid() from t, w returning tenant_id, id, depo_id),
        pe as (insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id)
               select r.tenant_id, r.depo_id, date '2150-01-01' + $1::int, r.id, m.user_id, w.owner_car_id from r, m, w returning id, tenant_id, depo_id, car_id),
        e as (insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, cash_register_id, start_at)
              select pe.tenant_id, pe.depo_id, pe.id, pe.car_id, (select cr.id from public.cash_registers cr where cr.depo_id = pe.depo_id order by cr.id limit 1), now()
              from pe returning id, tenant_id, depo_id)
        select e.id as report_id, r.id as route_id, pe.id as event_id,
               (select count(*)::int from public.products p join t on p.tenant_id = t.id where p.wallmob_sku is not null) as products
          from e, r, pe`,
        [run + Math.floor(Math.random() * 20_000)],
      );
      made.routes.push(trip.route_id);
      made.events.push(trip.event_id);
      made.reports.push(trip.report_id);
      products = trip.products;
      await db.query(
        `
        with e as (select * from public.end_of_day_reports where id = $1),
        o as (insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id, total_revenue, total_quantity)
              select e.tenant_id, e.id, e.depo_id, now(), 'BENCH-' || e.id || '-' || k, 100, ${LINES_PER_ORDER} from e, generate_series(1, ${LINE_ITEMS / LINES_PER_ORDER}) k
              returning id, tenant_id, depo_id),
        p as (select row_number() over (order by p.id) as n, p.wallmob_sku, p.description from public.products p join e on p.tenant_id = e.tenant_id where p.wallmob_sku is not null)
        insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, category_name, product_name, wallmob_sku, quantity, total_line_amount)
        select o.tenant_id, o.id, o.depo_id, 'Ice cream', p.description, p.wallmob_sku, 1, 12.5
          from o cross join generate_series(1, ${LINES_PER_ORDER}) l
          join p on p.n = 1 + (o.id * ${LINES_PER_ORDER} + l) % (select count(*) from p)`,
        [trip.report_id],
      );
      // Enough stock in the car for this round (a load transfer, as the depo loads a truck).
      await db.query(
        `
        with w as (select w.* from public.warehouses w join public.plan_events pe on pe.car_id = w.owner_car_id where pe.id = $1 order by w.id limit 1),
        st as (insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, description, kind)
               select w.tenant_id, w.depo_id, w.id, 'Bench load', 'regular' from w returning id, tenant_id, depo_id)
        insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
        select st.tenant_id, st.id, st.depo_id, p.id, ${LINE_ITEMS} from st join public.products p on p.tenant_id = st.tenant_id where p.wallmob_sku is not null`,
        [trip.event_id],
      );

      const started = performance.now();
      const { error } = await admin.rpc('approve_end_of_day_report', { p_report_id: Number(trip.report_id) });
      const ms = performance.now() - started;
      if (error) throw new Error(`approve_end_of_day_report: ${error.message}`);
      if (run >= WARMUP) latency.push(ms);
    }
    const {
      rows: [check],
    } = await db.query<{ approved: number; lines_moved: number }>(
      `
      select (select count(*)::int from public.end_of_day_reports where id = any ($1::bigint[]) and status = 'approved') as approved,
             (select count(*)::int from public.eod_order_line_items li join public.eod_orders o on o.id = li.eod_order_id
               where o.end_of_day_report_id = any ($1::bigint[]) and li.stock_transfer_id is not null) as lines_moved`,
      [made.reports],
    );
    const summary = summarise(latency);
    return {
      load_average_1m: round(loadavg()[0]!),
      name: 'eod-approve',
      description: `approve_end_of_day_report over REST as the admin: a trip with ${LINE_ITEMS} line items over ${products} products, stock checked, locked and moved in one sales transfer`,
      approvals: RUNS,
      reports_approved: check.approved,
      line_items_marked: check.lines_moved,
      latency: summary,
      p95_ms: summary.p95_ms,
    };
  } finally {
    // The bench stack is thrown away; only the trips are removed so a rerun on a kept stack starts clean.
    await db.query('delete from public.end_of_day_reports where id = any ($1::bigint[])', [made.reports]);
    await db.query('delete from public.plan_events where id = any ($1::bigint[])', [made.events]);
    await db.query('delete from public.routes where id = any ($1::bigint[])', [made.routes]);
    await db.end();
    await admin.auth.signOut({ scope: 'local' });
  }
}
