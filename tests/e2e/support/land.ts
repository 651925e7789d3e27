import { baseMapCellFile } from '../../../src/shared/map/base-map-files.ts';

type Ring = Array<[number, number]>;
interface CellFeature {
  properties: { kind: string };
  geometry: { type: 'Polygon' | 'MultiPolygon' | string; coordinates: unknown };
}

function inRing(ring: Ring, lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Whether points lie on land as the offline base map draws it (its 1° cells, fetched from the app as the map does),
 * so a test sees what a customer sees: a stop off the land polygons is drawn in the sea.
 */
export async function onLand(baseUrl: string, points: ReadonlyArray<{ lat: number; lng: number }>): Promise<boolean[]> {
  const cells = new Map<string, Array<Ring[]>>();
  const polygonsAt = async (lat: number, lng: number) => {
    const file = baseMapCellFile(Math.floor(lat), Math.floor(lng));
    let polygons = cells.get(file);
    if (!polygons) {
      const response = await fetch(new URL(`/${file}`, baseUrl));
      const features = response.ok ? ((await response.json()) as { features: CellFeature[] }).features : [];
      polygons = features
        .filter((f) => f.properties.kind === 'land')
        .flatMap((f) =>
          f.geometry.type === 'Polygon'
            ? [f.geometry.coordinates as Ring[]]
            : f.geometry.type === 'MultiPolygon'
              ? (f.geometry.coordinates as Ring[][])
              : [],
        );
      cells.set(file, polygons);
    }
    return polygons;
  };
  const answers: boolean[] = [];
  for (const { lat, lng } of points) {
    const polygons = await polygonsAt(lat, lng);
    answers.push(
      polygons.some(([outer, ...holes]) => inRing(outer!, lat, lng) && !holes.some((hole) => inRing(hole, lat, lng))),
    );
  }
  return answers;
}
