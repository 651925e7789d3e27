import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pauseCronJobs } from '../../supabase/stack/postgres/project-secrets.ts';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import type { StackInfo } from '../../tests/support/stack-info.ts';

export const BENCH_PORT = Number(process.env.BENCH_STACK_PORT ?? 62321);

export interface BenchStack {
  info: StackInfo;
  /** The stack's process: every stack process (postgres, PostgREST, Deno workers) runs under it. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a fresh stack with the demo data in its own process: the load generator and the server must not
 * share one event loop, or the figures measure the generator.
 */
export async function startBenchStack({ buildApp }: { buildApp: boolean }): Promise<BenchStack> {
  rmSync(path.join(ROOT_DIR, '.local', `db-${BENCH_PORT}`), { recursive: true, force: true });
  const infoFile = path.join(ROOT_DIR, '.local', `stack-${BENCH_PORT}.json`);
  rmSync(infoFile, { force: true });
  const args = [
    path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'),
    'supabase/stack/cli/start.ts',
    ...(buildApp ? [] : ['--no-build']),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: { ...process.env, STACK_PORT: String(BENCH_PORT), STACK_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A fresh database with migrations and demo data: minutes, not seconds, on a busy shared machine.
  const deadline = Date.now() + 300_000;
  while (!output.includes('Ctrl-C stops everything')) {
    if (child.exitCode !== null) throw new Error(`bench stack exited: ${output}`);
    if (Date.now() > deadline) throw new Error('bench stack did not start within 300 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!existsSync(infoFile)) throw new Error('bench stack wrote no stack.json');
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as StackInfo;
  // The GPS simulator would drive the benches' own trucks too (they are on plan events today) and add its
  // writes to every figure; the benches write the positions they measure themselves.
  await pauseCronJobs(info, ['gps-sync']);
  return {
    info,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}
