// `npx tsx bench/scale/scale-table.ts [name]`: the tables of one scale run from bench/results/<name>.json
// (scale.json by default): the reads, EOD approve and the sales export, then the downloads. docs/performance.md
// renders scale.json's reads with `npm run docs:bench`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import type { ScaleRow } from '../scale.ts';

interface ScaleResult {
  rows: ScaleRow[];
  eod_approve: null | {
    request: string;
    approvals: number;
    line_items_per_report: number;
    p50_ms: number;
    p95_ms: number;
  };
  sales_export: null | {
    request: string;
    rows: number;
    first_byte_ms: number;
    total_ms: number;
    rss_growth_mb: number;
  };
  downloads?: {
    screen: string;
    request: string;
    rows: number | null;
    bytes: number;
    first_byte_ms: number;
    total_ms: number;
    rss_growth_mb: number;
  }[];
  load_average: number[];
}

const result = JSON.parse(
  readFileSync(path.join(ROOT_DIR, 'bench', 'results', `${process.argv[2] ?? 'scale'}.json`), 'utf8'),
) as ScaleResult;
const lines = ['| screen | request | rows | p50 ms | p95 ms | plan ok |', '|---|---|---|---|---|---|'];
for (const row of result.rows) {
  lines.push(
    `| ${row.screen} | ${row.kind === 'rpc' ? 'RPC' : 'REST'}: ${row.request} | ${row.rows} | ${row.p50_ms} | ${row.p95_ms} | ${row.plan_ok ? 'yes' : `no: ${row.seq_scans.join(', ')}`} |`,
  );
}
// A run of some screens only (SCALE_ONLY) has neither the writes nor the sales export.
const eod = result.eod_approve;
if (eod)
  lines.push(
    `| EOD approve | RPC: ${eod.request} (${eod.approvals} reports of ${eod.line_items_per_report} lines) | 1 | ${eod.p50_ms} | ${eod.p95_ms} | (write) |`,
  );
const exp = result.sales_export;
if (exp)
  lines.push(
    `| sales export | ${exp.request}: first byte ${exp.first_byte_ms} ms, worker memory +${exp.rss_growth_mb} MB | ${exp.rows} | | ${exp.total_ms} (whole file) | (stream) |`,
  );
if (result.downloads?.length) {
  lines.push(
    '',
    '| download | request | lines | bytes | first byte ms | whole file ms | worker memory growth MB |',
    '|---|---|---|---|---|---|---|',
  );
  for (const d of result.downloads)
    lines.push(
      `| ${d.screen} | ${d.request} | ${d.rows ?? ''} | ${d.bytes} | ${d.first_byte_ms} | ${d.total_ms} | ${d.rss_growth_mb} |`,
    );
}
console.log(lines.join('\n'));
console.log(`\nload average at the time: ${result.load_average.join(', ')}`);
