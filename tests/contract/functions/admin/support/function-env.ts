import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ENV_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../edge-functions/.env');
// Outside edge-functions/: any file there restarts every function worker.
const LOCK_FILE = path.resolve(path.dirname(ENV_FILE), '../.local/function-env.lock');

/**
 * Test files run in parallel processes and each edits the one `.env`: every edit is a read-modify-write
 * under an exclusive lock file, so no file's lines are lost to another's write.
 */
function editEnvFile(edit: (content: string) => string): void {
  mkdirSync(path.dirname(LOCK_FILE), { recursive: true });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      closeSync(openSync(LOCK_FILE, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  try {
    const content = existsSync(ENV_FILE) ? readFileSync(ENV_FILE, 'utf8') : '';
    writeFileSync(ENV_FILE, edit(content));
  } finally {
    rmSync(LOCK_FILE, { force: true });
  }
}

/**
 * Adds settings to `edge-functions/.env` (the stack restarts the function workers when it changes) and returns
 * the undo, which removes exactly these lines and leaves what other tests added meanwhile. Use per-tenant names
 * (`NAME__<SLUG>`) so that tests running meanwhile are not affected.
 */
export function addFunctionEnv(vars: Record<string, string>): () => void {
  const marker = `# added by a contract test (${randomUUID()}); removed when it ends`;
  const block = [marker, ...Object.entries(vars).map(([name, value]) => `${name}=${value}`)];
  editEnvFile(
    (content) => `${content === '' || content.endsWith('\n') ? content : `${content}\n`}${block.join('\n')}\n`,
  );
  return () =>
    editEnvFile((content) => {
      const lines = content.split('\n');
      const at = lines.indexOf(marker);
      if (at >= 0) lines.splice(at, block.length);
      return lines.join('\n');
    });
}

/** Retries `probe` until it returns true (the workers restart asynchronously after an .env change). */
export async function eventually(probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

/** `WALLMOB_API_URL__ZZ_TEST_1A2B` for tenant `zz-test-1a2b`, as the functions look settings up. */
export function perTenant(name: string, slug: string): string {
  return `${name}__${slug.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}
