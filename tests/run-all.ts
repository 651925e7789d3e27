// `npm test`: every layer, from a fresh clone. Starts one fresh local stack, builds the app against it,
// runs the unit, contract/database, end-to-end and fault tests, stops the stack and exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../supabase/stack/cli/build-app.ts';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';
import { ensureChromium } from './support/ensure-chromium.ts';
import { type Failure, playwrightFailures, vitestFailures } from './support/failure-summary.ts';
import { startTestStack } from './support/test-stack.ts';

const STACK_LOG_LINES = 150;

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
  const reports = mkdtempSync(path.join(tmpdir(), 'truckdesk-test-reports-'));
  // What the stack says while the tests run (503s, restarts), shown under the summary when a layer fails.
  const stackLog = path.join(reports, 'stack.log');
  process.env.STACK_LOG_FILE = stackLog;
  const stack = await startTestStack();
  console.log(`test stack ready at ${stack.config.apiUrl} in ${stack.readyMs} ms`);
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
  if (!results.every(([, ok]) => ok)) printStackLog(stackLog);
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

/** The stack's own lines during the run, the last ones if there are many: the context of a failed test. */
function printStackLog(file: string): void {
  const lines = existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').filter(Boolean) : [];
  console.log(`\n=== stack log (${lines.length} line${lines.length === 1 ? '' : 's'}${lines.length > STACK_LOG_LINES ? `, the last ${STACK_LOG_LINES}` : ''})`);
  for (const line of lines.slice(-STACK_LOG_LINES)) console.log(line.slice(0, 400));
}
