import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '../../src/shared/realtime/live-topics.ts';
import { client } from '../support/clients.ts';
import { sleep, subscribeOutcome, until } from '../contract/realtime/helpers.ts';
import { asAdmin, createTripWorld, offset, writeFixes, type TripWorld } from './trip-world.ts';

// Positions are broadcast from the database (migrations 20261124020100_live_positions.sql and
// 20261202300400_public_truck_follows_a_live_stop.sql): to staff of the car's depo on depo:<id>:car_positions and
// car:<id>:position, and to anyone with a stop's public uuid on stop:<uuid>:truck while the stop is live (its plan
// event today in the tenant's time zone, the visit not done). RLS on realtime.messages decides who may join.

interface PositionsMessage {
  positions: Array<{ car_id: number; lat: number; lng: number; recorded_at: string }>;
}
interface PositionMessage {
  car_id: number;
  lat: number;
  lng: number;
}

const HOME = { lat: 55.6761, lng: 12.5683 };

let onTheRoad: TripWorld;
let notToday: TripWorld;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  [onTheRoad, notToday] = await Promise.all([
    createTripWorld([offset(HOME, 800, 90)]),
    createTripWorld([offset(HOME, 800, 0)]),
  ]);
  // The second car's only plan event is next week: it is not on the road today.
  await asAdmin((db) =>
    db.query('update public.plan_events set date = date + 7 where id = $1', [notToday.planEventId]),
  );
}, 60_000);

afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    await c.auth.signOut({ scope: 'local' });
  }
  await Promise.all([onTheRoad?.drop(), notToday?.drop()]);
});

async function listen<T>(
  supabase: SupabaseClient,
  topic: string,
  event: string,
  got: T[],
): Promise<{ channel: RealtimeChannel; status: string }> {
  const channel = supabase
    .channel(topic, { config: { private: true } })
    .on('broadcast', { event }, (message) => got.push(message.payload as T));
  const { status } = await subscribeOutcome(channel);
  return { channel, status };
}

async function stopUuid(stopId: number): Promise<string> {
  const { rows } = await asAdmin((db) =>
    db.query<{ uuid: string }>('select uuid from public.plan_event_route_points where id = $1', [stopId]),
  );
  return rows[0].uuid;
}

/** A fix now, a little off the depot each time, written as the GPS sync writes it. */
let step = 0;
async function fixNow(world: TripWorld): Promise<{ lat: number; lng: number }> {
  step += 1;
  const here = offset(HOME, 100 + step * 60, 180);
  await writeFixes(world, [{ ...here, recorded_at: new Date().toISOString() }]);
  return here;
}

