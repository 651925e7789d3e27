import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../shared/load-config.ts';
import type { StackConfig } from '../shared/stack-config.ts';

/**
 * Builds the app into dist/ for the gateway to serve. The app talks to its own origin, so only the
 * anon key is baked in (VITE_SUPABASE_URL stays unset).
 */
export function buildApp(config: Pick<StackConfig, 'anonKey'>, quiet = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT_DIR, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', quiet ? 'error' : 'warn'],
      {
        cwd: ROOT_DIR,
        env: { ...process.env, VITE_SUPABASE_ANON_KEY: config.anonKey },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the app build failed (exit ${code})`))));
  });
}
