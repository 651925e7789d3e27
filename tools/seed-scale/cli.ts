// `npm run seed:scale [-- --scale 0.1] [--anchor YYYY-MM-DD]`: loads the production-scale tenant `scale-is` into
// the running stack named by STACK_INFO_FILE (default: the bench stack's .local/stack-<BENCH_STACK_PORT>.json, else
// .local/stack.json), then prints its counts, the ledger check and the time each step took.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import type { StackInfo } from '../../tests/support/stack-info.ts';
import { loadScale, scaleCounts, scaleLedgerMismatches } from './load-scale.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function stackInfoFile(): string {
  if (process.env.STACK_INFO_FILE) return process.env.STACK_INFO_FILE;
  const bench = path.join(ROOT_DIR, '.local', `stack-${process.env.BENCH_STACK_PORT ?? 62321}.json`);
  return existsSync(bench) ? bench : path.join(ROOT_DIR, '.local', 'stack.json');
}

async function main(): Promise<void> {
  const file = stackInfoFile();
  const info = JSON.parse(readFileSync(file, 'utf8')) as StackInfo;
  const scale = Number(option('scale') ?? 1);
  const db = new pg.Client({ connectionString: info.dbUrl });
  await db.connect();
  try {
    console.log(`seed:scale ${scale} into ${info.apiUrl} (${file})`);
    const load = await loadScale(db, {
      scale,
      anchor: option('anchor'),
      onStep: (step, seconds) => console.log(`  ${step.padEnd(36)} ${seconds.toFixed(1)} s`),
    });
    console.log(`loaded in ${load.seconds} s (anchor ${load.anchor})`);
    console.table(await scaleCounts(db));
    const mismatches = await scaleLedgerMismatches(db);
    console.log(`stock ledger mismatches: ${mismatches}`);
    if (mismatches) process.exitCode = 1;
  } finally {
    await db.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
