// The real route estimator: Mapbox Directions,
// `GET {MAPBOX_API_URL}/directions/v5/mapbox/driving-traffic/{lng,lat;...}?access_token=…&depart_at=…&overview=false`
// → `{ code: 'Ok', routes: [{ legs: [{ duration }] }] }`. A request takes at most 25 coordinates, so the stops go
// in batches of 24 legs (the spec's batches of 24 points), each batch starting at the previous batch's last stop
// and departing when the truck leaves it. Mapbox refuses a departure in the past; as the spec says, such a
// departure is asked for at the same time tomorrow (the traffic of that time of day).
// Free of Deno and npm: imports, so it can be exercised from Node against a fake Mapbox.
import { ProviderError } from './provider-error.ts';
import {
  type EstimateStop,
  type LatLng,
  leaveLastStop,
  type RouteEstimator,
  scheduleFromLegs,
  type StopEstimate,
} from './route-estimator.ts';

/** Legs per Directions request: 25 coordinates. */
export const LEGS_PER_REQUEST = 24;

/** A Directions answer that is not a route; `status` is the HTTP status (0 when there was none). */
export class DirectionsError extends ProviderError {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    // The wording of the spec's directions failure, so the log reads as the old alert did.
    super('Mapbox', `Calculate EAT Failed with status ${status} (${detail})`);
  }
}

export interface MapboxDirectionsConfig {
  baseUrl: string;
  accessToken: string;
  fetch?: typeof fetch;
  /** Per request. Default 8 s. */
  timeoutMs?: number;
  /** Further attempts after a 429 or 5xx. Default 2. */
  retries?: number;
  /** Longest wait before a retry (a 429's Retry-After is honoured up to this). Default 2 s. */
  maxRetryWaitMs?: number;
  /** Wait before retrying a 5xx. Default 250 ms. */
  serverErrorWaitMs?: number;
  now?: () => Date;
}

/** Mapbox's depart_at: `YYYY-MM-DDThh:mm:ssZ`, never in the past (moved on by whole days, as the spec does). */
export function mapboxDepartAt(departAt: Date, now: Date): string {
  const day = 86_400_000;
  let at = departAt.getTime();
  if (at < now.getTime() + 60_000) at += Math.ceil((now.getTime() + 60_000 - at) / day) * day;
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryAfterMs(response: Response, cap: number): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Math.min(cap, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : cap);
}

export function mapboxDirectionsEstimator(config: MapboxDirectionsConfig): RouteEstimator {
  const doFetch = config.fetch ?? fetch;
  const retries = config.retries ?? 2;
  const maxWait = config.maxRetryWaitMs ?? 2_000;
  const serverWait = config.serverErrorWaitMs ?? 250;
  const now = config.now ?? (() => new Date());
  const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;

  async function legDurations(points: LatLng[], departAt: Date): Promise<number[]> {
    const path = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
    const url = new URL(`directions/v5/mapbox/driving-traffic/${path}`, base);
    url.searchParams.set('access_token', config.accessToken);
    url.searchParams.set('depart_at', mapboxDepartAt(departAt, now()));
    url.searchParams.set('overview', 'false');
    url.searchParams.set('steps', 'false');
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(config.timeoutMs ?? 8_000),
        });
      } catch (error) {
        throw new DirectionsError(0, `request failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      const retryable = response.status === 429 || response.status >= 500;
      if (retryable && attempt < retries) {
        await response.body?.cancel();
        await sleep(response.status === 429 ? retryAfterMs(response, maxWait) : serverWait);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new DirectionsError(response.status, 'no route');
      }
      let body: { code?: unknown; routes?: Array<{ legs?: Array<{ duration?: unknown }> }> };
      try {
        body = await response.json();
      } catch {
        throw new DirectionsError(response.status, 'not JSON');
      }
      const legs = body.routes?.[0]?.legs;
      if (body.code !== 'Ok' || !Array.isArray(legs) || legs.length !== points.length - 1) {
        throw new DirectionsError(response.status, `answered ${String(body.code)}`);
      }
      return legs.map((leg) => {
        if (typeof leg.duration !== 'number' || !Number.isFinite(leg.duration) || leg.duration < 0) {
          throw new DirectionsError(response.status, 'a leg without a duration');
        }
        return leg.duration;
      });
    }
  }

  return {
    async estimate(request) {
      const estimates: StopEstimate[] = [];
      let from: LatLng = request.origin;
      let departAt = request.departAt;
      for (let first = 0; first < request.stops.length; first += LEGS_PER_REQUEST) {
        const batch: EstimateStop[] = request.stops.slice(first, first + LEGS_PER_REQUEST);
        const legs = await legDurations([from, ...batch], departAt);
        estimates.push(...scheduleFromLegs(departAt, batch, legs));
        // The next batch starts where and when this one ends.
        from = batch.at(-1)!;
        departAt = leaveLastStop(departAt, batch, legs);
      }
      return estimates;
    },
  };
}
