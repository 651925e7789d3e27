/** A position as the map engines take it: [longitude, latitude]. */
export type LngLat = [number, number];

/**
 * Decodes a Google encoded polyline (precision 5), the form the database keeps a driven trail in
 * (migration 20261124020100_live_positions.sql). Stops at the first malformed value rather than drawing garbage.
 */
export function decodePolyline(encoded: string): LngLat[] {
  const points: LngLat[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= encoded.length) return null;
      const byte = encoded.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) return null;
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    const dLat = next();
    const dLng = next();
    if (dLat === null || dLng === null) break;
    lat += dLat;
    lng += dLng;
    points.push([lng / 1e5, lat / 1e5]);
  }
  return points;
}
