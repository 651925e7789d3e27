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

interface Layer {
  label: string;
  ok: boolean;
  failures: () => Failure[];
  from: string;
  to: string;
}

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
  const results: Layer[] = [];
  const layer = async (label: string, name: string, args: string[], failures: () => Failure[]) => {
    const from = new Date().toISOString();
    const ok = await run(name, args, env);
    results.push({ label, ok, failures, from, to: new Date().toISOString() });
  };
  const vitestReport = (name: string) => [
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ];
  try {
    await buildApp(stack.config, true);
    const vitest = path.join(ROOT_DIR, 'node_modules/vitest/vitest.mjs');
    const playwright = path.join(ROOT_DIR, 'node_modules/@playwright/test/cli.js');
    await layer(
      'unit + contract + database',
      'vitest',
      [vitest, 'run', '--project', 'unit', '--project', 'contract', ...vitestReport('layers')],
      () => vitestFailures(path.join(reports, 'layers.json'), ROOT_DIR),
    );
    await layer('end to end', 'playwright', [playwright, 'test'], () =>
      playwrightFailures(path.join(reports, 'e2e.json')),
    );
    // Last and alone: the catalogue checks, then the test that kills Postgres on purpose.
    await layer(
      'serial (catalogue, faults)',
      'vitest',
      [vitest, 'run', '--project', 'serial', ...vitestReport('serial')],
      () => vitestFailures(path.join(reports, 'serial.json'), ROOT_DIR),
    );
  } finally {
    await stack.stop();
  }
  console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  for (const { label, ok, failures } of results) {
    console.log(`${ok ? 'passed' : 'FAILED'}  ${label}`);
    if (!ok) for (const failure of failures()) console.log(`  - ${failure.title}\n      ${failure.message}`);
  }
  for (const failed of results.filter(({ ok }) => !ok)) printStackLog(stackLog, failed);
  rmSync(reports, { recursive: true, force: true });
  return results.every(({ ok }) => ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/** The stack's own lines while a failed layer ran (the last ones if there are many): the context of its failures. */
function printStackLog(file: string, { label, from, to }: Layer): void {
  const all = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  // Each line starts with its ISO time, which sorts as text.
  const lines = all.filter((line) => line.slice(0, 24) >= from && line.slice(0, 24) <= to);
  const shown = lines.length > STACK_LOG_LINES ? `, the last ${STACK_LOG_LINES}` : '';
  console.log(`\n=== stack log during ${label} (${lines.length} line${lines.length === 1 ? '' : 's'}${shown})`);
  for (const line of lines.slice(-STACK_LOG_LINES)) console.log(line.slice(0, 400));
}
