import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pauseCronJob } from '../support/cron-pause.ts';
import { stackInfo } from '../support/stack-info.ts';
import { asAdmin, createTripWorld, distanceM, offset, TripScript, writeFixes, type TripWorld } from './trip-world.ts';

// The end of a trip that never reached its last stop (the plan event's day ended), a trip not started by its
// driver (started by its positions: leaving the depo or reaching the first stop, from the planned start on;
// car_not_moving only once started), and the point-of-sale hook that marks a stop visited by a sale within 50 m.

const DEPOT = { lat: 56.1572, lng: 10.2107 };
const STOPS = [1, 2, 3, 4].map((i) => offset(DEPOT, 700 * i, 0));

async function visits(world: TripWorld): Promise<Array<boolean | null>> {
  return asAdmin(async (db) =>
    (
      await db.query<{ point_visited: boolean | null }>(
        'select point_visited from public.plan_event_route_points where plan_event_id = $1 order by position',
        [world.planEventId],
      )
    ).rows.map((r) => r.point_visited),
  );
}

async function planEvent(world: TripWorld): Promise<{ car_not_moving: boolean; trip_finished_at: Date | null }> {
  return asAdmin(
    async (db) =>
      (
        await db.query<{ car_not_moving: boolean; trip_finished_at: Date | null }>(
          'select car_not_moving, trip_finished_at from public.plan_events where id = $1',
          [world.planEventId],
        )
      ).rows[0],
  );
}

async function startedAt(world: TripWorld): Promise<Date | null> {
  return asAdmin(
    async (db) =>
      (
        await db.query<{ started_at: Date | null }>('select started_at from public.plan_events where id = $1', [
          world.planEventId,
        ])
      ).rows[0].started_at,
  );
}

describe('a trip whose day ends before its last stop', () => {
  let world: TripWorld;
  let cronDb: pg.Client;
  let resumeCron: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // The test ends the trip itself: the job's run every 10 minutes (at :00, :10...) must not end it first, between
    // moving the trip to yesterday and the test's own call, or the fixes find it finished.
    cronDb = new pg.Client({ connectionString: stackInfo().adminDbUrl });
    await cronDb.connect();
    resumeCron = await pauseCronJob(cronDb, 'finish-overdue-trips');
    world = await createTripWorld(STOPS, { timeZone: 'Europe/Oslo' });
  });
  afterAll(async () => {
    await world?.drop();
    await resumeCron?.();
    await cronDb?.end();
  });

  it('is finished by the cron job at the end of the day: the stop driven past is skipped, the ones never reached stay open', async () => {
    // Yesterday's trip: stop 1 driven through, stop 2 visited, then the truck stood 20 minutes between stops.
    const yesterday = new Date(world.startsAt.getTime() - 86_400_000);
    await asAdmin((db) =>
      db.query('update public.plan_events set date = date - 1, started_at = $2 where id = $1', [
        world.planEventId,
        yesterday,
      ]),
    );
    const trip = new TripScript(DEPOT, yesterday)
      .driveTo(STOPS[0], 40)
      .driveTo(STOPS[1], 40)
      .wait(90)
      .driveTo(offset(STOPS[1], 300, 0), 40)
      .wait(20 * 60);
    await writeFixes(world, trip.fixes);
    expect(await visits(world)).toEqual([null, true, null, null]);
    expect((await planEvent(world)).car_not_moving).toBe(true);

    // A customer waiting for the SMS of each stop, added in the transaction that ends the trip (so no dispatcher
    // handles them first: the stops' estimates are in the past by now).
    const { finished, reasons } = await asAdmin(async (db) => {
      await db.query('begin');
      const {
        rows: [customer],
      } = await db.query<{ id: string }>(
        `insert into public.customers (tenant_id, phone, sms_permission) values ($1, '+4512345678', true) returning id`,
        [world.tenantId],
      );
      await db.query(
        `insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id, sms_should_send_at)
         select $1, $2, unnest($3::bigint[]), $4, now() + interval '1 day'`,
        [world.tenantId, customer.id, world.stopIds, world.depoId],
      );
      const n = (await db.query<{ n: number }>('select app_private.finish_overdue_trips() as n')).rows[0].n;
      const { rows } = await db.query<{
        plan_event_route_point_id: string;
        reason_of_sms_skip: string | null;
        full_description_of_sms_skip: string | null;
      }>(
        'select plan_event_route_point_id, reason_of_sms_skip, full_description_of_sms_skip from public.sms_receivers where customer_id = $1',
        [customer.id],
      );
      await db.query('commit');
      return {
        finished: n,
        reasons: world.stopIds.map((id) => rows.find((r) => Number(r.plan_event_route_point_id) === id)),
      };
    });
    expect(finished).toBeGreaterThanOrEqual(1);
    // The SMS of the stop driven past is skipped, saying why; the others are left to the dispatcher.
    expect(reasons.map((r) => r?.reason_of_sms_skip)).toEqual(['stop_skipped', null, null, null]);
    expect(reasons[0]?.full_description_of_sms_skip).toBe('the truck passed the stop without stopping');
    expect(await visits(world)).toEqual([false, true, null, null]);
    const event = await planEvent(world);
    expect(event.car_not_moving).toBe(false);
    // The end of the plan event's date in Oslo.
    const {
      rows: [end],
    } = await asAdmin((db) =>
      db.query<{ at: Date }>(
        `select ((date + 1)::timestamp at time zone 'Europe/Oslo') as at from public.plan_events where id = $1`,
        [world.planEventId],
      ),
    );
    expect(event.trip_finished_at?.getTime()).toBe(end.at.getTime());
  });
});

