import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '../../src/shared/realtime/live-topics.ts';
import { client } from '../support/clients.ts';
import { sleep, subscribeOutcome, until } from '../contract/realtime/helpers.ts';
import { asAdmin, createTripWorld, offset, writeFixes, type TripWorld } from './trip-world.ts';

// Positions are broadcast from the database (migration 20261124020100_live_positions.sql): to staff of the
// car's depo on depo:<id>:car_positions, and to anyone on car:<id>:position while the car is on a plan event
// today in its tenant's time zone (RLS on realtime.messages decides who may join).

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
  [onTheRoad, notToday] = await Promise.all([createTripWorld([offset(HOME, 800, 90)]), createTripWorld([offset(HOME, 800, 0)])]);
  // The second car's only plan event is next week: it is not on the road today.
  await asAdmin((db) => db.query('update public.plan_events set date = date + 7 where id = $1', [notToday.planEventId]));
}, 60_000);

afterAll(async () => {
  for (const c of clients) {
    await c.removeAllChannels();
    await c.auth.signOut({ scope: 'local' });
  }
  await Promise.all([onTheRoad?.drop(), notToday?.drop()]);
});

async function listen<T>(supabase: SupabaseClient, topic: string, event: string, got: T[]): Promise<{ channel: RealtimeChannel; status: string }> {
  const channel = supabase.channel(topic, { config: { private: true } })
    .on('broadcast', { event }, (message) => got.push(message.payload as T));
  const { status } = await subscribeOutcome(channel);
  return { channel, status };
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
  it('reach staff of the car\'s depo, and no one of another depo or tenant', async () => {
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
    const { rows: [otherDepo] } = await asAdmin((db) => db.query<{ id: string }>(
      `select id from public.depos where tenant_id = $1 and id <> $2`, [onTheRoad.tenantId, onTheRoad.depoId]));
    expect((await listen(otherDepoAdmin, liveTopics.depoCarPositions(Number(otherDepo.id)), 'positions', strayOtherDepo)).status).toBe('SUBSCRIBED');
    expect((await listen(otherTenantDriver, liveTopics.depoCarPositions(notToday.depoId), 'positions', strayOtherTenant)).status).toBe('SUBSCRIBED');

    const here = await fixNow(onTheRoad);
    const message = await until('the depo broadcast', () => heard.find((m) => m.positions.some((p) => p.lat === here.lat)), 10_000);
    expect(message.positions).toEqual([expect.objectContaining({ car_id: onTheRoad.carId, lat: here.lat, lng: here.lng })]);
    // The other listeners share the socket server and the commit: a short grace is enough to see a stray frame.
    await sleep(300);
    expect(strayOtherDepo).toEqual([]);
    expect(strayOtherTenant).toEqual([]);
  });

  it('lets anon follow a car on the road today and receive its positions', async () => {
    const anon = client();
    clients.push(anon);
    const got: PositionMessage[] = [];
    const { status } = await listen(anon, liveTopics.carPosition(onTheRoad.carId), 'position', got);
    expect(status).toBe('SUBSCRIBED');
    const here = await fixNow(onTheRoad);
    const message = await until('the car broadcast', () => got.find((m) => m.lat === here.lat), 10_000);
    expect(message).toMatchObject({ car_id: onTheRoad.carId, lat: here.lat, lng: here.lng });
  });

  it('refuses anon a car that is not on the road today, and a topic that is not a car', async () => {
    const anon = client();
    clients.push(anon);
    const got: PositionMessage[] = [];
    expect((await listen(anon, liveTopics.carPosition(notToday.carId), 'position', got)).status).toBe('CHANNEL_ERROR');
    expect((await listen(anon, `car:${notToday.carId}:position:x`, 'position', got)).status).toBe('CHANNEL_ERROR');
    expect((await listen(anon, liveTopics.depoCarPositions(onTheRoad.depoId), 'positions', got)).status).toBe('CHANNEL_ERROR');
  });
});
