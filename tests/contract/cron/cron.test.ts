import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSchedule } from './schedule-cases.ts';
import { isValidCronSchedule } from '../../../supabase/stack/cron/cron-schedule.ts';
import { startCron, type CronService } from '../../../supabase/stack/cron/index.ts';
import { asPostgres } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';

// Jobs are declared as a migration declares them: SQL run as `postgres`, pg_cron's functions.
const suffix = randomUUID().slice(0, 8);
const table = `cron_probe_${suffix}`;
const job = (what: string) => `contract-${what}-${suffix}`;

interface RunRow {
  status: string;
  return_message: string;
  username: string;
  job_pid: number | null;
  end_time: Date | null;
}

async function runsOf(jobName: string): Promise<RunRow[]> {
  return asPostgres(async (db) => {
    const { rows } = await db.query<RunRow>(
      `select d.status, d.return_message, d.username, d.job_pid, d.end_time
       from cron.job_run_details d join cron.job j using (jobid)
       where j.jobname = $1 order by d.runid`,
      [jobName],
    );
    return rows;
  });
}

async function probeRows(tag: string): Promise<Array<{ tag: string; who: string }>> {
  return asPostgres(
    async (db) =>
      (await db.query<{ tag: string; who: string }>(`select tag, who from public.${table} where tag = $1`, [tag])).rows,
  );
}

let cron: CronService;

beforeAll(async () => {
  await asPostgres((db) =>
    db.query(
      `create table public.${table} (tag text not null, who text not null default current_user, at timestamptz default now())`,
    ),
  );
  // A scheduler of our own that only runs when told: the stack's keeps running beside it.
  cron = await startCron(stackInfo(), { autoRun: false, netWorker: false });
});

afterAll(async () => {
  await cron?.close();
  await asPostgres(async (db) => {
    await db.query(`select cron.unschedule(jobname) from cron.job where jobname like $1`, [`%-${suffix}`]);
    await db.query(`drop table if exists public.${table}`);
  });
});

describe('cron.schedule (pg_cron stand-in)', () => {
  it('creates a job owned by the caller, and updates it when scheduled again by name', async () => {
    await asPostgres(async (db) => {
      const first = await db.query<{ id: string }>(`select cron.schedule($1, '*/5 * * * *', 'select 1') as id`, [
        job('upsert'),
      ]);
      const again = await db.query<{ id: string }>(`select cron.schedule($1, '0 3 * * *', 'select 2') as id`, [
        job('upsert'),
      ]);
      expect(again.rows[0]?.id).toBe(first.rows[0]?.id);
      const { rows } = await db.query(
        `select schedule, command, username, active, database from cron.job where jobname = $1`,
        [job('upsert')],
      );
      expect(rows).toEqual([
        { schedule: '0 3 * * *', command: 'select 2', username: 'postgres', active: true, database: 'postgres' },
      ]);
      expect((await db.query(`select cron.unschedule($1) as ok`, [job('upsert')])).rows[0]).toEqual({ ok: true });
      await expect(db.query(`select cron.unschedule($1)`, [job('upsert')])).rejects.toThrow(
        `could not find valid entry for job '${job('upsert')}'`,
      );
    });
  });

  it('refuses an invalid schedule as pg_cron does', async () => {
    await asPostgres(async (db) => {
      await expect(db.query(`select cron.schedule($1, '61 * * * *', 'select 1')`, [job('bad')])).rejects.toThrow(
        'invalid schedule: 61 * * * *',
      );
    });
  });

  it('validates schedules in SQL exactly as the scheduler parses them', async () => {
    await asPostgres(async (db) => {
      for (const [schedule, valid] of isValidSchedule) {
        const { rows } = await db.query<{ ok: boolean }>(`select cron._schedule_is_valid($1) as ok`, [schedule]);
        expect(rows[0]?.ok, schedule).toBe(valid);
        expect(isValidCronSchedule(schedule), schedule).toBe(valid);
      }
    });
  });

  it('lets postgres read jobs but not write cron.job directly, as on Supabase', async () => {
    await asPostgres(async (db) => {
      await db.query(`select count(*) from cron.job`);
      await expect(
        db.query(
          `insert into cron.job (schedule, command, username) values ('* * * * *', 'select 1', 'supabase_admin')`,
        ),
      ).rejects.toThrow('permission denied');
    });
  });

  it('runs a due job as its owner and records the run', async () => {
    await asPostgres((db) =>
      db.query(`select cron.schedule($1, '0 0 1 1 *', $2)`, [
        job('newyear'),
        `insert into public.${table} (tag) values ('new-year')`,
      ]),
    );
    await cron.runDue(new Date('2030-01-01T00:00:30Z'));
    expect(await probeRows('new-year')).toEqual([{ tag: 'new-year', who: 'postgres' }]);
    const runs = await runsOf(job('newyear'));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'succeeded', return_message: 'INSERT 0 1', username: 'postgres' });
    expect(runs[0]?.job_pid).toBeGreaterThan(0);
    expect(runs[0]?.end_time).not.toBeNull();

    // Not due a minute later.
    await cron.runDue(new Date('2030-01-01T00:01:00Z'));
    expect(await probeRows('new-year')).toHaveLength(1);
  });

  it('records a failing job with its error', async () => {
    await asPostgres((db) =>
      db.query(`select cron.schedule($1, '0 0 1 1 *', 'select * from no_such_table_anywhere')`, [job('fails')]),
    );
    await cron.runDue(new Date('2031-01-01T00:00:00Z'));
    const runs = await runsOf(job('fails'));
    expect(runs.at(-1)).toMatchObject({ status: 'failed' });
    expect(runs.at(-1)?.return_message).toContain('relation "no_such_table_anywhere" does not exist');
  });

  it("skips inactive jobs (cron.alter_job) and runs pg_cron's 'N seconds' jobs from the stack's own scheduler", async () => {
    await asPostgres(async (db) => {
      const { rows } = await db.query<{ id: string }>(`select cron.schedule($1, '1 seconds', $2) as id`, [
        job('seconds'),
        `insert into public.${table} (tag) values ('every-second')`,
      ]);
      const deadline = Date.now() + 10_000;
      while ((await probeRows('every-second')).length < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await probeRows('every-second')).length).toBeGreaterThanOrEqual(2);

      await db.query(`select cron.alter_job($1, active := false)`, [rows[0]?.id]);
      // Let a run that had already started finish, then nothing more may happen.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const before = (await probeRows('every-second')).length;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect((await probeRows('every-second')).length).toBe(before);
    });
    const runs = await runsOf(job('seconds'));
    expect(runs.every((run) => run.status === 'succeeded')).toBe(true);
  });
});
