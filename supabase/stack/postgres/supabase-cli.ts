import { execFile } from 'node:child_process';
import { ROOT_DIR } from '../shared/load-config.ts';

/** The Supabase CLI installed from npm (its linux-x64 binary package). */
export const SUPABASE_CLI = `${ROOT_DIR}/node_modules/@supabase/cli-linux-x64/bin/supabase`;

/** Runs the Supabase CLI in the project root and returns its stdout; a failure carries the CLI's own words. */
export function runSupabaseCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      SUPABASE_CLI,
      args,
      // The local Postgres has no TLS; saying so up front spares a warning on every call.
      { cwd: ROOT_DIR, env: { ...process.env, PGSSLMODE: 'disable', DO_NOT_TRACK: '1' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new Error(
              `supabase ${args.filter((a) => !a.startsWith('--remote')).join(' ')} failed:\n${stderr || stdout}`,
            ),
          );
        else resolve(stdout);
      },
    );
  });
}

/** Applies pending migrations exactly as an admin does against a hosted project (`--remote=<db url>`). */
export async function applyMigrations(dbUrl: string): Promise<void> {
  await runSupabaseCli(['migration', 'up', `--remote=${dbUrl}`, '--yes', '--include-all']);
}

/** Generates the `Database` TypeScript types from the live schema. */
export async function generateTypes(dbUrl: string): Promise<string> {
  return runSupabaseCli(['gen', 'types', 'typescript', `--remote=${dbUrl}`, '--schema', 'public']);
}
