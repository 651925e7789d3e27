import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import {
  asAdmin,
  createTripWorld,
  decodePolyline,
  distanceM,
  offset,
  TripScript,
  writeFixes,
  type Fix,
  type LatLng,
  type TripWorld,
} from './trip-world.ts';

// A trip written as the GPS side writes it (500-row inserts through PostgREST), at high speed: the database
// follows it stop by stop (migration 20261124020100_live_positions.sql): 50 m radius, 60 s dwell, skips at the
// end of the trip, car_not_moving after 15 minutes within 50 m, the driven trail as an encoded polyline.

const DEPOT: LatLng = { lat: 55.6761, lng: 12.5683 };
// Four stops 800 m apart eastwards: the truck stops at 1, drives through 2, waits long at 3, stops at 4 (the last).
const STOPS = [1, 2, 3, 4].map((i) => offset(DEPOT, 800 * i, 90));

interface Stop {
  id: number;
  position: number;
  point_visited: boolean | null;
  visited_at: string | null;
  actual_arrival_time: string | null;
  stop_duration: string | null;
}

let world: TripWorld;

async function stops(): Promise<Stop[]> {
  const { data, error } = await serviceClient()
    .from('plan_event_route_points')
    .select('id, position, point_visited, visited_at, actual_arrival_time, stop_duration')
    .eq('plan_event_id', world.planEventId)
    .order('position');
  if (error) throw error;
  return data as Stop[];
}

async function planEvent(): Promise<{
  car_not_moving: boolean;
  trip_finished_at: string | null;
  driven_trail: string;
}> {
  const { data, error } = await serviceClient()
    .from('plan_events')
    .select('car_not_moving, trip_finished_at, driven_trail')
    .eq('id', world.planEventId)
    .single();
  if (error) throw error;
  return data as { car_not_moving: boolean; trip_finished_at: string | null; driven_trail: string };
}

/** The first fix of `fixes` within `meters` of `point` at or after index `from`. */
function firstInside(fixes: Fix[], point: LatLng, from = 0, meters = 50): number {
  return fixes.findIndex((f, i) => i >= from && distanceM(f, point) <= meters);
}

