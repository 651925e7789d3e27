import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresProcessIds } from '../../supabase/stack/postgres/os-user.ts';
import { failureKind, failureSentences } from '../../src/shared/errors/failure-kind.ts';
import { client, serviceClient } from '../support/clients.ts';
import { connection } from '../support/fault-injection.ts';

// Issue 15, "Faults": a disk that fills up and a slow database give the caller a clear error, a person the app's
// server sentence, and leave no damage behind.

const SERVER_SENTENCE = 'Something went wrong on the server. Please try again.';

/**
 * Disk full, for real: a 1 MB tmpfs mounted for the test (root may mount here, as on CI) holds a tablespace with one
 * day's partition of car_positions. Inserts of that day fill it; everything else stays on the main disk.
 */
describe('a disk that fills up', () => {
  const mountDir = mkdtempSync(path.join(tmpdir(), 'truckdesk-disk-full-'));
  const tablespace = `faults_full_${randomUUID().slice(0, 8)}`;
  const partition = `app_private.car_positions_${tablespace}`;
  const day = new Date(Date.UTC(2031, 0, 1) + randomInt(0, 3000) * 86_400_000);
  let mounted = false;
  let car: { tenant_id: string; id: number; depo_id: number };

  beforeAll(async () => {
    const ids = postgresProcessIds();
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', mountDir], { stdio: 'ignore' });
      mounted = true;
    } catch {
      return; // not allowed on this machine: the test says so and is skipped
    }
    if (ids) execFileSync('chown', [`${ids.uid}:${ids.gid}`, mountDir]);
    const db = await connection();
    try {
      await db.query(`create tablespace ${tablespace} location '${mountDir}'`);
      const next = new Date(day.getTime() + 86_400_000);
      await db.query(`create table ${partition} partition of public.car_positions
                        for values from ('${day.toISOString()}') to ('${next.toISOString()}') tablespace ${tablespace}`);
      car = (
        await db.query<{ tenant_id: string; id: number; depo_id: number }>(
          `select c.tenant_id, c.id::int, c.depo_id::int from public.cars c join public.tenants t on t.id = c.tenant_id where t.slug = 'hjem-is' order by c.id limit 1`,
        )
      ).rows[0];
    } finally {
      await db.end();
    }
  });

  afterAll(async () => {
    if (!mounted) return rmSync(mountDir, { recursive: true, force: true });
    const db = await connection();
    try {
      await db.query(`drop table if exists ${partition}`);
      await db.query(`drop tablespace if exists ${tablespace}`);
    } finally {
      await db.end();
    }
    execFileSync('umount', [mountDir]);
    rmSync(mountDir, { recursive: true, force: true });
  });

  const batch = (n: number) =>
    Array.from({ length: 1000 }, (_, i) => ({
      tenant_id: car.tenant_id,
      car_id: car.id,
      depo_id: car.depo_id,
      recorded_at: new Date(day.getTime() + (n * 1000 + i) * 50).toISOString(),
      lat: 55.6,
      lng: 12.5,
      speed_kmh: 10,
      heading: 0,
    }));
  const send = (n: number) =>
    serviceClient()
      .from('car_positions')
      .upsert(batch(n), { onConflict: 'tenant_id,car_id,recorded_at', ignoreDuplicates: true });

  it('refuses the writes that do not fit with 503 "disk full", keeps serving the rest, and loses nothing once there is room', async (context) => {
    if (!mounted) context.skip();
    const stored: number[] = [];
    let refusal: { status: number; code: string; message: string } | undefined;
    for (let n = 0; n < 60 && !refusal; n += 1) {
      const { error, status } = await send(n);
      if (error) refusal = { status, code: error.code, message: error.message };
      else stored.push(n);
    }
    expect(stored.length).toBeGreaterThan(0);
    // Postgres's disk_full: PostgREST answers 503 (try later) with the code a caller can act on.
    expect(refusal).toMatchObject({ status: 503, code: '53100' });
    expect(refusal!.message).toMatch(/No space left on device/);
    expect(failureSentences[failureKind(refusal)]).toBe(SERVER_SENTENCE);

    // The rest of the product works on while that disk is full.
    const depos = await client().rpc('public_site', { segment: 'dk' });
    expect(depos.error).toBeNull();

    const db = await connection();
    try {
      // Nothing half-written: the stored batches whole, the refused one not at all.
      const count = async () =>
        Number((await db.query<{ n: string }>(`select count(*) as n from ${partition}`)).rows[0].n);
      expect(await count()).toBe(stored.length * 1000);

      // Room again (the partition moved to the main disk): the refused batch sent again is taken, once.
      await db.query(`alter table ${partition} set tablespace pg_default`);
      const failed = stored.length;
      expect((await send(failed)).error).toBeNull();
      expect((await send(failed)).error).toBeNull();
      expect(await count()).toBe((stored.length + 1) * 1000);

      // No damage: the heap and its primary key index check clean (amcheck), the ledger holds.
      await db.query('create extension if not exists amcheck with schema extensions');
      expect((await db.query(`select * from extensions.verify_heapam('${partition}'::regclass)`)).rows).toEqual([]);
      const {
        rows: [index],
      } = await db.query<{ name: string }>(
        `select indexrelid::regclass::text as name from pg_index where indrelid = '${partition}'::regclass and indisprimary`,
      );
      await db.query(`select extensions.bt_index_check($1::regclass, true)`, [index.name]);
      expect((await db.query('select * from app_private.stock_ledger_mismatches()')).rows).toEqual([]);
    } finally {
      await db.end();
    }
  });
});

/**
 * A slow database, injected: another session holds a lock the query needs for a set time (the latency). Under the
 * role's statement timeout (anon: 3 s, as on Supabase) the caller just waits; over it the caller gets a clear answer
 * in time instead of hanging, and the next request, once the database is quick again, is served.
 */
describe('a slow database', () => {
  async function slowFor(
    ms: number,
    work: () => PromiseLike<{ error: { code: string; message: string } | null; status: number }>,
  ) {
    const db = await connection();
    try {
      await db.query('begin');
      await db.query('lock table public.tenants in access exclusive mode');
      const started = Date.now();
      const release = new Promise<void>((resolve) =>
        setTimeout(() => void db.query('rollback').then(() => resolve()), ms),
      );
      const answer = await work();
      const tookMs = Date.now() - started;
      await release;
      return { ...answer, tookMs };
    } finally {
      await db.end();
    }
  }
  const publicSite = () => client().rpc('public_site', { segment: 'dk' });

  it('answers a request slowed below the statement timeout', async () => {
    const answer = await slowFor(1000, publicSite);
    expect(answer.error).toBeNull();
    expect(answer.tookMs).toBeGreaterThanOrEqual(900);
  });

  it('refuses a request slowed past the statement timeout with a clear error in time, then serves again', async () => {
    const answer = await slowFor(5000, publicSite);
    expect(answer.error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(answer.tookMs).toBeLessThan(4900);
    expect(failureSentences[failureKind({ ...answer.error, status: answer.status })]).toBe(SERVER_SENTENCE);
    expect((await publicSite()).error).toBeNull();
  });
});
