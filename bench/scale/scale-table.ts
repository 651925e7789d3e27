// `npx tsx bench/scale/scale-table.ts`: the README's "Performance at scale" table from bench/results/scale.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import type { ScaleRow } from '../scale.ts';

interface ScaleResult {
  rows: ScaleRow[];
  eod_approve: { request: string; approvals: number; line_items_per_report: number; p50_ms: number; p95_ms: number };
  sales_export: { request: string; rows: number; first_byte_ms: number; total_ms: number; rss_growth_mb: number };
  load_average: number[];
}

const result = JSON.parse(readFileSync(path.join(ROOT_DIR, 'bench', 'results', 'scale.json'), 'utf8')) as ScaleResult;
const lines = ['| screen | request | rows | p50 ms | p95 ms | plan ok |', '|---|---|---|---|---|---|'];
for (const row of result.rows) {
  lines.push(`| ${row.screen} | ${row.kind === 'rpc' ? 'RPC' : 'REST'}: ${row.request} | ${row.rows} | ${row.p50_ms} | ${row.p95_ms} | ${row.plan_ok ? 'yes' : `no: ${row.seq_scans.join(', ')}`} |`);
}
const eod = result.eod_approve;
lines.push(`| EOD approve | RPC: ${eod.request} (${eod.approvals} reports of ${eod.line_items_per_report} lines) | 1 | ${eod.p50_ms} | ${eod.p95_ms} | (write) |`);
const exp = result.sales_export;
lines.push(`| sales export | ${exp.request}: first byte ${exp.first_byte_ms} ms, worker memory +${exp.rss_growth_mb} MB | ${exp.rows} | | ${exp.total_ms} (whole file) | (stream) |`);
console.log(lines.join('\n'));
console.log(`\nload average at the time: ${result.load_average.join(', ')}`);
