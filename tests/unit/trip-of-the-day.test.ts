import { describe, expect, it } from 'vitest';
import { simulateFleet } from '../../edge-functions/_shared/providers/simulated-gps.ts';
import { distanceMetres } from '../../edge-functions/_shared/providers/trip-simulator.ts';
import { zonedInstant } from '../../edge-functions/_shared/zoned-time.ts';
import { type PlanEventDays, tripOfTheDay } from '../../edge-functions/gps-sync/trip-of-the-day.ts';

// The simulator drives a multi-day plan event on every day it covers: each day from the depo at the start
// time, over that day's stops (edge-functions/gps-sync/trip-of-the-day.ts).

const ZONE = 'Europe/Copenhagen';
const DEPOT = { lat: 55.6761, lng: 12.5683 };
const at = (i: number) => ({ lat: DEPOT.lat, lng: DEPOT.lng + 0.01 * i, waitHours: 0.25, position: i });

function event(overrides: Partial<PlanEventDays> = {}): PlanEventDays {
  return {
    tenantId: 't',
    planEventId: 7,
    date: '2026-03-02',
    daySpan: 3,
    startAtHour: 8,
    startAtMin: 30,
    depot: DEPOT,
    end: DEPOT,
    stops: [1, 2, 3, 4, 5, 6].map((i) => ({ ...at(i), arrivalDate: `2026-03-0${2 + Math.floor((i - 1) / 2)}` })),
    ...overrides,
  };
}

describe('the trip of the day of a multi-day plan event', () => {
  it("drives each covered day's own stops from the depo at the start time, and nothing outside the days", () => {
    for (const [day, stops] of [
      ['2026-03-02', [1, 2]],
      ['2026-03-03', [3, 4]],
      ['2026-03-04', [5, 6]],
    ] as const) {
      const trip = tripOfTheDay(event(), day, ZONE)!;
      expect(trip.startAt).toEqual(zonedInstant(day, 8, 30, ZONE));
      expect(trip.depot).toEqual(DEPOT);
      expect(trip.stops.map((s) => s.lng)).toEqual(stops.map((i) => at(i).lng));
    }
    expect(tripOfTheDay(event(), '2026-03-01', ZONE)).toBeNull();
    expect(tripOfTheDay(event(), '2026-03-05', ZONE)).toBeNull();
    expect(tripOfTheDay(event({ daySpan: 1 }), '2026-03-03', ZONE)).toBeNull();
  });

  it('shares the stops out over the days in order when none has an arrival date, and keeps undated ones on day 1', () => {
    const undated = event({ stops: [1, 2, 3, 4, 5].map((i) => ({ ...at(i), arrivalDate: null })) });
    expect(tripOfTheDay(undated, '2026-03-02', ZONE)!.stops).toHaveLength(2);
    expect(tripOfTheDay(undated, '2026-03-04', ZONE)!.stops.map((s) => s.lng)).toEqual([at(5).lng]);
    const mixed = event({
      stops: [
        { ...at(1), arrivalDate: null },
        { ...at(2), arrivalDate: '2026-03-03' },
      ],
    });
    expect(tripOfTheDay(mixed, '2026-03-02', ZONE)!.stops.map((s) => s.lng)).toEqual([at(1).lng]);
    expect(tripOfTheDay(mixed, '2026-03-03', ZONE)!.stops.map((s) => s.lng)).toEqual([at(2).lng]);
  });

  it("puts the truck at the second day's stop while it waits there on that day", () => {
    const trip = tripOfTheDay(event(), '2026-03-03', ZONE)!;
    // Leaves at 08:30; stop 3 is ~1.9 km east (about 5 minutes in town), where it waits 15 minutes.
    const [fix] = simulateFleet(
      [{ tenantId: 't', carId: 1, depoId: 1, maponUnitId: null, latestAt: null, trip }],
      zonedInstant('2026-03-03', 8, 40, ZONE),
    );
    expect(distanceMetres(fix!, at(3))).toBeLessThan(10);
  });
});
