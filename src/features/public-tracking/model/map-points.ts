import type { LngLat } from '@/shared/map/geometry';
import type { TruckFeed } from '@/shared/map/truck-feed';
import type { TrackingStop } from './tracking-stop';

/** The stop and its nearby stops that have a place, as the map fits them. */
export function stopPoints(stop: TrackingStop): LngLat[] {
  const points: LngLat[] = stop.nearby_points
    .filter((n) => n.lat !== null && n.lng !== null)
    .map((n) => [n.lng as number, n.lat as number]);
  if (stop.lat !== null && stop.lng !== null) points.push([stop.lng, stop.lat]);
  return points;
}

/** What the map opens on (spec 4): the stops, and the truck when it is known. */
export function openingPoints(points: LngLat[], feed: TruckFeed): LngLat[] {
  const truck = feed.get();
  return truck ? [...points, [truck.lng, truck.lat]] : points;
}
