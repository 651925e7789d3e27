import type { LngLat } from '@/shared/map/geometry';
import type { TrackingStop } from './tracking-stop';

/**
 * The truck's way to the customer's stop as the map draws it: from the truck (when known) through the stops it
 * still has to visit before this one, in their order on the trip, to the stop. Stops already visited, and stops
 * after the customer's, are not on the way. Empty when the stop has no place or is visited itself.
 */
export function wayToStop(stop: TrackingStop, visited: ReadonlySet<number>, truck: LngLat | null): LngLat[] {
  if (stop.lat === null || stop.lng === null || visited.has(stop.position)) return [];
  const before = stop.nearby_points
    .filter((n) => n.position < stop.position && !visited.has(n.position) && n.lat !== null && n.lng !== null)
    .sort((a, b) => a.position - b.position)
    .map((n): LngLat => [n.lng as number, n.lat as number]);
  const way: LngLat[] = [...(truck ? [truck] : []), ...before, [stop.lng, stop.lat]];
  return way.length > 1 ? way : [];
}
