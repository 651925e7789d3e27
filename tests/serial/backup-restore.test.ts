import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../supabase/stack/postgres/base-backup.ts';
import { runSupabaseCli } from '../../supabase/stack/postgres/supabase-cli.ts';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import { startStack, type RunningStack } from '../../supabase/stack/stack.ts';
import { stackInfo } from '../support/stack-info.ts';
import { TEST_STACK_PORT } from '../support/test-stack.ts';
import { exited, processesOfStack, stackNodePid, startCommand, until } from '../support/stack-process.ts';

// `npm run db:backup` / `npm run db:restore` (docs/resilience.md, "Backup and restore"): the test stack's database,
// backed up while it runs, restored into a new stack of its own, which must pass the project's checks.
const PORT = TEST_STACK_PORT + 20;
const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), 'truckdesk-restore-test-'));
const archive = path.join(folder, 'test-stack.tar.gz');
let restored: RunningStack | undefined;
/** The restored stack run as `npm start` runs it, for the crash test. */
let asCommand: ReturnType<typeof startCommand> | undefined;
let pausedJobs: string[] = [];
process.env.STACK_QUIET ??= '1';

async function withDb<T>(url: string, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Exact row counts of every table the product owns, and the tables without row-level security. */
async function facts(url: string) {
  return withDb(url, async (db) => {
    const { rows: tables } = await db.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'auth', 'app_private') and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables)
      counts[name] = Number((await db.query<{ n: string }>(`select count(*) as n from ${name}`)).rows[0].n);
    const { rows: withoutRls } = await db.query<{ relname: string }>(
      `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relrowsecurity order by 1`,
    );
    const {
      rows: [ledger],
    } = await db.query<{ n: string }>('select count(*) as n from app_private.stock_ledger_mismatches()');
    return { counts, withoutRls: withoutRls.map((r) => r.relname), ledgerMismatches: Number(ledger.n) };
  });
}

