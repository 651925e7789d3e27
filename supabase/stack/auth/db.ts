import pg from 'pg';
import { log } from '../shared/log.ts';

export type Db = pg.Pool;
export type Tx = pg.PoolClient;
/** Either the pool (one statement, autocommit) or a client inside a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

/**
 * A pool of connections as the Auth server's role. The pool opens connections on demand and drops any that
 * fail, so the service keeps working across Postgres restarts without holding a dead client.
 */
export function createPool(connectionString: string): Db {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 5_000,
    application_name: 'auth',
  });
  // An idle connection killed by a Postgres restart reports here; without a listener it would crash the process.
  pool.on('error', (error) => log('auth', `database connection lost: ${error.message}`));
  return pool;
}

/** A value that signals the transaction should be committed although the call fails (GoTrue's CommitWithError). */
export class CommitThenThrow extends Error {
  constructor(readonly cause: unknown) {
    super('commit then throw');
  }
}

/** Runs `work` in one transaction; rolls back on error and never returns a broken connection to the pool. */
export async function withTransaction<T>(pool: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    try {
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      if (error instanceof CommitThenThrow) {
        await client.query('commit');
        throw error.cause;
      }
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    }
  } catch (error) {
    if (isConnectionError(error)) broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Errors after which a connection must not be reused (server gone, admin shutdown, socket closed). */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P'))) return true;
  return /Connection terminated|ECONNRESET|ECONNREFUSED|EPIPE|not queryable/i.test(error.message);
}
