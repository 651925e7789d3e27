import type { StackInfo } from '../../tests/support/stack-info.ts';
import { downloadOnce, type DownloadRun } from '../support/download-run.ts';
import { functionWorkerPid } from '../support/process-memory.ts';
import { round } from '../support/stats.ts';
import type { ScaleContext } from './scale-context.ts';
import type { MoreContext } from './scale-more-cases.ts';

export type { DownloadRun };

export interface DownloadMeasure {
  runs: DownloadRun[];
  rows: number | null;
  bytes: number;
  first_byte_ms: number;
  total_ms: number;
  rss_growth_mb: number;
  worker_found: boolean;
}

/**
 * A file download through an edge function as the browser fetches it, three times: first byte, last byte, bytes,
 * lines (rows of a CSV; an xlsx counts its newlines, not rows) and the function worker's resident memory sampled
 * every 20 ms against its size before (bounded memory: the peak does not grow with the file). `warmUrl` (a small
 * request of the same function) runs first, so a cold start is not the download.
 */
export async function measureDownload(
  info: StackInfo,
  token: string,
  fn: string,
  url: string,
  warmUrl: string,
): Promise<DownloadMeasure> {
  const headers = { Authorization: `Bearer ${token}`, apikey: info.anonKey };
  await (await fetch(warmUrl, { headers })).arrayBuffer();
  const pid = functionWorkerPid(fn, info.apiUrl);
  const runs: DownloadRun[] = [];
  for (let run = 0; run < 3; run += 1) {
    runs.push(await downloadOnce(url, headers, pid));
  }
  const slowest = runs.reduce((a, b) => (b.total_ms > a.total_ms ? b : a));
  return {
    runs,
    rows: slowest.rows,
    bytes: slowest.bytes,
    first_byte_ms: slowest.first_byte_ms,
    total_ms: slowest.total_ms,
    rss_growth_mb: round(Math.max(...runs.map((r) => r.rss_peak_mb - r.rss_before_mb)), 1),
    worker_found: pid !== undefined,
  };
}

interface Download {
  screen: string;
  request: string;
  fn: string;
  query: Record<string, string>;
  /** The same download made small, to start the worker. */
  warm: Record<string, string>;
}

/** Every export of the specs besides the sales CSV (scale-writes.ts), each with the screen's own query. */
function downloads(c: ScaleContext, m: MoreContext): Download[] {
  const start = new Date(Date.parse(`${c.today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const days = { depo_id: String(c.depoId), start_date: start, end_date: c.today };
  const today = { ...days, start_date: c.today };
  const tenant = { tenant: c.slug };
  return [
    {
      screen: 'product transfers export',
      request: `30 days of depo ${c.depoId}`,
      fn: 'sales-export',
      query: { ...tenant, kind: 'product_transfers', ...days },
      warm: { ...tenant, kind: 'product_transfers', ...today },
    },
    {
      screen: 'write-off export',
      request: `xlsx, 30 days of depo ${c.depoId}`,
      fn: 'write-off-export',
      query: { ...tenant, ...days },
      warm: { ...tenant, ...today },
    },
    {
      screen: 'stock document export',
      request: `xlsx of a car loading (transfer ${m.stockTransferId})`,
      fn: 'stock-document-export',
      query: { ...tenant, document: 'transfer', id: String(m.stockTransferId) },
      warm: { ...tenant, document: 'transfer', id: String(m.stockTransferId) },
    },
    {
      screen: 'B2B customers export',
      request: 'xlsx, all active',
      fn: 'b2b-customers-export',
      query: { ...tenant, status: 'active', depo: '', search_phrase: '', tab: 'all' },
      warm: { ...tenant, status: 'active', depo: '', search_phrase: 'S200777', tab: 'all' },
    },
    // Every customer of the tenant (the largest file the screen can ask for): is the memory bounded by the batch?
    {
      screen: 'B2B customers export',
      request: 'xlsx, every status',
      fn: 'b2b-customers-export',
      query: { ...tenant, status: 'all', depo: '', search_phrase: '', tab: 'all' },
      warm: { ...tenant, status: 'all', depo: '', search_phrase: 'S200777', tab: 'all' },
    },
    {
      screen: 'users',
      request: `staff of depo ${c.depoId} (admin-users, JSON)`,
      fn: 'admin-users',
      query: { ...tenant, depo_id: String(c.depoId), 'statuses[]': 'active' },
      warm: { ...tenant, depo_id: String(c.depoId), 'statuses[]': 'active' },
    },
  ];
}

/** The downloads of the screens named (all when none are), each measured by measureDownload. */
export async function benchScaleDownloads(
  info: StackInfo,
  token: string,
  c: ScaleContext,
  m: MoreContext,
  screens?: string[],
) {
  const results = [];
  for (const d of downloads(c, m).filter((x) => !screens || screens.includes(x.screen))) {
    const url = (query: Record<string, string>) =>
      `${info.apiUrl}/functions/v1/${d.fn}?${new URLSearchParams(query).toString()}`;
    const measure = await measureDownload(info, token, d.fn, url(d.query), url(d.warm));
    console.error(
      `${d.screen} | ${d.request} | ${measure.rows} lines, ${measure.bytes} bytes | first byte ${measure.first_byte_ms} ms | whole ${measure.total_ms} ms | +${measure.rss_growth_mb} MB`,
    );
    results.push({ screen: d.screen, request: `GET /functions/v1/${d.fn}: ${d.request}`, ...measure });
  }
  return results;
}
