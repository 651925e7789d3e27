import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import type { Database } from '../../src/shared/supabase/database.types.ts';
import type { StackInfo } from '../../tests/support/stack-info.ts';
import { summarise } from '../support/stats.ts';
import type { ScaleContext } from './scale-context.ts';
import { measureDownload } from './scale-downloads.ts';

const APPROVALS = Number(process.env.SCALE_APPROVALS ?? 20);

/**
 * EOD approve at scale: the depo's oldest pending reports (driven trips of the last two weeks, their POS orders
 * and lines as loaded), each approved over REST as the admin presses Approve. Stock for the sold products is
 * loaded into the car first (a transfer, as the depo loads a truck), so every approval succeeds and moves stock.
 * The reports stay approved: a rerun takes the next ones.
 */
export async function benchScaleEodApprove(db: pg.Client, client: SupabaseClient<Database>, context: ScaleContext) {
  const { rows: reports } = await db.query<{ id: string; lines: string }>(
    `select r.id, (select count(*) from public.eod_order_line_items l join public.eod_orders o on o.id = l.eod_order_id
                    where o.end_of_day_report_id = r.id) as lines
       from public.end_of_day_reports r
      where r.depo_id = $1 and r.status = 'pending' and r.plan_event_id is not null
      order by r.start_at, r.id limit $2`,
    [context.depoId, APPROVALS],
  );
  const times: number[] = [];
  for (const report of reports) {
    await db.query(
      `with r as (select r.* from public.end_of_day_reports r where r.id = $1),
            w as (select w.* from public.warehouses w join r on w.owner_car_id = r.car_id),
            st as (insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, description, kind)
                   select w.tenant_id, w.depo_id, w.id, 'Bench load', 'regular' from w returning id, tenant_id, depo_id)
       insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
       select st.tenant_id, st.id, st.depo_id, p.id, 1000
         from st join public.products p on p.tenant_id = st.tenant_id
        where p.wallmob_sku in (select l.wallmob_sku from public.eod_order_line_items l join public.eod_orders o on o.id = l.eod_order_id
                                  where o.end_of_day_report_id = $1)`,
      [report.id],
    );
    const started = performance.now();
    const { error } = await client.rpc('approve_end_of_day_report', { p_report_id: Number(report.id) });
    const ms = performance.now() - started;
    if (error) throw new Error(`approve_end_of_day_report ${report.id}: ${error.message}`);
    times.push(ms);
  }
  const summary = summarise(times);
  return {
    request: 'approve_end_of_day_report over REST as the admin (stock checked, locked and moved in one sales transfer)',
    approvals: times.length,
    line_items_per_report: reports.length ? Number(reports[0].lines) : 0,
    p50_ms: summary.p50_ms,
    p95_ms: summary.p95_ms,
  };
}

/**
 * The sales export of the longest range it allows (30 days) of the depo through the `sales-export` function, as the browser downloads it:
 * first byte, last byte, rows, and the function worker's resident memory sampled every 20 ms against its size
 * before (bounded memory: the peak does not grow with the file).
 */
export async function benchScaleSalesExport(info: StackInfo, token: string, context: ScaleContext) {
  const start = new Date(Date.parse(`${context.today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const url = `${info.apiUrl}/functions/v1/sales-export?tenant=${context.slug}&depo_id=${context.depoId}&start_date=${start}&end_date=${context.today}`;
  // A one-day export first, so the worker is running (a cold start is not the export).
  const measure = await measureDownload(
    info,
    token,
    'sales-export',
    url,
    url.replace(`start_date=${start}`, `start_date=${context.today}`),
  );
  return {
    request: `GET /functions/v1/sales-export, depo ${context.depoId}, ${start} to ${context.today}`,
    runs: measure.runs,
    rows: measure.rows,
    first_byte_ms: measure.first_byte_ms,
    total_ms: measure.total_ms,
    rss_growth_mb: measure.rss_growth_mb,
    worker_found: measure.worker_found,
  };
}
