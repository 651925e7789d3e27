import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { downloadOnce, type DownloadRun } from './support/download-run.ts';
import { functionWorkerPid } from './support/process-memory.ts';
import { round } from './support/stats.ts';

// A month of a large depo: 40 cars, a trip each every day for 30 days, 100 POS orders of 4 lines per trip
// (400 line items a trip, the EOD approve figure's trip): 120,000 orders, 480,000 lines.
const CARS = 40;
const DAYS = 30;
const ORDERS_PER_TRIP = 100;
const LINES_PER_ORDER = 4;
const RUNS = 3;
const TENANT = 'den-norske-isbilen'; // the sales export is not offered to the ice-cream tenant
const FIRST_DAY = '2024-03-01';

/**
 * The sales export of 30 days of that depo through the edge function, as the browser downloads it (read to the
 * end, counted, not kept): time to the first byte and to the last, the file's size and rows, and the function
 * process's resident memory sampled every 20 ms during the download against its size before it.
 */
export async function benchSalesExport(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const setupStarted = performance.now();
  const {
    rows: [made],
  } = await db.query<{ tenant_id: string; depo_id: string }>(
    `
    with t as (select id from public.tenants where slug = $1),
    d as (insert into public.depos (tenant_id, title, address) select t.id, 'Bench export ' || gen_random_uuid(), 'Benchveien 1, Oslo' from t returning tenant_id, id)
    select d.tenant_id, d.id as depo_id from d`,
    [TENANT],
  );
  const depoId = Number(made.depo_id);
  await db.query(
    `
    insert into public.cars (tenant_id, depo_id, internal_number, plate_number)
    select $1, $2, 'B' || n, 'BE ' || n from generate_series(1, ${CARS}) n`,
    [made.tenant_id, depoId],
  );
  await db.query(
    `
    insert into public.end_of_day_reports (tenant_id, depo_id, car_id, start_at, status)
    select c.tenant_id, c.depo_id, c.id, ($3::date + day) + time '09:00', 'approved'
    from public.cars c cross join generate_series(0, ${DAYS - 1}) day where c.depo_id = $2 and c.tenant_id = $1`,
    [made.tenant_id, depoId, FIRST_DAY],
  );
  await db.query(
    `
    insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id, total_revenue, total_quantity)
    select e.tenant_id, e.id, e.depo_id, e.start_at + make_interval(mins => n * 5), 'WM-' || e.id || '-' || n, 120, ${LINES_PER_ORDER}
    from public.end_of_day_reports e cross join generate_series(1, ${ORDERS_PER_TRIP}) n where e.depo_id = $1`,
    [depoId],
  );
  await db.query(
    `
    insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, category_name, product_name, wallmob_sku, quantity, total_line_amount, discount)
    select o.tenant_id, o.id, o.depo_id, 'Is', (array['Vanilje 1L','Kakao kjegler','Jordbær is','Lakris pinne'])[k], 'IS-10' || k, 1, 30, 0
    from public.eod_orders o cross join generate_series(1, ${LINES_PER_ORDER}) k where o.depo_id = $1`,
    [depoId],
  );
  await db.query('analyze public.eod_orders, public.eod_order_line_items, public.end_of_day_reports');
  const setupSeconds = round((performance.now() - setupStarted) / 1000, 1);

  const admin = createClient(info.apiUrl, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { data: session, error } = await admin.auth.signInWithPassword({
    email: `admin@${TENANT}.test`,
    password: info.demoPassword,
  });
  if (error) throw error;
  const end = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const url = `${info.apiUrl}/functions/v1/sales-export?tenant=${TENANT}&depo_id=${depoId}&start_date=${FIRST_DAY}&end_date=${end}`;
  const headers = { Authorization: `Bearer ${session.session.access_token}`, apikey: info.anonKey };

  const runs: DownloadRun[] = [];
  try {
    // One small call first so the function's process is running (a cold start is not the export).
    await (await fetch(url.replace(`end_date=${end}`, `end_date=${FIRST_DAY}`), { headers })).arrayBuffer();
    const pid = functionWorkerPid('sales-export', info.apiUrl);
    if (!pid) throw new Error('the sales-export function process was not found');
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await downloadOnce(url, headers, pid));
    }
  } finally {
    await db.query('delete from public.end_of_day_reports where depo_id = $1', [depoId]);
    await db.query('delete from public.cars where depo_id = $1', [depoId]);
    await db.query('delete from public.depos where id = $1', [depoId]);
    await db.end();
  }
  const slowest = runs.reduce((a, b) => (b.total_ms > a.total_ms ? b : a));
  return {
    name: 'sales-export',
    description: `Sales export CSV of 30 days of one depo (${CARS} cars, ${ORDERS_PER_TRIP * LINES_PER_ORDER} lines a trip: ${CARS * DAYS * ORDERS_PER_TRIP * LINES_PER_ORDER} lines) through the sales-export edge function, read to the end; memory is the function's Deno process RSS sampled every 20 ms`,
    setup_seconds: setupSeconds,
    rows: slowest.rows,
    bytes: slowest.bytes,
    total_ms_max: slowest.total_ms,
    first_byte_ms_max: Math.max(...runs.map((r) => r.first_byte_ms)),
    rss_growth_mb_max: round(Math.max(...runs.map((r) => r.rss_peak_mb - r.rss_before_mb)), 1),
    rss_peak_mb_max: Math.max(...runs.map((r) => r.rss_peak_mb)),
    runs,
  };
}
