// Not a function (a `_` folder): run by bench/xlsx-memory.ts under Deno (the edge functions' runtime): streams a workbook of ROWS rows in batches
// of 1,000, as an export function does, reads and drops its bytes, and prints the heap after a full GC at each
// tenth of the way. A writer that kept the sheet would grow with the rows; a streaming one stays flat.
import { xlsxStream, type Cell } from '../_shared/xlsx-stream.ts';

const rows = Number(Deno.args[0] ?? 100_000);
const batch = 1000;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --v8-flags=--expose-gc');

const samples: { rows: number; heap_mb: number; external_mb: number; rss_mb: number }[] = [];
const sample = async (done: number) => {
  // Array buffers are swept after the collection, concurrently: a turn of the event loop and a second one.
  gc();
  await new Promise((resolve) => setTimeout(resolve, 10));
  gc();
  const m = Deno.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
  // external: array buffers (the deflated chunks) live outside the JS heap.
  samples.push({ rows: done, heap_mb: mb(m.heapUsed), external_mb: mb(m.external), rss_mb: mb(m.rss) });
};

async function* batches(): AsyncGenerator<Cell[][]> {
  for (let start = 0; start < rows; start += batch) {
    if (start % (rows / 10) === 0) await sample(start);
    const cells: Cell[][] = [];
    for (let n = start; n < Math.min(rows, start + batch); n++) {
      cells.push([
        `S${200000 + n}`,
        'Kiosk',
        `Kiosk ${n} ApS`,
        `B-${n}`,
        `Hovedgaden ${1 + (n % 150)}`,
        '4000',
        `+45 60 ${n}`,
        'Depo Roskilde, Depo Køge',
        '01-12-2026, 08-12-2026',
        'Rute 12, Rute 40',
      ]);
    }
    yield cells;
  }
}

const started = performance.now();
let bytes = 0;
for await (const chunk of xlsxStream({
  sheetName: 'B2B Customers',
  columns: Array.from({ length: 10 }, (_, i) => ({ header: `C${i}` })),
  rows: batches(),
})) {
  bytes += chunk.length;
}
await sample(rows);
console.log(JSON.stringify({ rows, bytes, ms: Math.round(performance.now() - started), samples }));
