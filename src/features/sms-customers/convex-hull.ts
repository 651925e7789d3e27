import type { LngLat } from '@/shared/map/geometry';

const cross = (o: LngLat, a: LngLat, b: LngLat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/**
 * The plan event's polygon: the outline of its stops (convex hull, Andrew's monotone chain), closed as GeoJSON
 * rings are (first point repeated last). Fewer than 3 distinct points make no area: null.
 */
export function convexHull(points: readonly LngLat[]): LngLat[] | null {
  const unique = [...new Map(points.map((point) => [`${point[0]},${point[1]}`, point])).values()].sort(
    (a, b) => a[0] - b[0] || a[1] - b[1],
  );
  if (unique.length < 3) return null;
  const half = (list: LngLat[]) => {
    const chain: LngLat[] = [];
    for (const point of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2], chain[chain.length - 1], point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  const hull = [...half(unique), ...half([...unique].reverse())];
  return hull.length < 3 ? null : [...hull, hull[0]];
}