beforeAll(async () => {
  // Cron writes nothing while the copy is made and counted, so the counts after it are the backup's own.
  await withDb(stackInfo().adminDbUrl, async (db) => {
    const { rows } = await db.query<{ jobname: string }>(
      'update cron.job set active = false where active returning jobname',
    );
    pausedJobs = rows.map((r) => r.jobname);
    const deadline = Date.now() + 30_000;
    while (
      (await db.query(`select 1 from cron.job_run_details where status in ('starting', 'running')`)).rows.length > 0
    ) {
      if (Date.now() > deadline) throw new Error('a cron run did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

afterAll(async () => {
  await withDb(stackInfo().adminDbUrl, (db) =>
    db.query('update cron.job set active = true where jobname = any($1::text[])', [pausedJobs]),
  );
  await restored?.stop();
  if (asCommand && asCommand.child.exitCode === null && asCommand.child.signalCode === null) {
    process.kill(stackNodePid(asCommand.child.pid!), 'SIGTERM');
    await exited(asCommand.child);
  }
  for (const { pid } of processesOfStack(PORT)) process.kill(pid, 'SIGKILL');
  rmSync(folder, { recursive: true, force: true });
  rmSync(path.join(ROOT_DIR, '.local', `db-${PORT}`), { recursive: true, force: true });
  rmSync(path.join(ROOT_DIR, '.local', `db-${PORT}-mail`), { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores a backup of the running database into a new stack that passes every check', async () => {
    const manifest = await backupDatabase(
      { adminDbUrl: stackInfo().adminDbUrl, dataDir: stackInfo().dataDir },
      archive,
    );
    const before = await facts(stackInfo().adminDbUrl);
    expect(manifest.serverVersion).toMatch(/^17\./);
    expect(manifest.migrations.length).toBeGreaterThan(0);

    const restore = await run(
      process.execPath,
      [path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), 'supabase/stack/cli/db-restore.ts', archive],
      {
        cwd: ROOT_DIR,
        env: { ...process.env, STACK_PORT: String(PORT), STACK_QUIET: '1' },
      },
    );
    expect(restore.stdout + restore.stderr).toContain('restored the backup of');

    restored = await startStack({ port: PORT, fast: true, seed: false, pausedCronJobs: pausedJobs });
    const after = await facts(restored.config.adminDbUrl);
    expect(after.counts).toEqual(before.counts);
    expect(after.counts['public.tenants']).toBeGreaterThan(0);
    expect(after.withoutRls).toEqual(before.withoutRls);
    expect(after.ledgerMismatches).toBe(0);

    // The database advisors of `npm run lint:db`, on the restored database: no ERROR.
    const advice = await runSupabaseCli([
      'db',
      'advisors',
      `--remote=${restored.config.dbUrl}`,
      '--type',
      'all',
      '--level',
      'error',
      '--fail-on',
      'none',
    ]);
    const start = advice.indexOf('[');
    expect(start === -1 ? [] : (JSON.parse(advice.slice(start)) as unknown[])).toEqual([]);

    // A person signs in on the restored stack and reads their tenant's depos through REST.
    const info = JSON.parse(readFileSync(restored.infoFile, 'utf8')) as {
      apiUrl: string;
      anonKey: string;
      demoPassword: string;
    };
    const staff = createClient(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const signedIn = await staff.auth.signInWithPassword({ email: 'admin@hjem-is.test', password: info.demoPassword });
    expect(signedIn.error).toBeNull();
    const depos = await staff.from('depos').select('id, title');
    expect(depos.error).toBeNull();
    expect(depos.data!.length).toBe(
      await withDb(restored.config.adminDbUrl, async (db) =>
        Number(
          (
            await db.query<{ n: string }>(
              `select count(*) as n from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'hjem-is'`,
            )
          ).rows[0].n,
        ),
      ),
    );
    await staff.auth.signOut();
  });

  it('refuses a damaged backup and leaves the stack it was meant for untouched', async () => {
    const damaged = path.join(folder, 'damaged.tar.gz');
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    writeFileSync(damaged, bytes);
    writeFileSync(
      path.join(folder, 'damaged.manifest.json'),
      readFileSync(path.join(folder, 'test-stack.manifest.json')),
    );
    await restored?.stop();
    restored = undefined;
    const failed = await run(
      process.execPath,
      [path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), 'supabase/stack/cli/db-restore.ts', damaged],
      {
        cwd: ROOT_DIR,
        env: { ...process.env, STACK_PORT: String(PORT), STACK_QUIET: '1' },
      },
    ).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(`${failed?.stdout}${failed?.stderr}`).toContain(
      "does not match its manifest's checksum: the file is damaged",
    );
    // The earlier restore is still there and starts as it was.
    restored = await startStack({ port: PORT, fast: true, seed: false, pausedCronJobs: pausedJobs });
    expect(
      await withDb(
        restored.config.adminDbUrl,
        async (db) => (await db.query('select 1 from public.tenants limit 1')).rows.length,
      ),
    ).toBe(1);
  });
  it('starts again after its Node process (gateway, auth, realtime, functions) is killed outright, and a connected realtime client resumes by itself', async () => {
    await restored?.stop();
    restored = undefined;
    const started = async () => {
      const command = startCommand(PORT);
      await until(
        'the restored stack to be ready',
        () => command.output().includes('Ctrl-C stops everything'),
        120_000,
      );
      return command;
    };
    asCommand = await started();
    const info = JSON.parse(readFileSync(path.join(ROOT_DIR, '.local', `stack-${PORT}.json`), 'utf8')) as {
      apiUrl: string;
      anonKey: string;
      adminDbUrl: string;
    };
    const anon = createClient(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const topic = `restart-${Date.now()}`;
    const received: string[] = [];
    const channel = anon
      .channel(topic)
      .on('broadcast', { event: 'ping' }, (message) => received.push(String((message.payload as { n: string }).n)));
    await new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    const delivered = (label: string) =>
      until(
        `the realtime client to receive "${label}"`,
        async () => {
          await withDb(info.adminDbUrl, (db) =>
            db.query(`select realtime.send(jsonb_build_object('n', $1::text), 'ping', $2, false)`, [label, topic]),
          ).catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 300));
          return received.includes(label);
        },
        60_000,
      );
    await delivered('before');

    process.kill(stackNodePid(asCommand.child.pid!), 'SIGKILL');
    await exited(asCommand.child);
    await until('every child of the killed stack to stop', () => processesOfStack(PORT).length === 0, 20_000);
    asCommand = await started();
    await delivered('after');
    await anon.removeAllChannels();
  }, 240_000);
});
