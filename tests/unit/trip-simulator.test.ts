import { describe, expect, it } from 'vitest';
import type { TrackedCar, TripPlan } from '../../edge-functions/_shared/providers/gps.ts';
import { simulateFleet } from '../../edge-functions/_shared/providers/simulated-gps.ts';
import {
  distanceMetres,
  SIMULATOR_SETTINGS,
  simulatorClockMs,
  truckStateAt,
  tripTimeline,
  withNoise,
} from '../../edge-functions/_shared/providers/trip-simulator.ts';
import { localDate, zonedInstant } from '../../edge-functions/_shared/zoned-time.ts';

// The local GPS provider: a trip driven at high speed (every 5-second fix of a whole day computed at once).

const DEPOT = { lat: 56.1629, lng: 10.2039 }; // Aarhus
// A town stop 20 km away (a country leg), then stops a few hundred metres apart (town legs).
const STOPS = [
  { lat: 56.3417, lng: 10.1907, waitHours: 0.25 },
  { lat: 56.3445, lng: 10.1951, waitHours: 0.08 },
  { lat: 56.3471, lng: 10.2003, waitHours: 2 }, // the spec's default wait: capped
  { lat: 56.3502, lng: 10.1969, waitHours: 0.17 },
];
const START = new Date('2026-06-01T06:30:00Z');
const plan: TripPlan = { seed: 'trip-1', startAt: START, depot: DEPOT, stops: STOPS, end: DEPOT };
const car = (trip: TripPlan | null, carId = 1): TrackedCar => ({
  tenantId: 't',
  carId,
  depoId: 7,
  maponUnitId: null,
  latestAt: null,
  trip,
});
const STEP = 5_000;

function everyFix(timeline: ReturnType<typeof tripTimeline>) {
  const states = [];
  for (let t = timeline.startMs - 60_000; t <= timeline.endMs + 60_000; t += STEP)
    states.push({ t, ...truckStateAt(timeline, t) });
  return states;
}

describe('trip simulator', () => {
  const timeline = tripTimeline(plan);
  const states = everyFix(timeline);

  it('leaves the depo at the start time and comes back to it', () => {
    expect(truckStateAt(timeline, START.getTime() - 1)).toMatchObject({ ...DEPOT, phase: 'parked', speedKmh: 0 });
    expect(truckStateAt(timeline, START.getTime() + 60_000).phase).toBe('driving');
    expect(truckStateAt(timeline, timeline.endMs + 1)).toMatchObject({ ...DEPOT, phase: 'parked', speedKmh: 0 });
  });

  it('visits the stops in order, staying within 50 m of each for its wait time (capped at 30 minutes)', () => {
    const visits: { stop: number; from: number; to: number }[] = [];
    for (const s of states) {
      const near = STOPS.findIndex((stop) => distanceMetres(stop, s) <= 50 && s.speedKmh === 0);
      const last = visits.at(-1);
      if (near < 0) continue;
      if (last && last.stop === near && s.t - last.to <= STEP) last.to = s.t;
      else visits.push({ stop: near, from: s.t, to: s.t });
    }
    expect(visits.map((v) => v.stop)).toEqual([0, 1, 2, 3]);
    const minutes = visits.map((v) => (v.to - v.from) / 60_000);
    const expected = [15, 4.8, 30, 10.2];
    minutes.forEach((m, i) => expect(m).toBeGreaterThanOrEqual(expected[i]! - 5 / 60));
    minutes.forEach((m, i) => expect(m).toBeLessThanOrEqual(expected[i]! + 5 / 60));
  });

  it('drives at town speed on short legs and country speed on long ones, never faster', () => {
    const legs = timeline.segments.filter((s) => s.kind === 'drive');
    expect(legs.map((l) => l.kmh)).toEqual([70, 30, 30, 30, 70]);
    let fastest = 0;
    for (let i = 1; i < states.length; i++) {
      fastest = Math.max(fastest, distanceMetres(states[i - 1]!, states[i]!) / 1000 / (STEP / 3_600_000));
    }
    // The road is longer than the line the truck is drawn on: progress along the line is slower still.
    expect(fastest).toBeLessThanOrEqual(SIMULATOR_SETTINGS.countryKmh / SIMULATOR_SETTINGS.detourFactor + 0.5);
    expect(fastest).toBeGreaterThan(SIMULATOR_SETTINGS.countryKmh / SIMULATOR_SETTINGS.detourFactor - 0.5);
    expect(new Set(states.map((s) => s.speedKmh))).toEqual(new Set([0, 30, 70]));
    // 20 km in a straight line is 26 km of road at 70 km/h: about 22 minutes.
    const first = legs[0]!;
    expect((first.endMs - first.startMs) / 60_000).toBeCloseTo(
      ((distanceMetres(DEPOT, STOPS[0]!) * 1.3) / 1000 / 70) * 60,
      1,
    );
  });

  it('heads where it drives', () => {
    const north = truckStateAt(timeline, START.getTime() + 60_000);
    expect(north.heading).not.toBeNull();
    expect(Math.min(north.heading!, 360 - north.heading!)).toBeLessThan(5);
  });

  it('adds at most a few metres of noise, the same for the same car and moment', () => {
    const offsets = Array.from({ length: 2000 }, (_, tick) =>
      distanceMetres(DEPOT, withNoise(DEPOT, 'car-9', tick * STEP, 5)),
    );
    expect(Math.max(...offsets)).toBeLessThanOrEqual(5.01);
    // Spread over the disc, not stuck at its centre.
    expect(offsets.filter((m) => m > 2.5).length).toBeGreaterThan(1000);
    expect(withNoise(DEPOT, 'car-9', 42, 5)).toEqual(withNoise(DEPOT, 'car-9', 42, 5));
    expect(withNoise(DEPOT, 'car-9', 42, 5)).not.toEqual(withNoise(DEPOT, 'car-8', 42, 5));
  });
});

