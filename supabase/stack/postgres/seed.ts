import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Loads the demo data: `seeds/*.sql` in name order, in one transaction, as role postgres (as `supabase db
 * reset` does). Only on a fresh database, so what a developer changes in the demo is kept across restarts.
 */
export async function applySeeds(dbUrl: string, seedsDir: string): Promise<string[]> {
  const files = readdirSync(seedsDir).filter((f) => f.endsWith('.sql')).sort();
  if (!files.length) return [];
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('begin');
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
