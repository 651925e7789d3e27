import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import pg from 'pg';
import { PostgresServer, type PostgresOptions } from './postgres/postgres-server.ts';
import { applyPlatformBootstrap } from './postgres/bootstrap.ts';
import { applyMigrations } from './postgres/supabase-cli.ts';
import { applySeeds } from './postgres/seed.ts';
import { pauseCronJobs, storeProjectSecrets } from './postgres/project-secrets.ts';
import { PostgrestServer } from './postgrest/postgrest.ts';
import { createGateway } from './gateway/gateway.ts';
import { createAuthService } from './auth/index.ts';
import { createRealtimeService } from './realtime/index.ts';
import { createFunctionsService } from './functions/index.ts';
import { startCron } from './cron/index.ts';
import { loadStackConfig, type StackOptions } from './shared/load-config.ts';
import { assertPortFree } from './shared/port-check.ts';
import { DEMO_PASSWORD } from './shared/demo.ts';
import type { StackConfig } from './shared/stack-config.ts';
import { log } from './shared/log.ts';

export interface StartOptions extends StackOptions, PostgresOptions {
  /** Load `seeds/` into a fresh database (default true). */
  seed?: boolean;
  /** The moment the demo world is built around (default: env SEED_ANCHOR, else the time of loading). */
  seedAnchor?: string;
  /** pg_cron jobs (by name) to keep inactive, e.g. the 5-second gps-sync in a test stack whose tests run it themselves. */
  pausedCronJobs?: readonly string[];
}

export interface RunningStack {
  config: StackConfig;
  postgres: PostgresServer;
  infoFile: string;
  readyMs: number;
  stop(): Promise<void>;
}

/** Brings the whole local Supabase up: Postgres, bootstrap, migrations, seeds, REST, Auth, Realtime, Functions, Cron, gateway. */
export async function startStack(options: StartOptions = {}): Promise<RunningStack> {
  const started = Date.now();
  const config = await loadStackConfig(options);
  const postgres = new PostgresServer(config, options);
  const postgrest = new PostgrestServer(config);
  // A stack killed outright (SIGKILL) leaves its Postgres and PostgREST running: stop those first.
  await postgres.stopLeftover();
  await postgrest.stopLeftover();
  await assertPortFree(config.port, 'API gateway');
  await assertPortFree(config.pgPort, 'Postgres');
  await assertPortFree(config.postgrestPort, 'PostgREST');
  await assertPortFree(config.postgrestPort + 1, 'PostgREST admin');

  const fresh = !postgres.isInitialised;
  const stoppers: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne().catch((e: unknown) => log('stack', `stop: ${String(e)}`));
    stoppers.length = 0;
  };
  try {
    if (fresh) {
      log('stack', `creating a new database in ${path.relative(config.rootDir, config.dataDir)}`);
      await postgres.initialise();
    }
    await postgres.start();
    stoppers.push(() => postgres.stop());
    await applyPlatformBootstrap(config);
    await applyMigrations(config.dbUrl);
    if (fresh && options.seed !== false) {
      const anchor = options.seedAnchor ?? (process.env.SEED_ANCHOR || undefined);
      const seeded = await applySeeds(config.dbUrl, path.join(config.rootDir, 'seeds'), { anchor });
      if (seeded.length) log('stack', `demo data loaded: ${seeded.join(', ')}`);
    }
    await storeProjectSecrets(config);
    await pauseCronJobs(config, options.pausedCronJobs ?? []);

    await postgrest.start();
    stoppers.push(() => postgrest.stop());
    const [auth, realtime, functions, cron] = await Promise.all([
      createAuthService(config),
      createRealtimeService(config),
      createFunctionsService(config),
      startCron(config),
    ]);
    stoppers.push(
      () => auth.close(),
      () => realtime.close(),
      () => functions.close(),
      () => cron.close(),
    );

    const gateway = createGateway(config, { auth, realtime, functions });
    await listen(gateway, config.port);
    stoppers.push(() => closeServer(gateway));

    const infoFile = await writeStackInfo(config);
    return { config, postgres, infoFile, readyMs: Date.now() - started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** `.local/stack.json` (or `stack-<port>.json` for a second stack): URLs, keys and logins for tools and tests. */
async function writeStackInfo(config: StackConfig): Promise<string> {
  const client = new pg.Client({ connectionString: config.adminDbUrl });
  await client.connect();
  const logins = await (async () => {
    const { rows } = await client.query<{ ok: boolean }>(`select to_regclass('auth.users') is not null as ok`);
    if (!rows[0]?.ok) return [];
    const result = await client.query<{ email: string }>( // The role logins of each tenant and the two-tenant user; the extra calendar drivers are left out.
      `select email from auth.users where email ~ '^(admin|depo-admin|support|driver|two-tenants)@' order by email`,
    );
    return result.rows.map((row) => row.email);
  })().finally(() => client.end());
  const info = {
    apiUrl: config.apiUrl,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    jwtSecret: config.jwtSecret,
    dbUrl: config.dbUrl,
    adminDbUrl: config.adminDbUrl,
    mailOutboxDir: config.mailOutboxDir,
    dataDir: config.dataDir,
    pgPort: config.pgPort,
    postgrestPort: config.postgrestPort,
    demoPassword: DEMO_PASSWORD,
    demoLogins: logins,
  };
  const dir = path.join(config.rootDir, '.local');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, config.port === 54321 ? 'stack.json' : `stack-${config.port}.json`);
  writeFileSync(file, `${JSON.stringify(info, null, 2)}\n`);
  return file;
}
