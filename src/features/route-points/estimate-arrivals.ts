// The route's planned arrival times. Tenants on the local route estimator get them in the browser, from the
// same module the `estimate-arrivals` function runs (distance × the tenant's detour factor at town and country
// speeds, plus each stop's wait time, rounded up to minutes), so the editor shows what trips will get. Tenants
// on Mapbox get them from the `route-eta` function: Mapbox Directions in batches of 24, departing tomorrow.
import { localRouteEstimator } from '../../../edge-functions/_shared/providers/route-estimator.ts';
import { routeEtaMinutes } from '../../../edge-functions/_shared/route-eta.ts';
import { fetchRouteEtaMinutes } from './api/route-eta';
import type { EditorPoint } from './editor-state';
import { minutesOfDay, timeOfDay } from './route-duration';

export const ETA_NEEDS_ARRIVAL_TIME = 'You need to enter arrival time to calculate google ETA';
export const etaFailedText = (status: string | number) => `Calculate EAT Failed with status ${status}`;

type LocatedPoint = EditorPoint & { lat: number; lng: number };

export interface EtaSource {
  estimator: 'local' | 'mapbox';
  detourFactor: number;
  tenantSlug: string;
  routeId: number;
}

/** Arrival "HH:mm" per point key: the first located point at the first stop's time, the rest from there. */
export async function estimateArrivals(
  points: EditorPoint[],
  firstStopArrival: string,
  source: EtaSource,
): Promise<Record<string, string>> {
  const start = minutesOfDay(firstStopArrival);
  if (start === null) throw new Error(ETA_NEEDS_ARRIVAL_TIME);
  const located = points.filter((point): point is LocatedPoint => point.lat !== null && point.lng !== null);
  if (located.length === 0) return {};
  const stops = located.map((point) => ({ lat: point.lat, lng: point.lng, wait_hours: point.wait_time ?? 0 }));
  const minutes =
    source.estimator === 'mapbox'
      ? await fetchRouteEtaMinutes(source.tenantSlug, source.routeId, timeOfDay(start), stops)
      : // A fixed day: only the time of day is shown, so the date never matters (and no clock change is crossed).
        await routeEtaMinutes(
          localRouteEstimator({ detourFactor: source.detourFactor }),
          stops,
          new Date(Date.UTC(2000, 0, 3)),
        );
  const arrivals: Record<string, string> = {};
  located.forEach((point, i) => (arrivals[point.key] = timeOfDay(start + (minutes[i] ?? 0))));
  return arrivals;
}