describe('live positions on Realtime', () => {
  it("reach staff of the car's depo, and no one of another depo or tenant", async () => {
    const driver = await onTheRoad.signIn('driver');
    const otherDepoAdmin = await onTheRoad.signIn('other depo admin');
    const otherTenantDriver = await notToday.signIn('driver');
    clients.push(driver, otherDepoAdmin, otherTenantDriver);

    const heard: PositionsMessage[] = [];
    const strayOtherDepo: PositionsMessage[] = [];
    const strayOtherTenant: PositionsMessage[] = [];
    const topic = liveTopics.depoCarPositions(onTheRoad.depoId);
    expect((await listen(driver, topic, 'positions', heard)).status).toBe('SUBSCRIBED');
    // Neither may join the depo's channel; on their own channels they hear nothing of this car.
    expect((await listen(otherDepoAdmin, topic, 'positions', strayOtherDepo)).status).toBe('CHANNEL_ERROR');
    expect((await listen(otherTenantDriver, topic, 'positions', strayOtherTenant)).status).toBe('CHANNEL_ERROR');
    const {
      rows: [otherDepo],
    } = await asAdmin((db) =>
      db.query<{ id: string }>(`select id from public.depos where tenant_id = $1 and id <> $2`, [
        onTheRoad.tenantId,
        onTheRoad.depoId,
      ]),
    );
    expect(
      (await listen(otherDepoAdmin, liveTopics.depoCarPositions(Number(otherDepo.id)), 'positions', strayOtherDepo))
        .status,
    ).toBe('SUBSCRIBED');
    expect(
      (await listen(otherTenantDriver, liveTopics.depoCarPositions(notToday.depoId), 'positions', strayOtherTenant))
        .status,
    ).toBe('SUBSCRIBED');

    const here = await fixNow(onTheRoad);
    const message = await until(
      'the depo broadcast',
      () => heard.find((m) => m.positions.some((p) => p.lat === here.lat)),
      10_000,
    );
    expect(message.positions).toEqual([
      expect.objectContaining({ car_id: onTheRoad.carId, lat: here.lat, lng: here.lng }),
    ]);
    // The other listeners share the socket server and the commit: a short grace is enough to see a stray frame.
    await sleep(300);
    expect(strayOtherDepo).toEqual([]);
    expect(strayOtherTenant).toEqual([]);
  });

  it("lets anon follow the truck of a live stop on the stop's topic, and not the car's own topic", async () => {
    const anon = client();
    clients.push(anon);
    const got: PositionMessage[] = [];
    const stray: PositionMessage[] = [];
    expect((await listen(anon, liveTopics.carPosition(onTheRoad.carId), 'position', stray)).status).toBe(
      'CHANNEL_ERROR',
    );
    const stop = await stopUuid(onTheRoad.stopIds[0]);
    const { status } = await listen(anon, liveTopics.stopTruck(stop), 'position', got);
    expect(status).toBe('SUBSCRIBED');
    const here = await fixNow(onTheRoad);
    const message = await until('the stop broadcast', () => got.find((m) => m.lat === here.lat), 10_000);
    expect(message).toMatchObject({ car_id: onTheRoad.carId, lat: here.lat, lng: here.lng });
  });

  it("keeps the car's own topic for staff of its depo", async () => {
    const driver = await onTheRoad.signIn('driver');
    const otherDepoAdmin = await onTheRoad.signIn('other depo admin');
    clients.push(driver, otherDepoAdmin);
    const got: PositionMessage[] = [];
    expect((await listen(otherDepoAdmin, liveTopics.carPosition(onTheRoad.carId), 'position', got)).status).toBe(
      'CHANNEL_ERROR',
    );
    expect((await listen(driver, liveTopics.carPosition(onTheRoad.carId), 'position', got)).status).toBe('SUBSCRIBED');
    const here = await fixNow(onTheRoad);
    expect(await until('the car broadcast', () => got.find((m) => m.lat === here.lat), 10_000)).toMatchObject({
      car_id: onTheRoad.carId,
    });
  });

  it('ends following a stop once its visit is done: no more positions, and no new join', async () => {
    const anon = client();
    clients.push(anon);
    const got: PositionMessage[] = [];
    const stop = await stopUuid(onTheRoad.stopIds[0]);
    expect((await listen(anon, liveTopics.stopTruck(stop), 'position', got)).status).toBe('SUBSCRIBED');
    await asAdmin((db) =>
      db.query('update public.plan_event_route_points set point_visited = true where id = $1', [onTheRoad.stopIds[0]]),
    );
    try {
      const here = await fixNow(onTheRoad);
      // The staff topic of the same batch arrives: by then the stop's message would have come too.
      const driver = await onTheRoad.signIn('driver');
      clients.push(driver);
      const depo: PositionsMessage[] = [];
      await listen(driver, liveTopics.depoCarPositions(onTheRoad.depoId), 'positions', depo);
      const later = await fixNow(onTheRoad);
      await until('the depo broadcast', () => depo.find((m) => m.positions.some((p) => p.lat === later.lat)), 10_000);
      expect(got.filter((m) => m.lat === here.lat || m.lat === later.lat)).toEqual([]);
      const again = client();
      clients.push(again);
      expect((await listen(again, liveTopics.stopTruck(stop), 'position', [])).status).toBe('CHANNEL_ERROR');
      // The page's poll of the truck (when its socket is down) ends with the visit too.
      const polled = await again.rpc('public_tracking_car_location', { stop_uuid: stop });
      expect(polled.error).toBeNull();
      expect(polled.data).toBeNull();
    } finally {
      await asAdmin((db) =>
        db.query('update public.plan_event_route_points set point_visited = false where id = $1', [
          onTheRoad.stopIds[0],
        ]),
      );
    }
  });

  it('refuses anon a car that is not on the road today, and a topic that is not a car', async () => {
    const anon = client();
    clients.push(anon);
    const got: PositionMessage[] = [];
    expect((await listen(anon, liveTopics.carPosition(notToday.carId), 'position', got)).status).toBe('CHANNEL_ERROR');
    expect((await listen(anon, `car:${notToday.carId}:position:x`, 'position', got)).status).toBe('CHANNEL_ERROR');
    const notTodayStop = await stopUuid(notToday.stopIds[0]);
    expect((await listen(anon, liveTopics.stopTruck(notTodayStop), 'position', got)).status).toBe('CHANNEL_ERROR');
    expect((await listen(anon, `${liveTopics.stopTruck(notTodayStop)}:x`, 'position', got)).status).toBe(
      'CHANNEL_ERROR',
    );
    expect((await listen(anon, liveTopics.depoCarPositions(onTheRoad.depoId), 'positions', got)).status).toBe(
      'CHANNEL_ERROR',
    );
  });
});
