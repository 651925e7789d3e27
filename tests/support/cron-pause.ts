import type pg from 'pg';

/**
 * Keeps a pg_cron job of the test stack from starting until the returned resume is called, for a test that runs
 * the job's work itself and must not have the scheduled run do it first. A run already under way finishes first.
 */
export async function pauseCronJob(db: pg.Client, jobname: string): Promise<() => Promise<void>> {
  await db.query('update cron.job set active = false where jobname = $1', [jobname]);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await db.query(
      `select 1 from cron.job_run_details d join cron.job j on j.jobid = d.jobid
                                      where j.jobname = $1 and d.status in ('starting', 'running')`,
      [jobname],
    );
    if (rows.length === 0) break;
    if (Date.now() > deadline) throw new Error(`a run of the cron job ${jobname} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    await db.query('update cron.job set active = true where jobname = $1', [jobname]);
  };
}
