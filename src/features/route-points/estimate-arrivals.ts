// The route's planned arrival times from the local route estimator of the live-trucks work (distance × the
// tenant's detour factor at town and country speeds, plus each stop's wait time, rounded up to minutes): the
// same module the `estimate-arrivals` function runs, free of Deno, so the editor shows what trips will get.
import { localRouteEstimator } from '../../../edge-functions/_shared/providers/route-estimator.ts';
import type { EditorPoint } from './editor-state';
import { minutesOfDay, timeOfDay } from './route-duration';

export const ETA_NEEDS_ARRIVAL_TIME = 'You need to enter arrival time to calculate google ETA';
export const etaFailedText = (status: string | number) => `Calculate EAT Failed with status ${status}`;

/** Arrival "HH:mm" per point key: the first located point at the first stop's time, the rest from there. */
export async function estimateArrivals(points: EditorPoint[], firstStopArrival: string, detourFactor: number): Promise<Record<string, string>> {
  const start = minutesOfDay(firstStopArrival);
  if (start === null) throw new Error(ETA_NEEDS_ARRIVAL_TIME);
  const located = points.filter((point): point is EditorPoint & { lat: number; lng: number } => point.lat !== null && point.lng !== null);
  if (located.length === 0) return {};
  // A fixed day: only the time of day is shown, so the date never matters (and no clock change is crossed).
  const departAt = new Date(Date.UTC(2000, 0, 3, 0, start));
  const estimates = await localRouteEstimator({ detourFactor }).estimate({
    origin: located[0]!,
    stops: located.map((point, index) => ({ id: index, lat: point.lat, lng: point.lng, waitHours: point.wait_time ?? 0 })),
    departAt,
  });
  const arrivals: Record<string, string> = {};
  for (const estimate of estimates) {
    const at = estimate.arriveAt;
    arrivals[located[estimate.id]!.key] = timeOfDay(at.getUTCHours() * 60 + at.getUTCMinutes() + (at.getUTCDate() - 3) * 1440);
  }
  return arrivals;
}
