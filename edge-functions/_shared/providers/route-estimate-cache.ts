// Results of a route estimator cached by stop list: the key is the ordered coordinates (origin and stops, to
// about a metre), each stop's wait and the departure's time bucket; the value is each arrival's offset from
// the departure, so a hit answers any departure inside the bucket. A truck standing at a stop, or a plan
// shared by several screens, then costs one provider call per bucket.
// Free of Deno and npm: imports.
import type { RouteEstimateRequest, RouteEstimator } from './route-estimator.ts';

export interface RouteEstimateCacheOptions {
  /** Departures within the same bucket share an entry. Default 5 minutes. */
  bucketMs?: number;
  /** Entries older than this are asked again. Default 15 minutes. */
  ttlMs?: number;
  /** Least recently used entries beyond this are dropped. Default 500. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  storedAt: number;
  offsetsMs: Array<[id: number, offsetMs: number]>;
}

export function routeEstimateKey(request: RouteEstimateRequest, bucketMs: number): string {
  const point = (p: { lat: number; lng: number }) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;
  const stops = request.stops.map((s) => `${s.id}@${point(s)}+${s.waitHours}`).join(';');
  return `${Math.floor(request.departAt.getTime() / bucketMs)}|${point(request.origin)}|${stops}`;
}

export interface CachedRouteEstimator extends RouteEstimator {
  readonly stats: { hits: number; misses: number };
}

export function cachedRouteEstimator(
  inner: RouteEstimator,
  options: RouteEstimateCacheOptions = {},
): CachedRouteEstimator {
  const bucketMs = options.bucketMs ?? 5 * 60_000;
  const ttlMs = options.ttlMs ?? 15 * 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const stats = { hits: 0, misses: 0 };

  return {
    stats,
    async estimate(request) {
      const key = routeEstimateKey(request, bucketMs);
      const departMs = request.departAt.getTime();
      const cached = entries.get(key);
      if (cached && now() - cached.storedAt <= ttlMs) {
        stats.hits++;
        // Re-inserting keeps the Map in least-recently-used order.
        entries.delete(key);
        entries.set(key, cached);
        return cached.offsetsMs.map(([id, offset]) => ({ id, arriveAt: new Date(departMs + offset) }));
      }
      stats.misses++;
      const estimates = await inner.estimate(request);
      entries.delete(key);
      entries.set(key, { storedAt: now(), offsetsMs: estimates.map((e) => [e.id, e.arriveAt.getTime() - departMs]) });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return estimates;
    },
  };
}
