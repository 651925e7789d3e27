import type pg from 'pg';

const UNFINISHED = `update cron.job_run_details set status = 'failed', return_message = 'server restarted', end_time = now()
  where status in ('starting', 'running')`;

/**
 * pg_cron's launcher is a background worker: every Postgres start (a crash restart too) starts it again, and it
 * first closes the runs that never finished as 'server restarted'. The stand-in lives outside Postgres, so it
 * notices a restart by the server's start time changing. Without this, a run whose outcome was lost with the
 * server (written, but the answer never arrived) stayed 'running' for ever.
 */
export function restartSweep(admin: pg.Pool): () => Promise<void> {
  let seen: number | undefined;
  let first = true;
  return async () => {
    const everyRun = first;
    first = false;
    const { rows } = await admin.query<{ started: Date }>('select pg_postmaster_start_time() as started');
    const started = rows[0]?.started.getTime();
    if (started === undefined || started === seen) return;
    // At the stack's start every unfinished run belongs to a process that is gone; after a restart only those
    // begun before it (runs this process started since then are still going).
    await admin.query(everyRun ? UNFINISHED : `${UNFINISHED} and start_time < pg_postmaster_start_time()`);
    seen = started;
  };
}
