// `npm run gen:types`: generates src/shared/supabase/database.types.ts from the migrations, with the Supabase
// CLI, on a throwaway database. `--check` fails when the committed file differs (CI runs it).
import { readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PostgresServer } from '../postgres/postgres-server.ts';
import { applyPlatformBootstrap } from '../postgres/bootstrap.ts';
import { applyMigrations, generateTypes } from '../postgres/supabase-cli.ts';
import { loadStackConfig, ROOT_DIR } from '../shared/load-config.ts';
import { assertPortFree } from '../shared/port-check.ts';

const TYPES_FILE = path.join(ROOT_DIR, 'src/shared/supabase/database.types.ts');

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const config = await loadStackConfig({ port: Number(process.env.GEN_TYPES_PORT ?? 63321), dataName: 'gen-types-db' });
  await assertPortFree(config.pgPort, 'Postgres for type generation');
  rmSync(config.dataDir, { recursive: true, force: true });
  const postgres = new PostgresServer(config, { fast: true });
  await postgres.initialise();
  await postgres.start();
  let generated: string;
  try {
    await applyPlatformBootstrap(config);
    await applyMigrations(config.dbUrl);
    generated = await generateTypes(config.dbUrl);
  } finally {
    await postgres.stop();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
  if (check) {
    const committed = existsSync(TYPES_FILE) ? readFileSync(TYPES_FILE, 'utf8') : '';
    if (committed !== generated) {
      console.error(
        `${path.relative(ROOT_DIR, TYPES_FILE)} does not match the migrations: run npm run gen:types and commit it.`,
      );
      return 1;
    }
    console.log('generated types match the migrations');
    return 0;
  }
  writeFileSync(TYPES_FILE, generated);
  console.log(`wrote ${path.relative(ROOT_DIR, TYPES_FILE)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
