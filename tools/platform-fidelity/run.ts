/**
 * `npm run test:platform`: the database tests on a cluster initialised by the SQL of Supabase's own Postgres
 * image (github.com/supabase/postgres) instead of our bootstrap, then our migrations and seeds. Needs
 * SUPABASE_POSTGRES_SRC: a checkout (or bare git directory) of supabase/postgres. Extra arguments go to
 * Vitest (e.g. one test file). Writes bench/results/platform-fidelity.json. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PostgresServer } from '../../supabase/stack/postgres/postgres-server.ts';
import { applyPlatformBootstrap } from '../../supabase/stack/postgres/bootstrap.ts';
import { applyMigrations } from '../../supabase/stack/postgres/supabase-cli.ts';
import { applySeeds } from '../../supabase/stack/postgres/seed.ts';
import { loadStackConfig, ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import { openSupabasePostgresSource } from './supabase-postgres-source.ts';
import { imageSteps } from './image-steps.ts';
import { applyImage } from './apply-image.ts';
import { applyServicesLayer } from './services-layer.ts';
import { catalogFacts, diffFacts } from './catalog-facts.ts';
import { preparePrivilegedExtensions } from './supautils-extensions.ts';
import { apiPrivileges } from './api-privileges.ts';

const USAGE = `npm run test:platform needs SUPABASE_POSTGRES_SRC: the path of a checkout of https://github.com/supabase/postgres
(a work tree or a bare git directory; it is read at HEAD), e.g.
  git clone --depth 1 https://github.com/supabase/postgres /tmp/supabase-postgres
  SUPABASE_POSTGRES_SRC=/tmp/supabase-postgres TEST_STACK_PORT=52000 npm run test:platform`;

async function main(): Promise<number> {
  const location = process.env.SUPABASE_POSTGRES_SRC;
  if (!location) {
    console.error(USAGE);
    return 2;
  }
  const source = openSupabasePostgresSource(location);
  const port = Number(process.env.TEST_STACK_PORT ?? 64321);
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t = Date.now();
    try {
      return await work();
    } finally {
      timings[name] = Date.now() - t;
    }
  };
  console.log(`supabase/postgres at ${source.commit}`);

  // Our side of the comparison: a throwaway cluster with our own bootstrap, on the same port before the other.
  const ours = await loadStackConfig({ port, dataName: 'platform-ours-db' });
  const { oursFacts, oursPrivileges } = await timed('our_bootstrap_and_migrations_ms', () =>
    withCluster(ours, async () => {
      await applyPlatformBootstrap(ours);
      const facts = await catalogFacts(ours.adminDbUrl);
      await applyMigrations(ours.dbUrl);
      return { oursFacts: facts, oursPrivileges: await apiPrivileges(ours.adminDbUrl) };
    }),
  );

  // The cluster the tests will use: the data folder the test stack opens (tests/support/test-stack.ts).
  const config = await loadStackConfig({ port, dataName: 'test-db' });
  const result = await withCluster(
    config,
    async () => {
      const image = await timed('image_sql_ms', () =>
        applyImage(imageSteps(source, 'postgres'), { supabase_admin: config.adminDbUrl, postgres: config.dbUrl }),
      );
      console.log(`image: ${image.files} files, ${image.statements} statements run, ${image.skipped.length} skipped`);
      const services = await timed('services_layer_ms', () => applyServicesLayer(config.adminDbUrl));
      const facts = diffFacts(await catalogFacts(config.adminDbUrl), oursFacts);
      const privilegedExtensions = await preparePrivilegedExtensions(source, config.adminDbUrl);
      await timed('migrations_ms', () => applyMigrations(config.dbUrl));
      const migrations = await countMigrations(config.adminDbUrl);
      const privileges = diffFacts(await apiPrivileges(config.adminDbUrl), oursPrivileges);
      console.log(`our migrations: ${migrations} applied by the Supabase CLI as postgres`);
      await timed('seeds_ms', () => applySeeds(config.dbUrl, path.join(ROOT_DIR, 'seeds')));
      return {
        image,
        services: { ...services, supautils_privileged_extensions: privilegedExtensions },
        facts,
        privileges,
        migrations,
      };
    },
    { keep: true },
  );

  const reportFile = path.join(ROOT_DIR, '.local', 'platform-fidelity-vitest.json');
  const vitestArgs = process.argv.slice(2).length ? process.argv.slice(2) : ['tests/db'];
  const code = await timed('db_tests_ms', () =>
    runVitest(
      [
        'vitest',
        'run',
        '--project',
        'contract',
        ...vitestArgs,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
      ],
      {
        TEST_STACK_PORT: String(port),
        TEST_STACK_PREPARED_DATA: '1',
      },
    ),
  );
  const tests = readTestCounts(reportFile);
  const summary = {
    supabase_postgres_commit: source.commit,
    at: new Date().toISOString(),
    image: {
      files: result.image.files,
      statements: result.image.statements,
      skipped: result.image.skipped,
      conditional_no_ops: result.image.conditionalNoOps,
    },
    services_layer: result.services,
    migrations: result.migrations,
    tests: { ...tests, files: vitestArgs },
    timings_ms: timings,
    differences: { only_in_image: result.facts.onlyTheirs, only_in_our_bootstrap: result.facts.onlyOurs },
    api_privileges_after_migrations: {
      only_on_image: result.privileges.onlyTheirs,
      only_on_our_bootstrap: result.privileges.onlyOurs,
    },
    result: code === 0 ? 'passed' : 'failed',
  };
  const out = path.join(ROOT_DIR, 'bench', 'results', 'platform-fidelity.json');
  writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(
    `\nplatform fidelity: ${summary.result}; tests ${tests.passed} passed, ${tests.failed} failed of ${tests.total}; ` +
      `${result.facts.onlyTheirs.length + result.facts.onlyOurs.length} catalog differences, ` +
      `${result.privileges.onlyTheirs.length + result.privileges.onlyOurs.length} API-role privilege differences after the migrations; written to ${path.relative(ROOT_DIR, out)}`,
  );
  return code;
}

type Config = Awaited<ReturnType<typeof loadStackConfig>>;

/** A fresh cluster made as the image makes it (initdb with superuser supabase_admin), running for `work`. */
async function withCluster<T>(config: Config, work: () => Promise<T>, options: { keep?: boolean } = {}): Promise<T> {
  rmSync(config.dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(config.dataDir), { recursive: true });
  const server = new PostgresServer(config, { fast: true });
  await server.initialise();
  await server.start();
  try {
    return await work();
  } finally {
    await server.stop();
    if (!options.keep) rmSync(config.dataDir, { recursive: true, force: true });
  }
}

async function countMigrations(dbUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from supabase_migrations.schema_migrations',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

function runVitest(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

function readTestCounts(file: string): { total: number; passed: number; failed: number; skipped: number } {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numTotalTests: number;
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
    };
    return {
      total: report.numTotalTests,
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests,
    };
  } catch {
    return { total: 0, passed: 0, failed: 0, skipped: 0 };
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`platform fidelity: ${(error as Error).message}`);
    process.exit(1);
  },
);
