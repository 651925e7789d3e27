import type pg from 'pg';
import { matchesMinute, parseCronSchedule, type CronSchedule } from './cron-schedule.ts';
import type { CronJob, JobRunner } from './job-runner.ts';

export interface DueOptions {
  /** Include the five-field jobs (false on the ticks within a minute already handled). */
  minuteJobs: boolean;
  /** Include @reboot jobs (once, when the scheduler starts). */
  rebootJobs: boolean;
}

/** Decides which active jobs of cron.job are due and hands them to the runner. */
export class Scheduler {
  private readonly parsed = new Map<string, CronSchedule | Error>();
  /** When each 'N seconds' job last started, so it runs every N seconds from then. */
  private readonly lastIntervalStart = new Map<string, number>();

  constructor(
    private readonly admin: pg.Pool,
    private readonly runner: JobRunner,
    private readonly log: (message: string) => void,
  ) {}

  /** Starts every due job; resolves once they have been started, with one promise per run. */
  async startDue(now: Date, options: DueOptions): Promise<Array<Promise<void>>> {
    const jobs = await this.activeJobs();
    const runs: Array<Promise<void>> = [];
    for (const job of jobs) {
      if (this.isDue(job, now, options)) runs.push(this.runner.run(job));
    }
    return runs;
  }

  private isDue(job: CronJob, now: Date, options: DueOptions): boolean {
    const schedule = this.schedule(job);
    if (!schedule) return false;
    switch (schedule.kind) {
      case 'fields':
        return options.minuteJobs && matchesMinute(schedule, now);
      case 'reboot':
        return options.rebootJobs;
      case 'interval': {
        const last = this.lastIntervalStart.get(job.jobid);
        // Ticks land a few ms either side of the second; half a second of slack keeps the cadence.
        if (last !== undefined && now.getTime() - last < schedule.seconds * 1000 - 500) return false;
        this.lastIntervalStart.set(job.jobid, now.getTime());
        return true;
      }
    }
  }

  private schedule(job: CronJob): CronSchedule | undefined {
    let parsed = this.parsed.get(job.schedule);
    if (!parsed) {
      try {
        parsed = parseCronSchedule(job.schedule);
      } catch (error) {
        parsed = error instanceof Error ? error : new Error(String(error));
      }
      this.parsed.set(job.schedule, parsed);
    }
    if (parsed instanceof Error) {
      this.log(`job ${job.jobname ?? job.jobid} skipped: ${parsed.message}`);
      return undefined;
    }
    return parsed;
  }

  private async activeJobs(): Promise<CronJob[]> {
    const { rows } = await this.admin.query<CronJob>(
      `select jobid::text as jobid, jobname, schedule, command, database, username
       from cron.job where active order by jobid`,
    );
    return rows;
  }
}
