// One unit of arrival-estimate work as claim_arrival_estimates() hands it out, and how it becomes the
// `[{ id, at }]` that save_arrival_estimates() takes. Shared by the estimate-arrivals function and the bench.
// Free of Deno and npm: imports.
import { mapboxDirectionsEstimator } from './providers/mapbox-directions.ts';
import { cachedRouteEstimator } from './providers/route-estimate-cache.ts';
import { withFallback } from './providers/route-estimator-fallback.ts';
import {
  type EstimateStop,
  type LatLng,
  localRouteEstimator,
  type RouteEstimator,
} from './providers/route-estimator.ts';

export interface ArrivalEstimateJob {
  plan_event_id: number;
  /** plan: from the planned start, all stops; follow: from the car's latest position, the remaining stops. */
  mode: 'plan' | 'follow';
  tenant_slug: string;
  route_estimator: 'local' | 'mapbox';
  detour_factor: number;
  origin: LatLng | null;
  depart_at: string;
  stops: Array<{ id: number; lat: number; lng: number; wait_hours: number }>;
}

export interface SavedEstimate {
  id: number;
  at: string;
}

export interface MapboxSettings {
  accessToken: string;
  baseUrl: string;
}

/** The job's stops and start as an estimator request; a job without an origin starts at its first stop. */
export function requestOf(job: ArrivalEstimateJob) {
  const stops: EstimateStop[] = job.stops.map((s) => ({
    id: Number(s.id),
    lat: s.lat,
    lng: s.lng,
    waitHours: Number(s.wait_hours),
  }));
  const origin = job.origin ?? (stops[0] ? { lat: stops[0].lat, lng: stops[0].lng } : { lat: 0, lng: 0 });
  return { origin, stops, departAt: new Date(job.depart_at) };
}

export async function estimateJob(job: ArrivalEstimateJob, estimator: RouteEstimator): Promise<SavedEstimate[]> {
  if (!job.stops.length) return [];
  const estimates = await estimator.estimate(requestOf(job));
  return estimates.map((e) => ({ id: e.id, at: e.arriveAt.toISOString() }));
}

/**
 * The estimators of a running function, one Mapbox estimator (with its cache) per tenant and settings, kept
 * between requests so cached stop lists survive; the local estimator when the tenant wants it or Mapbox is
 * not configured, and as the fallback when Mapbox fails.
 */
export function estimatorRegistry(mapboxSettingsFor: (tenantSlug: string) => MapboxSettings | undefined) {
  const mapbox = new Map<string, RouteEstimator>();
  return (job: ArrivalEstimateJob): RouteEstimator => {
    const local = localRouteEstimator({ detourFactor: Number(job.detour_factor) || 1 });
    const settings = job.route_estimator === 'mapbox' ? mapboxSettingsFor(job.tenant_slug) : undefined;
    if (!settings) return local;
    const key = `${job.tenant_slug}|${settings.baseUrl}|${settings.accessToken}`;
    let cached = mapbox.get(key);
    if (!cached) {
      cached = cachedRouteEstimator(mapboxDirectionsEstimator(settings));
      mapbox.set(key, cached);
    }
    return withFallback(cached, local);
  };
}
