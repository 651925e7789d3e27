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

/**
 * How long a hook that takes a data lock may wait for it: the file holding the lock keeps it for its whole run
 * (the RLS matrix takes minutes on a loaded machine), so Vitest's default hook timeout (60 s) would fail the
 * waiting file whenever it happens to start while the other runs, which a quick machine makes likely.
 */
export const DATA_LOCK_WAIT_MS = 10 * 60_000;

/** Writes and counts of the home tenant's B2B customers, routes and calendar (the RLS matrix, the B2B list). */
export const HJEM_IS_OPERATIONS = 'hjem-is operations';