describe('simulated fleet', () => {
  const timeline = tripTimeline(plan);

  it('reports one fix per car with a trip, on the 5-second grid, within noise of the true position', () => {
    const now = new Date(START.getTime() + 40 * 60_000 + 3_217);
    const fixes = simulateFleet([car(plan), car(null, 2)], now);
    expect(fixes).toHaveLength(1);
    const [fix] = fixes;
    expect(fix!.recordedAt.getTime() % STEP).toBe(0);
    expect(fix!.recordedAt.getTime()).toBe(now.getTime() - 3_217);
    expect(distanceMetres(fix!, truckStateAt(timeline, fix!.recordedAt.getTime()))).toBeLessThanOrEqual(5.01);
    expect(fix).toMatchObject({ tenantId: 't', carId: 1, depoId: 7 });
  });

  it('is a pure function of (plan, time): the same tick gives the same fixes', () => {
    const now = new Date(START.getTime() + 3 * 3_600_000);
    expect(simulateFleet([car(plan)], now)).toEqual(simulateFleet([car(plan)], new Date(now.getTime() + 4_000)));
  });

  it('outside the driving hours replays the day on a shifted clock, so trucks still move', () => {
    const second = { ...plan, seed: 'trip-2', startAt: new Date(START.getTime() + 3_600_000) };
    const timelines = [tripTimeline(plan), tripTimeline(second)];
    const first = timelines[0]!.startMs;
    const last = Math.max(...timelines.map((t) => t.endMs));
    // Inside: the real clock.
    expect(simulatorClockMs(timelines, first + 1_000)).toBe(first + 1_000);
    // After: as far into the day as the time since its first start, modulo its length.
    const night = last + 10 * 60_000;
    expect(simulatorClockMs(timelines, night)).toBe(first + ((night - first) % (last - first)));
    // Before: the same loop, running backwards from the first start.
    const early = first - 60 * 60_000;
    expect(simulatorClockMs(timelines, early)).toBe(first + (last - first) - 60 * 60_000);
    // Over a night, the fleet is driving at least some of the time.
    let moving = 0;
    for (let t = last + 1; t < last + 12 * 3_600_000; t += 60_000) {
      if (simulateFleet([car(plan), car(second, 2)], new Date(t)).some((f) => (f.speedKmh ?? 0) > 0)) moving++;
    }
    expect(moving).toBeGreaterThan(12 * 60 * 0.3);
  });
});

describe('tenant clocks', () => {
  it('today and a start time in the tenant zone, across DST', () => {
    expect(localDate('Europe/Copenhagen', new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(localDate('America/Los_Angeles', new Date('2026-11-24T05:00:00Z'))).toBe('2026-11-23');
    expect(zonedInstant('2026-11-24', 8, 30, 'Europe/Copenhagen').toISOString()).toBe('2026-11-24T07:30:00.000Z');
    expect(zonedInstant('2026-07-01', 8, 30, 'Europe/Oslo').toISOString()).toBe('2026-07-01T06:30:00.000Z');
    expect(zonedInstant('2026-03-29', 12, 0, 'Europe/Copenhagen').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(zonedInstant('2026-11-24', 0, 0, 'Europe/Bucharest').toISOString()).toBe('2026-11-23T22:00:00.000Z');
  });
});
