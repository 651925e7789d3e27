// `npm test`: every layer, from a fresh clone. Starts one fresh local stack, builds the app against it,
// runs the unit, contract/database, end-to-end and fault tests, stops the stack and exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../supabase/stack/cli/build-app.ts';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';
import { ensureChromium } from './support/ensure-chromium.ts';
import { type Failure, playwrightFailures, vitestFailures } from './support/failure-summary.ts';
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
  const reports = mkdtempSync(path.join(tmpdir(), 'truckdesk-test-reports-'));
  const env = { ...process.env, STACK_INFO_FILE: stack.infoFile, STACK_QUIET: '1', TEST_REPORT_DIR: reports };
  const results: Array<[string, boolean, () => Failure[]]> = [];
  const vitestReport = (name: string) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`];
  try {
    await buildApp(stack.config, true);
    const vitest = path.join(ROOT_DIR, 'node_modules/vitest/vitest.mjs');
    const playwright = path.join(ROOT_DIR, 'node_modules/@playwright/test/cli.js');
    const layers = path.join(reports, 'layers');
    results.push([
      'unit + contract + database',
      await run('vitest', [vitest, 'run', '--project', 'unit', '--project', 'contract', ...vitestReport('layers')], env),
      () => vitestFailures(`${layers}.json`, ROOT_DIR),
    ]);
    results.push(['end to end', await run('playwright', [playwright, 'test'], env), () => playwrightFailures(path.join(reports, 'e2e.json'))]);
    // Last and alone: the catalogue checks, then the test that kills Postgres on purpose.
    results.push([
      'serial (catalogue, faults)',
      await run('vitest', [vitest, 'run', '--project', 'serial', ...vitestReport('serial')], env),
      () => vitestFailures(path.join(reports, 'serial.json'), ROOT_DIR),
    ]);
  } finally {
    await stack.stop();
  }
  console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  for (const [label, ok, failures] of results) {
    console.log(`${ok ? 'passed' : 'FAILED'}  ${label}`);
    if (!ok) for (const failure of failures()) console.log(`  - ${failure.title}\n      ${failure.message}`);
  }
  rmSync(reports, { recursive: true, force: true });
  return results.every(([, ok]) => ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
