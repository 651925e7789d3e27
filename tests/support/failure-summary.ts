// The failures of a test layer, read back from its JSON report, so that the end of `npm test`'s output
// (often all a CI log keeps) says which tests failed and why, not only which layer.
import { existsSync, readFileSync } from 'node:fs';

export interface Failure {
  title: string;
  message: string;
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function firstLines(text: string, count = 4): string {
  return text
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, count)
    .join('\n      ');
}

interface VitestReport {
  testResults?: Array<{
    name: string;
    message?: string;
    assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

/** Failed tests of a Vitest JSON report (also a file that failed before its tests ran). */
export function vitestFailures(file: string, root: string): Failure[] {
  if (!existsSync(file)) return [{ title: file, message: 'no report was written' }];
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  const failures: Failure[] = [];
  for (const suite of report.testResults ?? []) {
    const where = suite.name.replace(`${root}/`, '');
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push({
        title: `${where} > ${test.fullName}`,
        message: firstLines(test.failureMessages?.join('\n') ?? ''),
      });
    if (failed.length === 0 && suite.message) failures.push({ title: where, message: firstLines(suite.message) });
  }
  return failures;
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    ok: boolean;
    tests: Array<{ projectName: string; results: Array<{ status: string; error?: { message?: string } }> }>;
  }>;
}

/** Failed tests of a Playwright JSON report, with their project (a retry that passed is not a failure). */
export function playwrightFailures(file: string): Failure[] {
  if (!existsSync(file)) return [{ title: file, message: 'no report was written' }];
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    suites?: PlaywrightSuite[];
    errors?: Array<{ message?: string }>;
  };
  const failures: Failure[] = (report.errors ?? []).map((error) => ({
    title: 'run',
    message: firstLines(error.message ?? ''),
  }));
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      for (const test of spec.tests) {
        const last = test.results.at(-1);
        if (!last || last.status === 'passed' || last.status === 'skipped') continue;
        failures.push({
          title: `[${test.projectName}] ${[...here, spec.title].join(' > ')}`,
          message: firstLines(last.error?.message ?? last.status),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return failures;
}
