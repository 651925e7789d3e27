import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';

describe('the stack process crash guard', () => {
  it('logs an escaped exception and an unhandled rejection, and the process keeps serving', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'crash-guard-'));
    try {
      const script = path.join(dir, 'main.ts');
      writeFileSync(
        script,
        `import { keepServingThroughErrors } from ${JSON.stringify(path.join(ROOT_DIR, 'supabase/stack/shared/crash-guard.ts'))};
keepServingThroughErrors();
setTimeout(() => { throw new Error('boom in a callback'); }, 0);
void Promise.reject(new Error('nobody awaited this'));
setTimeout(() => console.log('still serving'), 50);
`,
      );
      const run = spawnSync(process.execPath, [path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), script], {
        cwd: ROOT_DIR,
        encoding: 'utf8',
        env: { ...process.env, STACK_QUIET: '' },
        timeout: 30_000,
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('uncaught exception, the stack keeps running: Error: boom in a callback');
      expect(run.stdout).toContain('unhandled rejection, the stack keeps running: Error: nobody awaited this');
      expect(run.stdout).toContain('still serving');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000); // starting tsx in a child process takes seconds on a busy machine
});
