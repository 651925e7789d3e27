import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { pauseCronJob } from '../support/cron-pause.ts';
import { positionsApplied } from '../support/positions-applied.ts';
import { stackInfo } from '../support/stack-info.ts';
import { asAdmin, createTripWorld, offset, TripScript, writeFixes, type LatLng, type TripWorld } from './trip-world.ts';

// The positions queue (migration 20261125020000_position_queue.sql): the insert broadcasts and queues the
// fixes; a cron job drains the queue every second, claiming cars `for no key update skip locked`. A drainer
// that dies leaves the fixes queued for the next one, a car held by one drainer is left to it, and applying
// the same fixes twice changes nothing.

const DEPOT: LatLng = { lat: 55.4038, lng: 10.4024 };
const STOPS = [1, 2].map((i) => offset(DEPOT, 600 * i, 45));

let world: TripWorld;
let holder: pg.Client;
/** Pauses the drain job, outside the holder's transaction. */
let pauser: pg.Client;

beforeAll(async () => {
  world = await createTripWorld(STOPS);
  holder = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await holder.connect();
  pauser = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await pauser.connect();
});
afterAll(async () => {
  await holder?.end();
  await pauser?.end();
  await world?.drop();
});

const queued = () =>
  asAdmin(async (db) =>
    Number(
      (
        await db.query<{ n: string }>('select count(*) as n from app_private.car_position_queue where tenant_id = $1', [
          world.tenantId,
        ])
      ).rows[0].n,
    ),
  );

const tripState = () =>
  asAdmin(
    async (db) =>
      (
        await db.query<{ visited_at: Date | null; points: number | null; latest: Date | null }>(
          `select (select visited_at from public.plan_event_route_points where id = $1) as visited_at,
          (select sum(points)::int from app_private.plan_event_trail_chunks where plan_event_id = $2) as points,
          (select latest_location_updated_at from public.cars where id = $3) as latest`,
          [world.stopIds[0], world.planEventId, world.carId],
        )
      ).rows[0],
  );

/** The next run of the drain job that starts after `after` and has finished. */
async function drainRunAfter(after: Date): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const done = await asAdmin(
      async (db) =>
        (
          await db.query(
            `select 1 from cron.job_run_details d join cron.job j using (jobid)
        where j.jobname = 'car-positions-queue' and d.start_time > $1 and d.status = 'succeeded' limit 1`,
            [after],
          )
        ).rows.length,
    );
    if (done) return;
    if (Date.now() > deadline) throw new Error('no run of the drain job');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the positions queue', () => {
  const trip = () => new TripScript(DEPOT, world.startsAt).driveTo(STOPS[0], 30).wait(90).driveTo(STOPS[1], 30);

  it('leaves a car held by another drainer alone, and a drainer that dies leaves its fixes queued', async () => {
    const fixes = trip().fixes;
    let resumeDrain: (() => Promise<void>) | undefined;
    await holder.query('begin');
    try {
      // This connection plays a drainer that has claimed the car.
      await holder.query('select 1 from public.cars where id = $1 for no key update', [world.carId]);
      const { error } = await serviceClient()
        .from('car_positions')
        .insert(
          fixes.map((f) => ({
            tenant_id: world.tenantId,
            car_id: world.carId,
            depo_id: world.depoId,
            recorded_at: f.recorded_at,
            lat: f.lat,
            lng: f.lng,
          })),
        );
      expect(error).toBeNull();
      await drainRunAfter(new Date());
      expect(await queued()).toBe(fixes.length);

      // The holder drains them itself (it sees them applied), then dies: nothing is applied, nothing is lost.
      await holder.query('select app_private.drain_car_position_queue()');
      const {
        rows: [inside],
      } = await holder.query<{ n: string; latest: Date | null }>(
        `select (select count(*) from app_private.car_position_queue where tenant_id = $1) as n,
                (select latest_location_updated_at from public.cars where id = $2) as latest`,
        [world.tenantId, world.carId],
      );
      expect(Number(inside.n)).toBe(0);
      expect(inside.latest?.getTime()).toBe(new Date(fixes.at(-1)!.recorded_at).getTime());
    } finally {
      // The cron drainer (every second) would take the car the moment the holder lets go: it waits while the
      // state the holder left is read.
      try {
        resumeDrain = await pauseCronJob(pauser, 'car-positions-queue');
      } finally {
        await holder.query('rollback');
      }
    }
    try {
      expect(await queued()).toBe(fixes.length);
      expect(await tripState()).toEqual({ visited_at: null, points: null, latest: null });
    } finally {
      await resumeDrain?.();
    }

    // Released: the cron drainer applies them.
    await positionsApplied({ tenantId: world.tenantId, carIds: [world.carId] });
    const state = await tripState();
    expect(state.visited_at).not.toBeNull();
    expect(state.points).toBeGreaterThan(0);
    expect(state.latest?.getTime()).toBe(new Date(fixes.at(-1)!.recorded_at).getTime());
  });

  it('changes nothing when the same fixes come through the queue again', async () => {
    const before = await tripState();
    const fixes = trip().fixes;
    await asAdmin((db) =>
      db.query(
        `insert into app_private.car_position_queue (tenant_id, car_id, depo_id, recorded_at, lat, lng)
       select $1, $2, $3, f.recorded_at, f.lat, f.lng from jsonb_to_recordset($4::jsonb) as f(recorded_at timestamptz, lat float8, lng float8)`,
        [world.tenantId, world.carId, world.depoId, JSON.stringify(fixes)],
      ),
    );
    await positionsApplied({ tenantId: world.tenantId, carIds: [world.carId] });
    expect(await tripState()).toEqual(before);
  });

  it('applies fixes written through the API in order', async () => {
    const later = new TripScript(STOPS[1], new Date(world.startsAt.getTime() + 3_600_000)).wait(90);
    await writeFixes(world, later.fixes);
    const {
      rows: [stop],
    } = await asAdmin((db) =>
      db.query<{ point_visited: boolean | null }>(
        'select point_visited from public.plan_event_route_points where id = $1',
        [world.stopIds[1]],
      ),
    );
    expect(stop.point_visited).toBe(true);
  });
});