describe('a trip its driver has not started', () => {
  let world: TripWorld;
  beforeAll(async () => {
    world = await createTripWorld(STOPS, { started: false, depot: DEPOT });
  });
  afterAll(async () => {
    await world?.drop();
  });

  it('stays not started, and never flags car_not_moving, while the truck stands at the depo', async () => {
    const before = new Date(world.startsAt.getTime() - 30 * 60_000);
    // Moved around the yard before the planned start, then parked at the depo from the start for 20 minutes.
    const yard = new TripScript(DEPOT, before).driveTo(offset(DEPOT, 400, 90), 20).driveTo(DEPOT, 20);
    await writeFixes(
      world,
      yard.fixes.filter((f) => new Date(f.recorded_at) < world.startsAt),
    );
    await writeFixes(world, new TripScript(DEPOT, world.startsAt).wait(20 * 60).fixes);
    expect(await startedAt(world)).toBeNull();
    expect((await planEvent(world)).car_not_moving).toBe(false);
  });

  it('starts at the first fix more than 50 m from the depo, records visits, and counts standing still from then', async () => {
    const from = new Date(world.startsAt.getTime() + 20 * 60_000 + 5_000);
    const trip = new TripScript(DEPOT, from).driveTo(STOPS[0], 30).wait(20 * 60);
    await writeFixes(world, trip.fixes);
    const left = trip.fixes.find((f) => distanceM(f, DEPOT) > 50)!;
    expect((await startedAt(world))?.getTime()).toBe(new Date(left.recorded_at).getTime());
    expect((await visits(world))[0]).toBe(true);
    expect((await planEvent(world)).car_not_moving).toBe(true);
  });
});

describe('a trip whose depo has no coordinates', () => {
  let world: TripWorld;
  beforeAll(async () => {
    world = await createTripWorld(STOPS, { started: false });
  });
  afterAll(async () => {
    await world?.drop();
  });

  it('starts when the truck reaches its first stop', async () => {
    const trip = new TripScript(DEPOT, world.startsAt).wait(60).driveTo(STOPS[0], 30).wait(90);
    await writeFixes(world, trip.fixes);
    const reached = trip.fixes.find((f) => distanceM(f, STOPS[0]) <= 50)!;
    expect((await startedAt(world))?.getTime()).toBe(new Date(reached.recorded_at).getTime());
  });
});

describe('the point-of-sale hook', () => {
  let world: TripWorld;
  beforeAll(async () => {
    world = await createTripWorld(STOPS);
  });
  afterAll(async () => {
    await world?.drop();
  });

  const sale = (at: { lat: number; lng: number }, soldAt: Date) =>
    asAdmin(
      async (db) =>
        (
          await db.query<{ id: string | null }>(
            'select app_private.mark_stop_visited_by_sale($1, $2, $3, $4, $5) as id',
            [world.tenantId, world.planEventId, at.lat, at.lng, soldAt],
          )
        ).rows[0].id,
    );

  it('marks the stop within 50 m of a sale visited at the time of the sale, and ignores a sale farther away', async () => {
    const soldAt = new Date(world.startsAt.getTime() + 3_600_000);
    expect(await sale(offset(STOPS[1], 30, 90), soldAt)).toBe(String(world.stopIds[1]));
    expect(await sale(offset(STOPS[2], 80, 90), soldAt)).toBeNull();
    expect(await visits(world)).toEqual([null, true, null, null]);
    const {
      rows: [stop],
    } = await asAdmin((db) =>
      db.query<{ visited_at: Date; actual_arrival_time: Date }>(
        'select visited_at, actual_arrival_time from public.plan_event_route_points where id = $1',
        [world.stopIds[1]],
      ),
    );
    expect(stop.visited_at.getTime()).toBe(soldAt.getTime());
    expect(stop.actual_arrival_time.getTime()).toBe(soldAt.getTime());
  });

  it('turns a skipped stop into a visited one', async () => {
    await asAdmin((db) =>
      db.query('update public.plan_event_route_points set point_visited = false where id = $1', [world.stopIds[3]]),
    );
    expect(await sale(offset(STOPS[3], 10, 180), new Date(world.startsAt.getTime() + 7_200_000))).toBe(
      String(world.stopIds[3]),
    );
    expect((await visits(world))[3]).toBe(true);
  });

  it('cannot be called by clients', async () => {
    const {
      rows: [grant],
    } = await asAdmin((db) =>
      db.query<{ anon: boolean; authenticated: boolean }>(
        `select has_function_privilege('anon', 'app_private.mark_stop_visited_by_sale(uuid, bigint, double precision, double precision, timestamptz)', 'execute') as anon,
              has_function_privilege('authenticated', 'app_private.mark_stop_visited_by_sale(uuid, bigint, double precision, double precision, timestamptz)', 'execute') as authenticated`,
      ),
    );
    expect(grant).toEqual({ anon: false, authenticated: false });
  });
});
