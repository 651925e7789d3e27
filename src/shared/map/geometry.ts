/** A position as the map engines take it: [longitude, latitude]. */
export type LngLat = [number, number];

export interface MapViewState {
  longitude: number;
  latitude: number;
  zoom: number;
}

/** The south-west and north-east corners around the points; null when there are none. */
export function boundsOf(points: readonly LngLat[]): [LngLat, LngLat] | null {
  const valid = points.filter(([lng, lat]) => Number.isFinite(lng) && Number.isFinite(lat));
  if (valid.length === 0) return null;
  const lngs = valid.map(([lng]) => lng);
  const lats = valid.map(([, lat]) => lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

/** True when the bounds are a single spot (one point, or all points alike): fly there instead of fitting. */
export const isSinglePoint = ([[west, south], [east, north]]: [LngLat, LngLat]) => west === east && south === north;
