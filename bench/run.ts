// `npm run bench`: starts a fresh stack with the demo data in its own process, measures, and writes each
// result as JSON under bench/results/. Pass names to run only some: npm run bench -- rest fanout
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';
import { startBenchStack, type BenchStack } from './support/bench-stack.ts';
import { benchRestOverhead } from './rest-overhead.ts';
import { benchBroadcastFanout } from './broadcast-fanout.ts';
import { benchDbBroadcast } from './db-broadcast.ts';
import { benchLivePositions } from './live-positions.ts';
import { benchStackReady } from './stack-ready.ts';
import { benchB2bCustomersList } from './b2b-customers-list.ts';
import { benchFirstRow } from './first-row.ts';
import { benchArrivalEstimates } from './arrival-estimates.ts';
import { routeBundles } from './route-bundles.ts';
import { publicBundles } from './public-bundles.ts';
import { benchNearestStops } from './nearest-stops.ts';
import { benchSmsDispatch } from './sms-dispatch.ts';
import { benchTracking } from './tracking.ts';
import { benchRoutePointsEditor } from './route-points-editor.ts';
import { benchPlanEventReport } from './plan-event-report.ts';
import { benchCalendarWeek } from './calendar-week.ts';
import { benchHeatMap } from './heat-map.ts';
import { benchEodApprove } from './eod-approve.ts';
import { benchSalesExport } from './sales-export.ts';
import { benchStockTransfers } from './stock-transfers.ts';
import { benchFaults } from './faults.ts';
import { benchScale } from './scale.ts';
import { benchWarehouseProducts } from './warehouse-products.ts';
import { benchLiveSoak } from './live-soak.ts';
import { benchXlsxMemory } from './xlsx-memory.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';

type Bench = (info: StackInfo, stack?: Pick<BenchStack, 'pid'>) => Promise<{ name: string }>;
const BENCHES: Record<string, Bench> = {
  rest: benchRestOverhead,
  fanout: benchBroadcastFanout,
  'db-broadcast': benchDbBroadcast,
  positions: benchLivePositions,
  b2b: benchB2bCustomersList,
  estimates: benchArrivalEstimates,
  sms: benchSmsDispatch,
  'nearest-stops': benchNearestStops,
  'first-row': benchFirstRow,
  tracking: benchTracking,
  'route-points': benchRoutePointsEditor,
  'plan-event-report': benchPlanEventReport,
  calendar: benchCalendarWeek,
  'heat-map': benchHeatMap,
  'eod-approve': benchEodApprove,
  'sales-export': benchSalesExport,
  'stock-transfers': benchStockTransfers,
  faults: benchFaults,
  scale: benchScale,
  'warehouse-products': benchWarehouseProducts,
  'live-soak': benchLiveSoak,
  'xlsx-memory': benchXlsxMemory,
};

// Only when named: the soak is long (npm run bench -- live-soak [--minutes N]); scale needs the data of seed:scale.
const ONLY_WHEN_NAMED = new Set(['live-soak', 'scale']);

// These drive the app in Chromium: the bench stack builds it against itself first (its anon key), and serves it.
const IN_THE_BROWSER = new Set([
  'first-row',
  'tracking',
  'route-points',
  'plan-event-report',
  'calendar',
  'heat-map',
  'warehouse-products',
]);

async function main(): Promise<void> {
  // Options and their values (--minutes 2) are not bench names.
  const wanted = process.argv.slice(2).filter((a, i, all) => !a.startsWith('-') && all[i - 1] !== '--minutes');
  const selected = Object.entries(BENCHES).filter(([key]) =>
    wanted.length ? wanted.includes(key) : !ONLY_WHEN_NAMED.has(key),
  );
  const outDir = path.join(ROOT_DIR, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const write = (result: { name: string }) => {
    // The 1, 5 and 15 minute load averages when the result was written: a figure from a busy machine reads as such.
    const load_average = loadavg().map((load) => Math.round(load * 100) / 100);
    const record = {
      ...result,
      measured_at: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      load_average,
    };
    writeFileSync(path.join(outDir, `${result.name}.json`), `${JSON.stringify(record, null, 2)}\n`);
    console.log(JSON.stringify(record, null, 2));
  };
  if (selected.length) {
    // BENCH_STACK_INFO_FILE: measure a running stack instead (the scale bench's data takes minutes to load, so it
    // is loaded once with `npm run seed:scale` and kept between runs).
    const stack = process.env.BENCH_STACK_INFO_FILE
      ? {
          info: JSON.parse(readFileSync(process.env.BENCH_STACK_INFO_FILE, 'utf8')) as StackInfo,
          stop: () => Promise.resolve(),
        }
      : await startBenchStack({ buildApp: selected.some(([key]) => IN_THE_BROWSER.has(key)) });
    try {
      for (const [, bench] of selected) write(await bench(stack.info, 'pid' in stack ? stack : undefined));
    } finally {
      await stack.stop();
    }
  }
  if (!wanted.length || wanted.includes('ready')) write(await benchStackReady());
  // No stack: reads the last build's manifest.
  if (!wanted.length || wanted.includes('bundles')) write(routeBundles());
  if (!wanted.length || wanted.includes('public-bundles')) write(publicBundles());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
