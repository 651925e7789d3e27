import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DirectionsError,
  mapboxDirectionsEstimator,
} from '../../../../edge-functions/_shared/providers/mapbox-directions.ts';
import { cachedRouteEstimator } from '../../../../edge-functions/_shared/providers/route-estimate-cache.ts';
import { withFallback } from '../../../../edge-functions/_shared/providers/route-estimator-fallback.ts';
import {
  localRouteEstimator,
  type RouteEstimateRequest,
} from '../../../../edge-functions/_shared/providers/route-estimator.ts';
import { asPostgres } from '../../../support/clients.ts';
import { stackInfo } from '../../../support/stack-info.ts';
import { createTrip, removeTrips, stopEstimates, type Trip } from '../../../support/throwaway-trip.ts';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from '../admin/support/fake-provider.ts';
import { addFunctionEnv, eventually, perTenant } from '../admin/support/function-env.ts';
import { createThrowawayTenant, type ThrowawayTenant } from '../admin/support/throwaway-tenant.ts';

// Mapbox Directions against a fake Mapbox on loopback: every leg takes LEG_SECONDS; `trouble` makes it answer
// errors (a number of times, or always).
const LEG_SECONDS = 120;
const DIRECTIONS = '/mapbox/directions/v5/mapbox/driving-traffic/';
let trouble: { status: number; times: number; headers?: Record<string, string> } | undefined;

function coordinatesOf(request: RecordedRequest): Array<[number, number]> {
  return decodeURIComponent(request.path.slice(DIRECTIONS.length))
    .split(';')
    .map((pair) => pair.split(',').map(Number) as [number, number]);
}

function route(request: RecordedRequest) {
  if (!request.path.startsWith(DIRECTIONS)) return undefined;
  if (trouble && trouble.times > 0) {
    trouble.times--;
    return { status: trouble.status, body: { message: 'trouble' }, headers: trouble.headers };
  }
  const points = coordinatesOf(request);
  if (points.length > 25) return { status: 422, body: { code: 'InvalidInput', message: 'Too many coordinates' } };
  return {
    body: { code: 'Ok', routes: [{ legs: points.slice(1).map(() => ({ duration: LEG_SECONDS, distance: 1000 })) }] },
  };
}

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider(route);
});
afterAll(async () => {
  await fake.close();
});

const NOW = new Date('2026-06-01T06:00:00Z');
const DEPART = new Date('2026-06-01T08:00:00Z');
const stopsOf = (n: number, waitHours = 0.1) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, lat: 56.15 + (i + 1) * 0.005, lng: 10.2, waitHours }));
const request = (n: number): RouteEstimateRequest => ({
  origin: { lat: 56.15, lng: 10.2 },
  stops: stopsOf(n),
  departAt: DEPART,
});
const mapbox = (extra: Partial<Parameters<typeof mapboxDirectionsEstimator>[0]> = {}) =>
  mapboxDirectionsEstimator({
    baseUrl: `${fake.url}/mapbox`,
    accessToken: 'pk.fake',
    now: () => NOW,
    maxRetryWaitMs: 50,
    serverErrorWaitMs: 10,
    ...extra,
  });
/** Stop i (1-based) with 2-minute legs and 6-minute waits: i legs and i - 1 waits after the departure. */
const expectedArrival = (i: number, depart = DEPART) =>
  new Date(depart.getTime() + (i * LEG_SECONDS + (i - 1) * 360) * 1000).toISOString();

