// Arrival times for the route-points editor's 'Calculate ETA': the route's stops in order, the first reached at
// the first stop arrival time, driving tomorrow (the spec's departure tomorrow: Mapbox plans with that day's
// traffic), each later stop after the legs and waits before it, rounded up to minutes. The answer is minutes
// after the first stop, so the editor writes the times of day itself (past midnight too).
// Free of Deno and npm: imports, so it is exercised from Node as well.
import { type RouteEstimator, waitSeconds } from './providers/route-estimator.ts';
import { localDate, zonedInstant } from './zoned-time.ts';

export interface RouteEtaStop {
  lat: number;
  lng: number;
  wait_hours: number;
}

/** The calendar date after `date` (`YYYY-MM-DD`). */
export function nextDate(date: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Tomorrow in the tenant's zone at the first stop's "HH:mm". */
export function departureTomorrow(firstStop: string, timeZone: string, now: Date): Date {
  const [hour = 0, minute = 0] = firstStop.split(':').map(Number);
  return zonedInstant(nextDate(localDate(timeZone, now)), hour, minute, timeZone);
}

/** Minutes from the first stop's arrival to each stop's (the first is 0). */
export async function routeEtaMinutes(
  estimator: RouteEstimator,
  stops: RouteEtaStop[],
  firstArrival: Date,
): Promise<number[]> {
  const [first, ...rest] = stops;
  if (!first) return [];
  // The truck is at the first stop at the first stop arrival time and leaves it after its wait: the legs
  // start there (no empty leg to itself in the provider's batches).
  const estimates = await estimator.estimate({
    origin: { lat: first.lat, lng: first.lng },
    stops: rest.map((stop, i) => ({ id: i + 1, lat: stop.lat, lng: stop.lng, waitHours: stop.wait_hours })),
    departAt: new Date(firstArrival.getTime() + waitSeconds(first.wait_hours) * 1000),
  });
  const minutes = new Array<number>(stops.length).fill(0);
  for (const estimate of estimates)
    minutes[estimate.id] = Math.round((estimate.arriveAt.getTime() - firstArrival.getTime()) / 60_000);
  return minutes;
}
