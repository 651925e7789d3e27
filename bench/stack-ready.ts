import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';
import { BENCH_PORT } from './support/bench-stack.ts';
import { summarise } from './support/stats.ts';

/** Time from `npm start --no-build` to the banner, on an existing (warm) database: the 20 s goal. */
export async function benchStackReady() {
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), 'supabase/stack/cli/start.ts', '--no-build'],
      {
        cwd: ROOT_DIR,
        env: { ...process.env, STACK_PORT: String(BENCH_PORT), STACK_QUIET: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ctrl-C stops everything')) resolve();
      });
      child.once('exit', () => reject(new Error(`stack exited before it was ready: ${output}`)));
    });
    times.push(performance.now() - started);
    await new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  }
  const summary = summarise(times);
  return {
    name: 'stack-ready-warm',
    description: 'npm start (no build) to ready on an existing database, 3 runs',
    runs_ms: times.map(Math.round),
    ...summary,
    goal: 'ready in < 20 s',
    goal_met: summary.p95_ms < 20_000,
  };
}
