import pg from 'pg';
import { stackInfo } from './stack-info.ts';

/**
 * Holds a named lock on the test stack until `release` is called, so two test files that write and count the
 * same demo data do not run at the same time (vitest runs files in parallel). A Postgres advisory lock on its
 * own connection: it is released even if the test process dies.
 */
export async function holdDataLock(name: string): Promise<{ release: () => Promise<void> }> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  await db.query('select pg_advisory_lock(hashtext($1))', [`tests:${name}`]);
  return { release: () => db.end() };
}

/** Writes and counts of the home tenant's B2B customers, routes and calendar (the RLS matrix, the B2B list). */
export const HJEM_IS_OPERATIONS = 'hjem-is operations';
