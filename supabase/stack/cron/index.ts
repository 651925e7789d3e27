import pg from 'pg';
import type { StackConfig } from '../shared/stack-config.ts';
import { JobRunner } from './job-runner.ts';
import { NetWorker } from './net-worker.ts';
import { createCronLog } from './quiet-log.ts';
import { restartSweep } from './restart-sweep.ts';
import { Scheduler } from './scheduler.ts';

export { parseCronSchedule, matchesMinute, CronScheduleError, type CronSchedule } from './cron-schedule.ts';

export interface CronOptions {
  /** Run due jobs every minute (and 'N seconds' jobs every N seconds). Default true; tests call runDue instead. */
  autoRun?: boolean;
  /** Perform net.http_* requests. Default true; only one worker per database should run. */
  netWorker?: boolean;
}

export interface CronService {
  close(): Promise<void>;
  /** Runs the jobs due at `now` (UTC) and resolves when they have finished. */
  runDue(now: Date): Promise<void>;
  /** Resolves when every queued net.http_* request taken so far has its response row. */
  netIdle(): Promise<void>;
}

type CronConfig = Pick<StackConfig, 'adminDbUrl' | 'dbUrl' | 'apiUrl'>;

/** pg_cron and pg_net's background workers, for a Postgres that has neither extension. */
export async function startCron(config: CronConfig, options: CronOptions = {}): Promise<CronService> {
  const log = createCronLog();
  const admin = new pg.Pool({ connectionString: config.adminDbUrl, max: 4, application_name: 'pg_cron scheduler' });
  // An idle connection dropped by a Postgres restart must not take the stack down.
  admin.on('error', (error) => log(`connection lost: ${error.message}`));
  // As pg_cron's launcher does at each server start: runs that never finished are over. Only the scheduling process
  // does it: a test's second, manual instance must not end the real one's runs.
  const sweep = restartSweep(admin);
  const closeUnfinished = (): Promise<void> =>
    sweep().catch((error: unknown) =>
      log(`could not close earlier runs: ${error instanceof Error ? error.message : String(error)}`),
    );
  if (options.autoRun !== false) await closeUnfinished();
  const runner = new JobRunner(admin, config, log);
  const scheduler = new Scheduler(admin, runner, log);
  const net = options.netWorker === false ? undefined : new NetWorker(admin, config.adminDbUrl, config.apiUrl, log);
  net?.start();

  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let busy = false;
  let lastMinute = Math.floor(Date.now() / 60_000);
  let rebootDone = false;

  const track = (runs: Array<Promise<void>>): void => {
    for (const run of runs) {
      running.add(run);
      void run.finally(() => running.delete(run));
    }
  };

  // Once a second: 'N seconds' jobs need it, and a five-field job runs on the first tick of its minute.
  const tick = async (): Promise<void> => {
    if (busy) return;
    busy = true;
    try {
      await closeUnfinished();
      const now = new Date();
      const minute = Math.floor(now.getTime() / 60_000);
      const minuteJobs = minute !== lastMinute;
      track(await scheduler.startDue(now, { minuteJobs, rebootJobs: !rebootDone }));
      lastMinute = minute;
      rebootDone = true;
    } catch (error) {
      log(`scheduler: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      busy = false;
    }
  };
  const scheduleTick = (): void => {
    if (closed) return;
    // Just after the next whole second, so minute jobs start at :00 like pg_cron's.
    timer = setTimeout(
      () => {
        void tick().finally(scheduleTick);
      },
      1_005 - (Date.now() % 1_000),
    );
  };
  if (options.autoRun !== false) scheduleTick();

  return {
    async runDue(now: Date): Promise<void> {
      await Promise.all(await scheduler.startDue(now, { minuteJobs: true, rebootJobs: false }));
    },
    async netIdle(): Promise<void> {
      await net?.idle();
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await net?.close();
      await Promise.allSettled([...running]);
      await admin.end().catch(() => undefined);
    },
  };
}
