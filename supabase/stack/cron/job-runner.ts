import pg from 'pg';

/** A row of cron.job, as the scheduler reads it. */
export interface CronJob {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  database: string;
  username: string;
}

export interface JobRunnerUrls {
  /** Superuser: writes cron.job_run_details, and runs jobs of roles that have no URL of their own. */
  adminDbUrl: string;
  /** The `postgres` role's own login, used for its jobs: they run exactly as on Supabase. */
  dbUrl: string;
}

/** pg_cron runs at most this many jobs at once (cron.max_running_jobs). */
const MAX_RUNNING = 32;
/** Tries to record a run's outcome (500 ms apart) while Postgres restarts. */
const FINISH_ATTEMPTS = 120;

/**
 * Runs one job the way pg_cron's worker does: its own connection, the job's role and database,
 * the command as one simple-protocol query, and a row in cron.job_run_details that goes
 * starting → running → succeeded | failed.
 */
export class JobRunner {
  private readonly running = new Set<string>();

  constructor(
    private readonly admin: pg.Pool,
    private readonly urls: JobRunnerUrls,
    private readonly log: (message: string) => void,
  ) {}

  /** Runs the job unless its previous run is still going (pg_cron never overlaps a job with itself). */
  async run(job: CronJob): Promise<void> {
    if (this.running.has(job.jobid) || this.running.size >= MAX_RUNNING) return;
    this.running.add(job.jobid);
    try {
      await this.runOnce(job);
    } catch (error) {
      this.log(`job ${job.jobname ?? job.jobid}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running.delete(job.jobid);
    }
  }

  private async runOnce(job: CronJob): Promise<void> {
    const inserted = await this.admin.query<{ runid: string }>(
      `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
       values ($1, $2, $3, $4, 'starting', now()) returning runid`,
      [job.jobid, job.database, job.username, job.command],
    );
    const runid = inserted.rows[0]?.runid;
    if (!runid) return;

    const { url, setRole } = this.connectionFor(job);
    const client = new pg.Client({ connectionString: url, application_name: 'pg_cron' });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await this.finish(
        runid,
        'failed',
        `connection failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    try {
      const pid = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (setRole) await client.query(`set role ${pg.escapeIdentifier(job.username)}`);
      await this.admin.query(
        `update cron.job_run_details set status = 'running', job_pid = $2, start_time = now() where runid = $1`,
        [runid, pid.rows[0]?.pid ?? null],
      );
      // No parameters: node-postgres then uses the simple protocol, which runs multi-statement commands like libpq.
      const result: unknown = await client.query(job.command);
      await this.finish(runid, 'succeeded', returnMessage(result));
    } catch (error) {
      await this.finish(runid, 'failed', `ERROR:  ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Records the outcome. A run cut short by a Postgres restart cannot record it until the server is back: it tries
   * for a minute, so the row does not stay 'running' for ever (waiters on running jobs would wait for ever).
   */
  private async finish(runid: string, status: 'succeeded' | 'failed', message: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.admin.query(
          `update cron.job_run_details set status = $2, return_message = $3, end_time = now() where runid = $1`,
          [runid, status, message],
        );
        return;
      } catch (error) {
        if (attempt >= FINISH_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  /**
   * postgres's jobs log in as postgres, as pg_cron does. Other roles have no password known to the
   * stack, so their jobs run on a superuser connection after SET ROLE (fine for a local stack).
   */
  private connectionFor(job: CronJob): { url: string; setRole: boolean } {
    const own = new URL(this.urls.dbUrl);
    const useOwn = decodeURIComponent(own.username) === job.username;
    const url = new URL(useOwn ? this.urls.dbUrl : this.urls.adminDbUrl);
    url.pathname = `/${encodeURIComponent(job.database)}`;
    return { url: url.toString(), setRole: !useOwn };
  }
}

/** What pg_cron records for a successful run: the command tag, or "N rows" for a query. */
export function returnMessage(result: unknown): string {
  const results = Array.isArray(result) ? result : [result];
  const last: unknown = results[results.length - 1];
  if (!isQueryResult(last)) return '0 rows';
  if (last.fields.length > 0 || last.command === null) {
    const rows = last.rowCount ?? 0;
    return `${rows} ${rows === 1 ? 'row' : 'rows'}`;
  }
  if (last.command === 'INSERT') return `INSERT ${last.oid ?? 0} ${last.rowCount ?? 0}`;
  return last.rowCount === null ? last.command : `${last.command} ${last.rowCount}`;
}

function isQueryResult(value: unknown): value is pg.QueryResult {
  return typeof value === 'object' && value !== null && 'fields' in value && 'command' in value;
}
