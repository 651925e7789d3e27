import { describe, expect, it } from 'vitest';
import { localRouteEstimator } from '../../edge-functions/_shared/providers/route-estimator.ts';
import { departureTomorrow, nextDate, routeEtaMinutes } from '../../edge-functions/_shared/route-eta.ts';
import { etaFailureStatus } from '../../src/features/route-points/eta-failure.ts';
import { RequestError } from '../../src/shared/supabase/request-error.ts';

describe('route ETA', () => {
  it("departs tomorrow in the tenant's zone at the first stop arrival time, across month, year and clock changes", () => {
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    // 23:30 in Copenhagen the evening before the clocks go back: tomorrow is the 25th, not two days on.
    expect(departureTomorrow('08:00', 'Europe/Copenhagen', new Date('2026-10-24T21:30:00Z')).toISOString()).toBe(
      '2026-10-25T07:00:00.000Z',
    );
    expect(departureTomorrow('08:00', 'Europe/Copenhagen', new Date('2026-03-28T22:30:00Z')).toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
  });

  it('puts the first stop at 0 minutes and the others after the legs and waits, rounded up to minutes', async () => {
    const stops = [
      { lat: 56.15, lng: 10.2, wait_hours: 0.25 },
      { lat: 56.2, lng: 10.2, wait_hours: 0.5 },
      { lat: 56.25, lng: 10.2, wait_hours: 0 },
    ];
    const minutes = await routeEtaMinutes(
      localRouteEstimator({ detourFactor: 1.3 }),
      stops,
      new Date('2030-01-01T08:00:00Z'),
    );
    expect(minutes[0]).toBe(0);
    expect(minutes[1]).toBeGreaterThan(15);
    expect(minutes[2]! - minutes[1]!).toBeGreaterThan(30);
    expect(minutes.every(Number.isInteger)).toBe(true);
    expect(await routeEtaMinutes(localRouteEstimator({ detourFactor: 1.3 }), [], new Date())).toEqual([]);
  });

  it("names the directions provider's status in the failure text, else the call's own", () => {
    const upstream = new RequestError({
      message: 'Calculate EAT Failed with status 401',
      status: 502,
      path: '/functions/v1/route-eta',
      body: { status: 401 },
    });
    expect(etaFailureStatus(upstream)).toBe(401);
    expect(etaFailureStatus(new RequestError({ message: 'x', status: 503, path: '/' }))).toBe(503);
  });
});
