import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSupabaseCli } from '../../supabase/stack/postgres/supabase-cli.ts';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import { asPostgres } from '../support/clients.ts';
import {
  copyDatabase,
  createMigratedDatabase,
  dropDatabase,
  loadSeeds,
  type ScratchDatabase,
} from '../support/scratch-database.ts';
import { DEMO_WORLD_INVARIANTS } from './demo-world-invariants.ts';

// The demo world (seeds/) is built around an anchor moment. Whatever the anchor's weekday and hour, each tenant
// must have, on its own clock, what the other tests and the screens rely on. Each anchor gets its own database.

const ANCHORS = [
  ['a Monday morning (the first day of the week)', '2026-11-23T09:00:00Z'],
  ['a Sunday (no trips planned on Sundays)', '2026-11-29T12:00:00Z'],
  ['1 January', '2027-01-01T10:00:00Z'],
  ['23:30 on a Sunday in Copenhagen (already Monday in Bucharest)', '2026-11-22T22:30:00Z'],
  ['00:30 on a Tuesday in Copenhagen (still Monday in UTC)', '2026-11-23T23:30:00Z'],
] as const;

let template: ScratchDatabase | undefined;

beforeAll(async () => {
  template = await createMigratedDatabase('demo_world_template');
}, 180_000);

afterAll(async () => {
  await dropDatabase(template);
});

/** The invariants that do not hold in the database, as "tenant: invariant". */
async function brokenInvariants(database: ScratchDatabase, anchor: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: database.dbUrl });
  await db.connect();
  try {
    const failures: string[] = [];
    for (const invariant of DEMO_WORLD_INVARIANTS) {
      if (invariant.setup) {
        await db.query('begin');
        await db.query(invariant.setup);
      }
      const { rows } = await db
        .query<{ tenant: string; ok: boolean }>(invariant.sql, [anchor])
        .finally(() => (invariant.setup ? db.query('rollback') : undefined));
      if (rows.length < 3) failures.push(`only ${rows.length} tenants: ${invariant.name}`);
      for (const row of rows) if (!row.ok) failures.push(`${row.tenant}: ${invariant.name}`);
    }
    return failures;
  } finally {
    await db.end();
  }
}

describe.each(ANCHORS)('the demo world anchored on %s', (_label, anchor) => {
  it('has every invariant in every tenant', async () => {
    const database = await copyDatabase(template!, 'demo_world');
    try {
      await loadSeeds(database, { anchor });
      expect(await brokenInvariants(database, anchor)).toEqual([]);
    } finally {
      await dropDatabase(database);
    }
  }, 120_000);
});

describe('the demo world on a hosted project', () => {
  it('loads with supabase db push --include-seed (each file its own transaction), anchored at the time of loading', async () => {
    const database = await copyDatabase(template!, 'demo_world_cli');
    try {
      await runSupabaseCli(['db', 'push', `--remote=${database.dbUrl}`, '--include-seed', '--yes']);
      const {
        rows: [{ now }],
      } = await asPostgres((db) => db.query<{ now: Date }>('select now()'));
      expect(await brokenInvariants(database, now.toISOString())).toEqual([]);
    } finally {
      await dropDatabase(database);
    }
  }, 180_000);
});

describe('the anchor', () => {
  it('defaults to the time of loading, as on a hosted project (db push --include-seed sets nothing)', async () => {
    const helpers = readFileSync(path.join(ROOT_DIR, 'seeds/00-helpers.sql'), 'utf8');
    await asPostgres(async (db) => {
      await db.query('begin');
      try {
        await db.query(helpers);
        const {
          rows: [row],
        } = await db.query<{ drift: number }>(`select abs(extract(epoch from pg_temp.seed_now() - now())) as drift`);
        expect(Number(row.drift)).toBeLessThan(1);
      } finally {
        await db.query('rollback');
      }
    });
  });

  it('is taken from the seed.anchor setting when the loader sets it', async () => {
    const helpers = readFileSync(path.join(ROOT_DIR, 'seeds/00-helpers.sql'), 'utf8');
    await asPostgres(async (db) => {
      await db.query('begin');
      try {
        await db.query(`set local seed.anchor = '2027-01-01T10:00:00Z'`);
        await db.query(helpers);
        const {
          rows: [row],
        } = await db.query<{ at: Date; today: string }>(
          `select pg_temp.seed_now() as at, to_char(pg_temp.seed_today(t.id), 'YYYY-MM-DD') as today from public.tenants t where t.slug = 'hjem-is'`,
        );
        expect(row.at.toISOString()).toBe('2027-01-01T10:00:00.000Z');
        expect(row.today).toBe('2027-01-01');
      } finally {
        await db.query('rollback');
      }
    });
  });
});
