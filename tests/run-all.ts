// `npm test`: every layer, from a fresh clone. Starts one fresh local stack, builds the app against it,
// runs the unit, contract/database, end-to-end and fault tests, stops the stack and exits non-zero on any failure.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildApp } from '../supabase/stack/cli/build-app.ts';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';
import { ensureChromium } from './support/ensure-chromium.ts';
import { startTestStack } from './support/test-stack.ts';

function run(label: string, args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  console.log(`\n=== ${label}: ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT_DIR, env, stdio: 'inherit' });
    child.once('exit', (code) => resolve(code === 0));
  });
}

async function main(): Promise<number> {
  ensureChromium();
  const started = Date.now();
  const stack = await startTestStack();
  console.log(`test stack ready at ${stack.config.apiUrl} in ${stack.readyMs} ms`);
  const env = { ...process.env, STACK_INFO_FILE: stack.infoFile, STACK_QUIET: '1' };
  const results: Array<[string, boolean]> = [];
  try {
    await buildApp(stack.config, true);
    const vitest = path.join(ROOT_DIR, 'node_modules/vitest/vitest.mjs');
    const playwright = path.join(ROOT_DIR, 'node_modules/@playwright/test/cli.js');
    results.push(['unit + contract + database', await run('vitest', [vitest, 'run', '--project', 'unit', '--project', 'contract'], env)]);
    results.push(['end to end', await run('playwright', [playwright, 'test'], env)]);
    // Last and alone: the catalogue checks, then the test that kills Postgres on purpose.
    results.push(['serial (catalogue, faults)', await run('vitest', [vitest, 'run', '--project', 'serial'], env)]);
  } finally {
    await stack.stop();
  }
  console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  for (const [label, ok] of results) console.log(`${ok ? 'passed' : 'FAILED'}  ${label}`);
  return results.every(([, ok]) => ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
