import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ENV_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../edge-functions/.env');

/**
 * Adds settings to `edge-functions/.env` (the stack restarts the function workers when it changes) and returns
 * the undo. Use per-tenant names (`NAME__<SLUG>`) so that tests running meanwhile are not affected.
 */
export function addFunctionEnv(vars: Record<string, string>): () => void {
  const original = existsSync(ENV_FILE) ? readFileSync(ENV_FILE, 'utf8') : null;
  const added = Object.entries(vars).map(([name, value]) => `${name}=${value}`).join('\n');
  const base = original === null ? '' : original.endsWith('\n') || original === '' ? original : `${original}\n`;
  writeFileSync(ENV_FILE, `${base}# added by a contract test; removed when it ends\n${added}\n`);
  return () => {
    if (original === null) rmSync(ENV_FILE, { force: true });
    else writeFileSync(ENV_FILE, original);
  };
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
