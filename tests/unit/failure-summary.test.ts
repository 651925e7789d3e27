import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playwrightFailures, vitestFailures } from '../support/failure-summary';

const dir = mkdtempSync(path.join(tmpdir(), 'failure-summary-'));
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

describe('the failure summary of npm test', () => {
  it('names each failed Vitest test with its file and the start of its message, and files that failed to load', () => {
    const file = write('vitest.json', {
      testResults: [
        {
          name: '/repo/tests/db/a.test.ts',
          message: '',
          assertionResults: [
            {
              fullName: 'rules refuses x',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3'],
            },
            { fullName: 'rules accepts y', status: 'passed', failureMessages: [] },
          ],
        },
        { name: '/repo/tests/db/b.test.ts', message: 'Error: Cannot find module x', assertionResults: [] },
      ],
    });
    expect(vitestFailures(file, '/repo')).toEqual([
      {
        title: 'tests/db/a.test.ts > rules refuses x',
        message: 'AssertionError: expected 1 to be 2\n          at a.test.ts:3',
      },
      { title: 'tests/db/b.test.ts', message: 'Error: Cannot find module x' },
    ]);
  });

  it('names failed Playwright tests with their project, and not those a retry passed', () => {
    const file = write('e2e.json', {
      suites: [
        {
          title: 'cars.spec.ts',
          specs: [
            {
              title: 'creates a car',
              ok: false,
              tests: [{ projectName: 'phone', results: [{ status: 'failed', error: { message: 'Timed out' } }] }],
            },
            { title: 'lists cars', ok: true, tests: [{ projectName: 'desktop', results: [{ status: 'passed' }] }] },
            {
              title: 'edits a car',
              ok: false,
              tests: [{ projectName: 'desktop', results: [{ status: 'failed' }, { status: 'passed' }] }],
            },
          ],
        },
      ],
    });
    expect(playwrightFailures(file)).toEqual([{ title: '[phone] cars.spec.ts > creates a car', message: 'Timed out' }]);
  });

  it('says when a layer wrote no report at all', () => {
    expect(vitestFailures(path.join(dir, 'missing.json'), '/repo')).toEqual([
      { title: path.join(dir, 'missing.json'), message: 'no report was written' },
    ]);
  });
});
