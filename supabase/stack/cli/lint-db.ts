// `npm run lint:db`: the Supabase CLI's database linter (`supabase db advisors`, the security and performance
// checks the dashboard shows) on a throwaway database built from the migrations. `supabase db lint` needs the
// plpgsql_check extension, which the npm Postgres build lacks; the migrations already compile every function
// body (check_function_bodies is on), so the advisors are the lint that remains. Errors fail CI; warnings print.
import { rmSync } from 'node:fs';
import { PostgresServer } from '../postgres/postgres-server.ts';
import { applyPlatformBootstrap } from '../postgres/bootstrap.ts';
import { applyMigrations, runSupabaseCli } from '../postgres/supabase-cli.ts';
import { loadStackConfig } from '../shared/load-config.ts';
import { assertPortFree } from '../shared/port-check.ts';

interface Advice {
  name: string;
  level: 'INFO' | 'WARN' | 'ERROR';
  detail: string;
}

/** The CLI prints the findings as a JSON array (possibly after a connection notice). */
function parseAdvice(output: string): Advice[] {
  const start = output.indexOf('[');
  return start === -1 ? [] : (JSON.parse(output.slice(start)) as Advice[]);
}

async function main(): Promise<number> {
  const config = await loadStackConfig({ port: Number(process.env.LINT_DB_PORT ?? 63421), dataName: 'lint-db' });
  await assertPortFree(config.pgPort, 'Postgres for the database lint');
  rmSync(config.dataDir, { recursive: true, force: true });
  const postgres = new PostgresServer(config, { fast: true });
  await postgres.initialise();
  await postgres.start();
  let advice: Advice[];
  try {
    await applyPlatformBootstrap(config);
    await applyMigrations(config.dbUrl);
    advice = parseAdvice(
      await runSupabaseCli([
        'db',
        'advisors',
        `--remote=${config.dbUrl}`,
        '--type',
        'all',
        '--level',
        'warn',
        '--fail-on',
        'none',
      ]),
    );
  } finally {
    await postgres.stop();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
  for (const item of advice) console.log(`${item.level.padEnd(5)} ${item.name}: ${item.detail}`);
  const errors = advice.filter((item) => item.level === 'ERROR');
  console.log(`database lint: ${errors.length} error(s), ${advice.length - errors.length} warning(s)`);
  return errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
