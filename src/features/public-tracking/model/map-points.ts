import type { LngLat } from '@/shared/map/geometry';
import type { TruckFeed } from '@/shared/map/truck-feed';
import type { TrackingStop } from './tracking-stop';

/**
 * What the map fits of the stops: the customer's own stop. Fitting the whole trip packed ~60 stops into ~100 px of
 * a phone (issue 25 item 14, which the spec's "fit to all stops" gives way to); the nearby stops are still drawn.
 */
export function stopPoints(stop: TrackingStop): LngLat[] {
  return stop.lat !== null && stop.lng !== null ? [[stop.lng, stop.lat]] : [];
}

/** What the map opens on: the customer's stop and the truck when it is known. */
export function openingPoints(points: LngLat[], feed: TruckFeed): LngLat[] {
  const truck = feed.get();
  return truck ? [...points, [truck.lng, truck.lat]] : points;
}