describe('Mapbox Directions adapter', () => {
  it('asks in batches of 24 legs (25 coordinates), each batch from the last stop of the one before, departing when the truck leaves it', async () => {
    trouble = undefined;
    const before = fake.requests.length;
    const estimates = await mapbox().estimate(request(60));
    const asked = fake.requests.slice(before);
    expect(asked.map((r) => coordinatesOf(r).length)).toEqual([25, 25, 13]);
    expect(coordinatesOf(asked[0]!)[0]).toEqual([10.2, 56.15]);
    expect(coordinatesOf(asked[1]!)[0]).toEqual([10.2, 56.15 + 24 * 0.005].map((n) => Number(n.toFixed(6))));
    expect(coordinatesOf(asked[2]!)[0]).toEqual([10.2, Number((56.15 + 48 * 0.005).toFixed(6))]);
    // The second batch leaves stop 24 after its wait: 24 legs and 24 waits after the departure.
    const second = new Date(DEPART.getTime() + (24 * LEG_SECONDS + 24 * 360) * 1000)
      .toISOString()
      .replace('.000Z', 'Z');
    expect(asked.map((r) => r.query.get('depart_at'))).toEqual([
      '2026-06-01T08:00:00Z',
      second,
      new Date(DEPART.getTime() + (48 * LEG_SECONDS + 48 * 360) * 1000).toISOString().replace('.000Z', 'Z'),
    ]);
    expect(Object.fromEntries(asked[0]!.query)).toMatchObject({ access_token: 'pk.fake', overview: 'false' });
    expect(estimates).toHaveLength(60);
    expect(estimates.map((e) => e.arriveAt.toISOString())).toEqual(stopsOf(60).map((_, i) => expectedArrival(i + 1)));
  });

  it('waits and asks again after a 429 (honouring Retry-After up to its cap) and after a 5xx', async () => {
    trouble = { status: 429, times: 2, headers: { 'retry-after': '1' } };
    let before = fake.requests.length;
    const estimates = await mapbox().estimate(request(3));
    expect(fake.requests.length - before).toBe(3);
    expect(estimates.map((e) => e.arriveAt.toISOString())).toEqual([1, 2, 3].map((i) => expectedArrival(i)));

    trouble = { status: 502, times: 1 };
    before = fake.requests.length;
    await mapbox().estimate(request(3));
    expect(fake.requests.length - before).toBe(2);
  });

  it("gives up after its retries with the spec's failure text, and the local estimator answers instead", async () => {
    trouble = { status: 503, times: 100 };
    const before = fake.requests.length;
    const failure = await mapbox({ retries: 2 })
      .estimate(request(3))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DirectionsError);
    expect((failure as DirectionsError).status).toBe(503);
    expect((failure as Error).message).toContain('Calculate EAT Failed with status 503');
    expect(fake.requests.length - before).toBe(3);

    const reported: string[] = [];
    const local = localRouteEstimator({ detourFactor: 1.3 });
    const estimates = await withFallback(mapbox(), local, (error) => reported.push(error.message)).estimate(request(3));
    expect(estimates).toEqual(await local.estimate(request(3)));
    expect(reported).toEqual([expect.stringContaining('Calculate EAT Failed with status 503')]);
    trouble = undefined;
  });

  it('does not retry a refusal (401), and treats an answer without a route as a failure', async () => {
    trouble = { status: 401, times: 1 };
    const before = fake.requests.length;
    await expect(mapbox().estimate(request(2))).rejects.toThrow('Calculate EAT Failed with status 401');
    expect(fake.requests.length - before).toBe(1);
    trouble = undefined;
    const noRoute = mapboxDirectionsEstimator({
      baseUrl: 'http://unused',
      accessToken: 'x',
      now: () => NOW,
      fetch: () => Promise.resolve(new Response(JSON.stringify({ code: 'NoRoute', routes: [] }), { status: 200 })),
    });
    await expect(noRoute.estimate(request(2))).rejects.toThrow('answered NoRoute');
  });

  it('caches by stop list: the same stops in the same departure bucket ask Mapbox once', async () => {
    trouble = undefined;
    const cached = cachedRouteEstimator(mapbox());
    const before = fake.requests.length;
    const first = await cached.estimate(request(30));
    const second = await cached.estimate({ ...request(30), departAt: new Date(DEPART.getTime() + 60_000) });
    expect(fake.requests.length - before).toBe(2); // one stop list, two batches
    expect(second.map((e) => e.arriveAt.getTime() - 60_000)).toEqual(first.map((e) => e.arriveAt.getTime()));
    await cached.estimate({ ...request(30), stops: stopsOf(30).reverse() });
    expect(fake.requests.length - before).toBe(4);
  });
});

