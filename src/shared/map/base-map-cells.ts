import type { Feature, FeatureCollection } from 'geojson';
import { baseMapCellFile, baseMapCellGrid } from './base-map-files';
import type { LngLat } from './geometry';

/** More cells than a phone's view at the lowest zoom of a cell map needs; a wider view shows only these. */
const MAX_CELLS = 120;

/** The files of the grid's cells that the bounds touch (none outside the grid). */
export function cellFilesIn([[west, south], [east, north]]: [LngLat, LngLat]): string[] {
  const { degrees, west: gridWest, south: gridSouth, east: gridEast, north: gridNorth } = baseMapCellGrid;
  const first = (value: number, min: number) => Math.max(min, Math.floor(value / degrees) * degrees);
  const files: string[] = [];
  for (let s = first(south, gridSouth); s < Math.min(north, gridNorth); s += degrees) {
    for (let w = first(west, gridWest); w < Math.min(east, gridEast); w += degrees) {
      if (files.length === MAX_CELLS) return files;
      files.push(baseMapCellFile(s, w));
    }
  }
  return files;
}

/** The bounds grown on every side by `factor` times their size, and by at least `minimum` degrees. */
export function widenBounds(
  [[west, south], [east, north]]: [LngLat, LngLat],
  factor: number,
  minimum: number,
): [LngLat, LngLat] {
  const dx = Math.max((east - west) * factor, minimum);
  const dy = Math.max((north - south) * factor, minimum);
  return [
    [west - dx, south - dy],
    [east + dx, north + dy],
  ];
}

const loaded = new Map<string, Promise<Feature[]>>();

function isFeatureCollection(value: unknown): value is FeatureCollection {
  return typeof value === 'object' && value !== null && Array.isArray((value as { features?: unknown }).features);
}

async function fetchCell(url: string): Promise<Feature[]> {
  const response = await fetch(url);
  const body: unknown = response.ok ? await response.json() : null;
  if (!isFeatureCollection(body)) throw new Error(`base map cell ${url}: ${response.status}`);
  return body.features;
}

/**
 * The cells' features, each file fetched once per page. A cell that fails is drawn as sea this time and named in
 * `failed`, to be asked for again the next time it is wanted (the map stays usable: its stops and trucks are its
 * own layers).
 */
export async function loadBaseMapCells(
  files: readonly string[],
  baseUrl: string,
): Promise<{ features: Feature[]; failed: string[] }> {
  const failed: string[] = [];
  const parts = await Promise.all(
    files.map((file) => {
      const url = new URL(file, baseUrl).href;
      let request = loaded.get(url);
      if (!request) {
        request = fetchCell(url);
        loaded.set(url, request);
      }
      return request.catch((): Feature[] => {
        loaded.delete(url);
        failed.push(file);
        return [];
      });
    }),
  );
  return { features: parts.flat(), failed };
}
