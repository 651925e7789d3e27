import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { asAdmin, createTripWorld, offset, writeFixes, type TripWorld } from './trip-world.ts';

// car_positions is partitioned by UTC day (migration 20261124020000_car_positions_by_day.sql): partitions are
// made a week ahead by cron and on demand, a fix for a day without one waits in the default partition, and
// days older than the retention (14 days) are dropped while the plan event keeps its driven trail.

const HOME = { lat: 55.6761, lng: 12.5683 };
let world: TripWorld;

beforeAll(async () => {
  world = await createTripWorld([offset(HOME, 800, 90)]);
});

afterAll(async () => {
  await world?.drop();
});

/** Where the car's fixes of one UTC day are stored: partition name -> rows. */
async function whereStored(day: string): Promise<Record<string, number>> {
  return asAdmin(async (db) => {
    const { rows } = await db.query<{ part: string; n: string }>(
      `select tableoid::regclass::text as part, count(*) as n from public.car_positions
        where tenant_id = $1 and car_id = $2 and recorded_at >= $3::date and recorded_at < $3::date + 1
        group by 1`,
      [world.tenantId, world.carId, day],
    );
    return Object.fromEntries(rows.map((r) => [r.part, Number(r.n)]));
  });
}

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const fixesOn = (day: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    ...offset(HOME, 20 * i, 0),
    recorded_at: `${day}T10:00:${String(i).padStart(2, '0')}Z`,
  }));

describe('daily partitions of car_positions', () => {
  it("has today's and the next week's partitions, so live fixes land in their own day", async () => {
    const today = utcDay(0);
    await writeFixes(world, fixesOn(today, 3));
    expect(await whereStored(today)).toEqual({ [`app_private.car_positions_${today.replaceAll('-', '')}`]: 3 });
    const ahead = await asAdmin(
      async (db) =>
        (
          await db.query<{ n: string }>(
            `select count(*) as n from pg_inherits where inhparent = 'public.car_positions'::regclass
          and inhrelid::regclass::text = any ($1)`,
            [[1, 2, 3, 4, 5, 6, 7].map((d) => `app_private.car_positions_${utcDay(d).replaceAll('-', '')}`)],
          )
        ).rows[0].n,
    );
    expect(Number(ahead)).toBe(7);
  });

  it('keeps a fix for a day without a partition in the default one, and moves it when the day gets its partition', async () => {
    // Far enough ahead that no cron run makes this day meanwhile; the partition made here is dropped again.
    const day = utcDay(40);
    const part = `app_private.car_positions_${day.replaceAll('-', '')}`;
    try {
      await writeFixes(world, fixesOn(day, 4));
      expect(await whereStored(day)).toEqual({ 'app_private.car_positions_default': 4 });
      const made = await asAdmin(
        async (db) =>
          (
            await db.query<{ n: number }>(
              'select app_private.ensure_car_position_partitions($1::date, $1::date) as n',
              [day],
            )
          ).rows[0].n,
      );
      expect(made).toBe(1);
      expect(await whereStored(day)).toEqual({ [part]: 4 });
      // Made once: a second call finds it.
      const again = await asAdmin(
        async (db) =>
          (
            await db.query<{ n: number }>(
              'select app_private.ensure_car_position_partitions($1::date, $1::date) as n',
              [day],
            )
          ).rows[0].n,
      );
      expect(again).toBe(0);
    } finally {
      await asAdmin((db) => db.query(`drop table if exists ${part}`));
    }
  });

  it("drops the days older than the retention but keeps the plan event's driven trail", async () => {
    const old = utcDay(-20);
    const part = `app_private.car_positions_${old.replaceAll('-', '')}`;
    // Two fixes 100 m apart during the plan event's day make its trail.
    const start = world.startsAt.getTime();
    await writeFixes(
      world,
      [0, 1].map((i) => ({ ...offset(HOME, 100 * i, 180), recorded_at: new Date(start + i * 10_000).toISOString() })),
    );
    const { data: before } = await serviceClient()
      .from('plan_events')
      .select('driven_trail')
      .eq('id', world.planEventId)
      .single();
    expect(before!.driven_trail).not.toBe('');
    try {
      await asAdmin((db) => db.query('select app_private.ensure_car_position_partitions($1::date, $1::date)', [old]));
      await writeFixes(world, fixesOn(old, 2));
      expect(await whereStored(old)).toEqual({ [part]: 2 });
      const retention = await asAdmin(
        async (db) =>
          (await db.query<{ days: number }>('select app_private.car_position_retention_days() as days')).rows[0].days,
      );
      expect(retention).toBe(14);

      await asAdmin((db) => db.query('select app_private.drop_old_car_position_partitions()'));
      expect(await whereStored(old)).toEqual({});
      const exists = await asAdmin(async (db) => (await db.query('select to_regclass($1) as t', [part])).rows[0].t);
      expect(exists).toBeNull();
      // Yesterday is within the retention and stays.
      const yesterday = `app_private.car_positions_${utcDay(-1).replaceAll('-', '')}`;
      expect(
        await asAdmin(async (db) => (await db.query('select to_regclass($1)::text as t', [yesterday])).rows[0].t),
      ).toBe(yesterday);

      const { data: after } = await serviceClient()
        .from('plan_events')
        .select('driven_trail')
        .eq('id', world.planEventId)
        .single();
      expect(after!.driven_trail).toBe(before!.driven_trail);
    } finally {
      await asAdmin((db) => db.query(`drop table if exists ${part}`));
    }
  });

  it('is maintained by a cron job', async () => {
    const jobs = await asAdmin(
      async (db) =>
        (
          await db.query<{ command: string }>(
            `select command from cron.job where jobname in ('car-positions-partitions', 'finish-overdue-trips') order by jobname`,
          )
        ).rows,
    );
    expect(jobs.map((j) => j.command)).toEqual([
      'select app_private.maintain_car_position_partitions()',
      'select app_private.finish_overdue_trips()',
    ]);
  });
});
