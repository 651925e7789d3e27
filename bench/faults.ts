import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { backupDatabase } from '../supabase/stack/postgres/base-backup.ts';
import { ROOT_DIR } from '../supabase/stack/shared/load-config.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { processesOfStack } from '../tests/support/stack-process.ts';
import { round, summarise } from './support/stats.ts';

const ROUNDS = 5;
const FIXES = 200;

/**
 * Faults under a steady write load: one GPS writer sends a 200-fix batch (one REST upsert, as gps-sync does) as
 * fast as it is answered while Postgres, then PostgREST, is killed 5 times each. Per kill: the time until REST
 * answers again, the batches refused meanwhile, and after the refused ones are sent again the rows lost and doubled
 * (both must be 0). Then a backup of the bench database with `db:backup`'s code and its restore into a new stack
 * (`db:restore`), timed.
 */
export async function benchFaults(info: StackInfo) {
  const port = Number(new URL(info.apiUrl).port);
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const {
    rows: [car],
  } = await db.query<{ tenant_id: string; id: string; depo_id: string }>(
    `select c.tenant_id, c.id, c.depo_id from public.cars c join public.tenants t on t.id = c.tenant_id where t.slug = 'hjem-is' order by c.id limit 1`,
  );
  await db.end();

  const headers = {
    apikey: info.serviceRoleKey,
    authorization: `Bearer ${info.serviceRoleKey}`,
    'content-type': 'application/json',
    prefer: 'resolution=ignore-duplicates,return=minimal',
  };
  const base = Date.UTC(2030, 0, 1) + Math.floor(Math.random() * 1e6) * 1000;
  let sequence = 0;
  const send = async (n: number): Promise<boolean> => {
    const rows = Array.from({ length: FIXES }, (_, i) => ({
      tenant_id: car.tenant_id,
      car_id: Number(car.id),
      depo_id: Number(car.depo_id),
      recorded_at: new Date(base + (n * FIXES + i) * 100).toISOString(),
      lat: 55.6,
      lng: 12.5,
    }));
    try {
      const response = await fetch(`${info.apiUrl}/rest/v1/car_positions?on_conflict=tenant_id,car_id,recorded_at`, {
        method: 'POST',
        headers,
        body: JSON.stringify(rows),
      });
      await response.arrayBuffer();
      return response.status === 201;
    } catch {
      return false;
    }
  };
  const restAnswers = async () => {
    try {
      return (await fetch(`${info.apiUrl}/rest/v1/`, { headers: { apikey: info.anonKey } })).status === 200;
    } catch {
      return false;
    }
  };

  const kills: Record<
    'postgres' | 'postgrest',
    Array<{ back_ms: number; refused: number; lost: number; doubled: number }>
  > = { postgres: [], postgrest: [] };
  for (const target of ['postgres', 'postgrest'] as const) {
    for (let r = 0; r < ROUNDS; r += 1) {
      const first = sequence;
      const refused: number[] = [];
      let backAt = 0;
      let stop = false;
      // Back = the first batch stored after one was refused: what a writer sees of the outage.
      const writer = (async () => {
        while (!stop) {
          const n = sequence++;
          const ok = await send(n);
          if (!ok) refused.push(n);
          else if (refused.length > 0 && backAt === 0) backAt = performance.now();
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const killedAt = performance.now();
      if (target === 'postgres') {
        process.kill(Number(readFileSync(path.join(info.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
      } else {
        const pid = processesOfStack(port).find((p) => p.command.includes('postgrest'))?.pid;
        if (pid) process.kill(pid, 'SIGKILL');
      }
      const deadline = Date.now() + 60_000;
      while ((backAt === 0 || !(await restAnswers())) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const backMs = backAt === 0 ? -1 : Math.max(0, backAt - killedAt);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      stop = true;
      await writer;
      for (const n of refused) while (!(await send(n))) await new Promise((resolve) => setTimeout(resolve, 200));
      const check = new pg.Client({ connectionString: info.adminDbUrl });
      await check.connect();
      const {
        rows: [c],
      } = await check.query<{ n: string; d: string }>(
        `select count(*) as n, count(distinct recorded_at) as d from public.car_positions where tenant_id = $1 and car_id = $2 and recorded_at >= $3 and recorded_at < $4`,
        [
          car.tenant_id,
          car.id,
          new Date(base + first * FIXES * 100).toISOString(),
          new Date(base + sequence * FIXES * 100).toISOString(),
        ],
      );
      await check.end();
      const expected = (sequence - first) * FIXES;
      kills[target].push({
        back_ms: round(backMs),
        refused: refused.length,
        lost: expected - Number(c.d),
        doubled: Number(c.n) - Number(c.d),
      });
    }
  }

  const folder = mkdtempSync(path.join(tmpdir(), 'truckdesk-bench-backup-'));
  const archive = path.join(folder, 'bench.tar.gz');
  const restorePort = port + 10;
  try {
    let started = performance.now();
    const manifest = await backupDatabase({ adminDbUrl: info.adminDbUrl, dataDir: info.dataDir }, archive);
    const backupMs = performance.now() - started;
    started = performance.now();
    execFileSync(
      process.execPath,
      [path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), 'supabase/stack/cli/db-restore.ts', archive],
      {
        cwd: ROOT_DIR,
        env: { ...process.env, STACK_PORT: String(restorePort), STACK_QUIET: '1' },
        stdio: 'ignore',
      },
    );
    const restoreMs = performance.now() - started;
    return {
      name: 'faults',
      writer: `one GPS writer, ${FIXES}-fix upserts back to back; each process killed ${ROUNDS} times (SIGKILL)`,
      postgres_killed: { back_ms: summarise(kills.postgres.map((k) => k.back_ms)), rounds: kills.postgres },
      postgrest_killed: { back_ms: summarise(kills.postgrest.map((k) => k.back_ms)), rounds: kills.postgrest },
      backup: {
        ms: round(backupMs),
        bytes: statSync(archive).size,
        data_dir_bytes: dirBytes(info.dataDir),
        migrations: manifest.migrations.length,
      },
      restore: { ms: round(restoreMs), note: 'checksum, unpack, start with WAL replay, stop (db:restore)' },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
    rmSync(path.join(ROOT_DIR, '.local', `db-${restorePort}`), { recursive: true, force: true });
    rmSync(path.join(ROOT_DIR, '.local', `db-${restorePort}-mail`), { recursive: true, force: true });
    rmSync(path.join(ROOT_DIR, '.local', `stack-${restorePort}.json`), { force: true });
  }
}

function dirBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}
