import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface SeedOptions {
  /**
   * The moment the demo world is built around (ISO 8601, e.g. `2026-11-23T09:00:00Z`): trips before it are
   * driven, trips of its date are under way, later ones planned. Default: the time of loading.
   */
  anchor?: string;
}

/**
 * Loads the demo data: `seeds/*.sql` in name order, in one transaction, as role postgres (as `supabase db
 * reset` does). Only on a fresh database, so what a developer changes in the demo is kept across restarts.
 */
export async function applySeeds(dbUrl: string, seedsDir: string, options: SeedOptions = {}): Promise<string[]> {
  const files = readdirSync(seedsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  if (!files.length) return [];
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    // seeds/00-helpers.sql reads the anchor from this setting; a hosted `db push --include-seed` leaves it unset.
    if (options.anchor) await setAnchor(client, options.anchor);
    for (const file of files) {
      try {
        await client.query(readFileSync(path.join(seedsDir, file), 'utf8'));
      } catch (error) {
        throw new Error(`seed ${file} failed: ${(error as Error).message}`);
      }
    }
    await client.query('commit');
    return files;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function setAnchor(client: pg.Client, anchor: string): Promise<void> {
  try {
    await client.query(`select set_config('seed.anchor', $1::timestamptz::text, true)`, [anchor]);
  } catch (error) {
    throw new Error(
      `SEED_ANCHOR must be a timestamp such as 2026-11-23T09:00:00Z, got ${JSON.stringify(anchor)}: ${(error as Error).message}`,
    );
  }
}