const ms = (iso: string | null) => new Date(iso!).getTime();
const seconds = (interval: string | null) => {
  const [h, m, s] = interval!.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

beforeAll(async () => {
  world = await createTripWorld(STOPS);
});

afterAll(async () => {
  await world?.drop();
});

describe('a trip followed by the database', () => {
  let all: Fix[] = [];
  let phaseOne: Fix[] = [];
  let phaseTwo: Fix[] = [];

  beforeAll(() => {
    const trip = new TripScript(DEPOT, world.startsAt);
    trip
      .driveTo(STOPS[0], 40)
      .wait(120)
      .driveTo(STOPS[1], 40)
      .driveTo(STOPS[2], 40)
      .wait(16 * 60);
    phaseOne = [...trip.fixes];
    trip
      .driveTo(STOPS[3], 40)
      .wait(90)
      .driveTo(offset(STOPS[3], 500, 90), 40);
    phaseTwo = trip.fixes.slice(phaseOne.length);
    all = trip.fixes;
  });

  it('visits the stops it stays at, in order, and flags the truck standing still for 15 minutes', async () => {
    await writeFixes(world, phaseOne);
    const [one, two, three, four] = await stops();
    const fixes = all;

    const arriveOne = firstInside(fixes, STOPS[0]);
    expect(one.point_visited).toBe(true);
    expect(ms(one.actual_arrival_time)).toBe(ms(fixes[arriveOne].recorded_at));
    expect(ms(one.visited_at)).toBe(ms(fixes[arriveOne].recorded_at) + 60_000);
    // Left at the first fix outside 50 m again: 120 s of waiting plus the 5 s to that fix.
    expect(seconds(one.stop_duration)).toBe(125);

    // Driven through without stopping: open until the trip ends.
    expect(two.point_visited).toBeNull();

    const arriveThree = firstInside(fixes, STOPS[2], arriveOne + 1);
    expect(three.point_visited).toBe(true);
    expect(ms(three.actual_arrival_time)).toBe(ms(fixes[arriveThree].recorded_at));
    expect(three.stop_duration).toBeNull();
    expect(four.point_visited).toBeNull();

    const event = await planEvent();
    expect(event.car_not_moving).toBe(true);
    expect(event.trip_finished_at).toBeNull();
  });

  it('clears car_not_moving when the truck moves, ends the trip leaving the last stop and skips the stop it drove through', async () => {
    await writeFixes(world, phaseTwo);
    const [one, two, three, four] = await stops();
    const fixes = all;

    expect(two.point_visited).toBe(false);
    expect(two.visited_at).toBeNull();
    expect(four.point_visited).toBe(true);
    expect(ms(one.actual_arrival_time)).toBeLessThan(ms(three.actual_arrival_time));
    expect(ms(three.actual_arrival_time)).toBeLessThan(ms(four.actual_arrival_time));
    expect(seconds(three.stop_duration)).toBe(16 * 60 + 5);
    expect(seconds(four.stop_duration)).toBe(95);

    const event = await planEvent();
    expect(event.car_not_moving).toBe(false);
    const leftLast = fixes.findIndex((f, i) => i > firstInside(fixes, STOPS[3]) && distanceM(f, STOPS[3]) > 50);
    expect(ms(event.trip_finished_at)).toBe(ms(fixes[leftLast].recorded_at));
  });

  it('keeps the driven trail as one encoded polyline of the fixes at least 10 m apart', async () => {
    const trail = decodePolyline((await planEvent()).driven_trail);
    const fixes = all;
    const leftLast = fixes.findIndex((f, i) => i > firstInside(fixes, STOPS[3]) && distanceM(f, STOPS[3]) > 50);
    // Waiting fixes (GPS noise of a few metres) add no point; every driven fix up to the end of the trip does.
    const expected: Fix[] = [];
    for (const f of fixes.slice(0, leftLast + 1))
      if (!expected.length || distanceM(f, expected.at(-1)!) >= 10) expected.push(f);
    expect(trail.length).toBe(expected.length);
    expect(trail[0].lat).toBeCloseTo(DEPOT.lat, 5);
    expect(trail[0].lng).toBeCloseTo(DEPOT.lng, 5);
    expect(trail.at(-1)!.lat).toBeCloseTo(fixes[leftLast].lat, 5);
    expect(trail.at(-1)!.lng).toBeCloseTo(fixes[leftLast].lng, 5);
    // More than 500 points would span chunks; here it is one piece either way, and it matches SQL's own encoder.
    const direct = await asAdmin(
      async (db) =>
        (
          await db.query<{ p: string }>('select app_private.encode_polyline($1::float8[], $2::float8[]) as p', [
            expected.map((f) => f.lat),
            expected.map((f) => f.lng),
          ])
        ).rows[0].p,
    );
    expect((await planEvent()).driven_trail).toBe(direct);
  });

  it("moves the car's latest location to the newest fix and stamps the sync time", async () => {
    const { data } = await serviceClient()
      .from('cars')
      .select('latest_location_lat, latest_location_lng, latest_location_updated_at, last_synced_at')
      .eq('id', world.carId)
      .single();
    const last = all.at(-1)!;
    expect(data!.latest_location_lat).toBeCloseTo(last.lat, 9);
    expect(data!.latest_location_lng).toBeCloseTo(last.lng, 9);
    expect(ms(data!.latest_location_updated_at as string)).toBe(ms(last.recorded_at));
    expect(data!.last_synced_at).not.toBeNull();
  });
});

describe('the polyline encoder', () => {
  it("encodes Google's documented example", async () => {
    const encoded = await asAdmin(
      async (db) =>
        (
          await db.query<{ p: string }>(
            `select app_private.encode_polyline(array[38.5, 40.7, 43.252], array[-120.2, -120.95, -126.453]) as p`,
          )
        ).rows[0].p,
    );
    expect(encoded).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
  });
});
