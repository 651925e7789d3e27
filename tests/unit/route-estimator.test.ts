import { describe, expect, it } from 'vitest';
import { cachedRouteEstimator, routeEstimateKey } from '../../edge-functions/_shared/providers/route-estimate-cache.ts';
import { withFallback } from '../../edge-functions/_shared/providers/route-estimator-fallback.ts';
import { ProviderError } from '../../edge-functions/_shared/providers/provider-error.ts';
import { mapboxDepartAt } from '../../edge-functions/_shared/providers/mapbox-directions.ts';
import {
  ceilToMinute,
  greatCircleMetres,
  localLegSeconds,
  localRouteEstimator,
  type RouteEstimateRequest,
  type RouteEstimator,
  scheduleFromLegs,
  waitSeconds,
} from '../../edge-functions/_shared/providers/route-estimator.ts';

const AARHUS = { lat: 56.1572, lng: 10.2107 };
const at = (iso: string) => new Date(iso);

describe('local route estimator', () => {
  it('measures great-circle distance (Aarhus to Copenhagen ≈ 157 km; one degree of latitude ≈ 111.2 km)', () => {
    expect(greatCircleMetres(AARHUS, { lat: 55.6761, lng: 12.5683 }) / 1000).toBeCloseTo(156.6, 0);
    expect(greatCircleMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
    expect(greatCircleMetres(AARHUS, AARHUS)).toBe(0);
  });

  it('drives the first 2 road km of a leg at 30 km/h and the rest at 70 km/h, road km = great circle × detour', () => {
    const oneKmNorth = { lat: AARHUS.lat + 1 / 111.195, lng: AARHUS.lng };
    // 1 km × 1.5 = 1.5 road km, all in town: 1.5 / 30 h = 180 s.
    expect(localLegSeconds(AARHUS, oneKmNorth, { detourFactor: 1.5 })).toBeCloseTo(180, 0);
    const tenKmNorth = { lat: AARHUS.lat + 10 / 111.195, lng: AARHUS.lng };
    // 10 km × 1.3 = 13 road km: 2 km at 30 (240 s) + 11 km at 70 (565.7 s).
    expect(localLegSeconds(AARHUS, tenKmNorth, { detourFactor: 1.3 })).toBeCloseTo(240 + (11 / 70) * 3600, 0);
    // Other speeds when asked.
    expect(
      localLegSeconds(AARHUS, tenKmNorth, { detourFactor: 1, townSpeedKmh: 20, countrySpeedKmh: 80, townStretchKm: 0 }),
    ).toBeCloseTo((10 / 80) * 3600, 0);
  });

  it("rounds a stop's wait (decimal hours) up to whole minutes; 0.25 h is exactly 15 minutes", () => {
    expect(waitSeconds(0.25)).toBe(900);
    expect(waitSeconds(0.08)).toBe(5 * 60); // 4.8 min
    expect(waitSeconds(0.17)).toBe(11 * 60); // 10.2 min
    expect(waitSeconds(0)).toBe(0);
    expect(waitSeconds(-1)).toBe(0);
    expect(ceilToMinute(Date.parse('2026-06-01T10:00:00Z'))).toBe(Date.parse('2026-06-01T10:00:00Z'));
    expect(ceilToMinute(Date.parse('2026-06-01T10:00:00.001Z'))).toBe(Date.parse('2026-06-01T10:01:00Z'));
  });

  it("arrives after each leg, leaves after the stop's wait; arrivals rounded up to the minute", () => {
    const stops = [
      { id: 1, ...AARHUS, waitHours: 0.25 },
      { id: 2, ...AARHUS, waitHours: 0.08 },
      { id: 3, ...AARHUS, waitHours: 0 },
    ];
    const schedule = scheduleFromLegs(at('2026-06-01T10:00:00Z'), stops, [90, 600, 30]);
    expect(schedule.map((s) => [s.id, s.arriveAt.toISOString()])).toEqual([
      [1, '2026-06-01T10:02:00.000Z'], // 10:01:30 rounded up
      [2, '2026-06-01T10:27:00.000Z'], // 10:02 + 15 min wait + 10 min drive
      // The clock runs unrounded: 10:26:30 + 5 min + 30 s is exactly 10:32.
      [3, '2026-06-01T10:32:00.000Z'],
    ]);
    expect(() => scheduleFromLegs(at('2026-06-01T10:00:00Z'), stops, [1])).toThrow('expected 3 legs');
  });

  it("estimates remaining stops in order from the truck with the tenant's detour factor", async () => {
    const north = (km: number) => ({ lat: AARHUS.lat + km / 111.195, lng: AARHUS.lng });
    const request: RouteEstimateRequest = {
      origin: AARHUS,
      departAt: at('2026-06-01T08:00:00Z'),
      stops: [
        { id: 10, ...north(0.99), waitHours: 0.1 },
        { id: 11, ...north(1.98), waitHours: 0.1 },
      ],
    };
    const plain = await localRouteEstimator({ detourFactor: 1 }).estimate(request);
    // 0.99 km at 30 km/h = 1.98 min; wait 6 min; 0.99 km again.
    expect(plain.map((s) => s.arriveAt.toISOString())).toEqual([
      '2026-06-01T08:02:00.000Z',
      '2026-06-01T08:10:00.000Z',
    ]);
    const detoured = await localRouteEstimator({ detourFactor: 1.5 }).estimate(request);
    expect(detoured.map((s) => s.arriveAt.toISOString())).toEqual([
      '2026-06-01T08:03:00.000Z',
      '2026-06-01T08:12:00.000Z',
    ]);
  });
});

describe('route estimate cache', () => {
  function counting(): RouteEstimator & { calls: number } {
    const inner = localRouteEstimator({ detourFactor: 1.3 });
    const counter = {
      calls: 0,
      estimate(request: RouteEstimateRequest) {
        counter.calls++;
        return inner.estimate(request);
      },
    };
    return counter;
  }
  const stops = [
    { id: 1, lat: 56.16, lng: 10.21, waitHours: 0.1 },
    { id: 2, lat: 56.17, lng: 10.22, waitHours: 0.1 },
  ];
  const request = (departAt: string, origin = AARHUS, list = stops): RouteEstimateRequest => ({
    origin,
    stops: list,
    departAt: at(departAt),
  });

  it('answers the same stop list in the same departure bucket from the cache, shifted to the new departure', async () => {
    const inner = counting();
    const cached = cachedRouteEstimator(inner, { bucketMs: 5 * 60_000 });
    const first = await cached.estimate(request('2026-06-01T10:00:00Z'));
    const again = await cached.estimate(request('2026-06-01T10:02:00Z'));
    expect(inner.calls).toBe(1);
    expect(cached.stats).toEqual({ hits: 1, misses: 1 });
    expect(again.map((s) => s.arriveAt.getTime() - first[0]!.arriveAt.getTime())).toEqual(
      first.map((s) => s.arriveAt.getTime() - first[0]!.arriveAt.getTime() + 120_000),
    );
  });

  it('asks again for another bucket, another order, another origin, or after the time to live', async () => {
    const inner = counting();
    let clock = 0;
    const cached = cachedRouteEstimator(inner, { bucketMs: 5 * 60_000, ttlMs: 60_000, now: () => clock });
    await cached.estimate(request('2026-06-01T10:00:00Z'));
    await cached.estimate(request('2026-06-01T10:05:00Z'));
    await cached.estimate(request('2026-06-01T10:00:00Z', AARHUS, [...stops].reverse()));
    await cached.estimate(request('2026-06-01T10:00:00Z', { lat: 56.2, lng: 10.2 }));
    expect(inner.calls).toBe(4);
    await cached.estimate(request('2026-06-01T10:00:00Z'));
    expect(inner.calls).toBe(4);
    clock = 61_000;
    await cached.estimate(request('2026-06-01T10:00:00Z'));
    expect(inner.calls).toBe(5);
  });

  it('keys by the ordered coordinates, waits and departure bucket', () => {
    expect(routeEstimateKey(request('2026-06-01T10:00:00Z'), 300_000)).toBe(
      routeEstimateKey(request('2026-06-01T10:04:59Z'), 300_000),
    );
    expect(routeEstimateKey(request('2026-06-01T10:00:00Z'), 300_000)).not.toBe(
      routeEstimateKey(request('2026-06-01T10:00:00Z', AARHUS, [stops[0]!, { ...stops[1]!, waitHours: 0.2 }]), 300_000),
    );
  });

  it('drops the least recently used entry beyond its size', async () => {
    const inner = counting();
    const cached = cachedRouteEstimator(inner, { maxEntries: 2 });
    await cached.estimate(request('2026-06-01T10:00:00Z'));
    await cached.estimate(request('2026-06-01T11:00:00Z'));
    await cached.estimate(request('2026-06-01T10:00:00Z')); // used again: 11:00 is now the oldest
    await cached.estimate(request('2026-06-01T12:00:00Z'));
    await cached.estimate(request('2026-06-01T10:00:00Z'));
    expect(inner.calls).toBe(3);
    await cached.estimate(request('2026-06-01T11:00:00Z'));
    expect(inner.calls).toBe(4);
  });
});

describe('fallback to the local estimator', () => {
  const request: RouteEstimateRequest = {
    origin: AARHUS,
    departAt: at('2026-06-01T10:00:00Z'),
    stops: [{ id: 1, lat: 56.16, lng: 10.21, waitHours: 0 }],
  };

  it('answers from the local estimator when the provider fails, and reports the failure', async () => {
    const failures: string[] = [];
    const failing: RouteEstimator = { estimate: () => Promise.reject(new ProviderError('Mapbox', 'answered 503')) };
    const estimator = withFallback(failing, localRouteEstimator({ detourFactor: 1.3 }), (error) =>
      failures.push(error.message),
    );
    expect(await estimator.estimate(request)).toEqual(
      await localRouteEstimator({ detourFactor: 1.3 }).estimate(request),
    );
    expect(failures).toEqual(['Mapbox: answered 503']);
  });

  it('lets a programming error through instead of hiding it', async () => {
    const broken: RouteEstimator = { estimate: () => Promise.reject(new TypeError('bug')) };
    await expect(withFallback(broken, localRouteEstimator({ detourFactor: 1 })).estimate(request)).rejects.toThrow(
      'bug',
    );
  });
});

describe('Mapbox departure time', () => {
  it('sends a future departure as it is, and a past one at the same time of a later day', () => {
    const now = at('2026-06-01T12:00:00Z');
    expect(mapboxDepartAt(at('2026-06-01T15:30:00.250Z'), now)).toBe('2026-06-01T15:30:00Z');
    expect(mapboxDepartAt(at('2026-06-01T09:00:00Z'), now)).toBe('2026-06-02T09:00:00Z');
    // Days behind, and within the minute Mapbox needs: the first later day that is far enough ahead.
    expect(mapboxDepartAt(at('2026-05-28T12:00:30Z'), now)).toBe('2026-06-02T12:00:30Z');
  });
});