describe('estimate-arrivals with a tenant on Mapbox', () => {
  let tenant: ThrowawayTenant;
  let undoEnv: () => void;
  let trip: Trip;

  beforeAll(async () => {
    tenant = await createThrowawayTenant({ flags: { route_estimator: 'mapbox' } });
    undoEnv = addFunctionEnv({
      [perTenant('MAPBOX_ACCESS_TOKEN', tenant.slug)]: 'pk.tenant',
      [perTenant('MAPBOX_API_URL', tenant.slug)]: `${fake.url}/mapbox`,
    });
    // Tomorrow at 09:00 in the tenant's zone, not started: its planned estimates are due.
    trip = await createTrip({
      tenantId: tenant.id,
      depoId: tenant.depoIds[0]!,
      userId: tenant.admin.id,
      stops: 30,
      dayOffset: 1,
      startAt: { hour: 9, min: 0 },
      planned: true,
    });
  });
  afterAll(async () => {
    undoEnv?.();
    if (tenant) await removeTrips(tenant.id);
    await tenant?.drop();
  });

  /** Makes the trip's plan due again and asks the function (the cron job may answer first: either is fine). */
  async function replan(startAtMin = 0): Promise<void> {
    await asPostgres((db) =>
      db.query(
        `with pe as (update public.plan_events set estimated_at = null, start_at_min = $2 where id = $1)
       update public.plan_event_route_points set original_google_estimate_time = null, google_estimate_time = null where plan_event_id = $1`,
        [trip.planEventId, startAtMin],
      ),
    );
    await fetch(`${stackInfo().apiUrl}/functions/v1/estimate-arrivals`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: stackInfo().serviceRoleKey,
        Authorization: `Bearer ${stackInfo().serviceRoleKey}`,
      },
      body: JSON.stringify({ plan_event_id: trip.planEventId }),
    }).then((r) => r.body?.cancel());
  }

  /** The planned start (tomorrow, in the tenant's time zone). */
  const plannedStart = () =>
    asPostgres(
      async (db) =>
        (
          await db.query<{ at: Date }>(
            `select (pe.date + make_time(pe.start_at_hour, pe.start_at_min, 0)) at time zone t.time_zone as at
     from public.plan_events pe join public.tenants t on t.id = pe.tenant_id where pe.id = $1`,
            [trip.planEventId],
          )
        ).rows[0]!.at,
    );

  const tenantRequests = () =>
    fake.requests.filter((r) => r.path.startsWith(DIRECTIONS) && r.query.get('access_token') === 'pk.tenant');

  it('plans the stops with Mapbox (token and URL per tenant), from the planned start, in batches of 24 legs', async () => {
    trouble = undefined;
    const depart = await plannedStart();
    // The workers pick up the new settings asynchronously: plan again until Mapbox is asked.
    await eventually(async () => {
      await replan();
      let estimates = await stopEstimates(trip);
      for (let i = 0; i < 40 && estimates.some((s) => !s.original_google_estimate_time); i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        estimates = await stopEstimates(trip);
      }
      return tenantRequests().length > 0 && estimates.every((s) => s.original_google_estimate_time);
    }, 30_000);
    const estimates = await stopEstimates(trip);
    expect(estimates.map((s) => s.original_google_estimate_time!.toISOString())).toEqual(
      estimates.map((_, i) => expectedArrival(i + 1, depart)),
    );
    expect(estimates.map((s) => s.google_estimate_time!.toISOString())).toEqual(
      estimates.map((_, i) => expectedArrival(i + 1, depart)),
    );
    expect(
      tenantRequests()
        .slice(-2)
        .map((r) => coordinatesOf(r).length),
    ).toEqual([25, 7]);
    expect(tenantRequests().at(-2)!.query.get('depart_at')).toBe(depart.toISOString().replace('.000Z', 'Z'));
  });

  it('falls back to the local estimator when Mapbox keeps failing, so the stops still get estimates', async () => {
    trouble = { status: 503, times: 1_000 };
    const failedBefore = fake.requests.filter((r) => r.path.startsWith(DIRECTIONS)).length;
    // Another start time: the stop list is not in the cache.
    await replan(30);
    await eventually(async () => (await stopEstimates(trip)).every((s) => s.original_google_estimate_time));
    trouble = undefined;
    expect(fake.requests.filter((r) => r.path.startsWith(DIRECTIONS)).length).toBeGreaterThan(failedBefore);
    const estimates = await stopEstimates(trip);
    const local = await localRouteEstimator({ detourFactor: 1.3 }).estimate({
      origin: { lat: 56.15, lng: 10.2 },
      stops: trip.stops.map((s) => ({ id: s.id, lat: s.lat, lng: s.lng, waitHours: 0.1 })),
      departAt: await plannedStart(),
    });
    expect(estimates.map((s) => s.original_google_estimate_time!.toISOString())).toEqual(
      local.map((e) => e.arriveAt.toISOString()),
    );
  });
});
