// `npm run bench -- xlsx-memory`: the streaming xlsx writer of the export functions
// (edge-functions/_shared/xlsx-stream.ts) under Deno, for 10,000 and 200,000 rows: its heap after a full GC along the
// way. "Every export streamed in bounded memory" (issue 15): the heap must not grow with the rows.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';
import { denoBinary } from '../supabase/stack/shared/deno.ts';

const run = promisify(execFile);
const deno = denoBinary();

interface Probe {
  rows: number;
  bytes: number;
  ms: number;
  samples: { rows: number; heap_mb: number; external_mb: number; rss_mb: number }[];
}

async function probe(rows: number): Promise<Probe> {
  const { stdout } = await run(
    deno,
    [
      'run',
      '--no-config',
      '--v8-flags=--expose-gc',
      '--allow-read',
      'edge-functions/_bench/xlsx-memory.ts',
      String(rows),
    ],
    {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        DENO_DIR: path.join(ROOT_DIR, '.local', 'deno'),
        DENO_NO_UPDATE_CHECK: '1',
        DENO_NO_PACKAGE_JSON: '1',
      },
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as Probe;
}

export async function benchXlsxMemory() {
  const small = await probe(10_000);
  const large = await probe(200_000);
  const held = (s: Probe['samples'][number]) => s.heap_mb + s.external_mb;
  const peak = (p: Probe) => Math.round(Math.max(...p.samples.map(held)) * 10) / 10;
  // Freed array buffers are swept lazily, so what is held climbs to a plateau over the first rows; a writer that
  // kept the sheet would keep climbing. Growth: from the third tenth of the rows to the end.
  const growth = (p: Probe) => Math.round((held(p.samples[p.samples.length - 1]) - held(p.samples[3])) * 10) / 10;
  return {
    name: 'xlsx-memory',
    description:
      'edge-functions/_shared/xlsx-stream.ts under Deno: 10 text columns a row, batches of 1,000; heap and array buffers after a full GC at every tenth of the rows (rss: what the allocator keeps, not what is held)',
    runs: [small, large].map((p) => ({
      rows: p.rows,
      bytes: p.bytes,
      ms: p.ms,
      heap_peak_mb: peak(p),
      heap_growth_mb: growth(p),
      samples: p.samples,
    })),
    goal: 'what the writer holds (heap and array buffers) grows under 2 MB from 60,000 to 200,000 rows',
    goal_met: growth(large) < 2,
  };
}
