// Cuts the offline base map into the grid of cells of `baseMapCellGrid` (one file per cell, see base-map-files.ts).
import type { Feature, FeatureCollection, Geometry, MultiLineString, MultiPolygon, Point, Polygon } from 'geojson';
import { baseMapCellFile, baseMapCellGrid } from '../../src/shared/map/base-map-files.ts';
import { boxesMeet, boxOf, clipLine, clipRing, type Box, type Position } from './clip.ts';
import type { BaseMapLayers } from './generate.ts';

/** What a feature of a cell draws (the `kind` property the cell style filters on). */
export type CellFeatureKind = 'land' | 'coast' | 'border' | 'town';

export type CellFeature = Feature<Geometry, { kind: CellFeatureKind; name?: string; population?: number }>;

/** Land is cut a little beyond its cell, so neighbouring fills overlap and no seam shows between cells. */
const LAND_OVERLAP = 0.002;

const round = (value: number) => Math.round(value * 1e4) / 1e4;
const roundAll = (line: Position[]): Position[] => line.map(([x, y]) => [round(x), round(y)]);

interface Shape<T> {
  box: Box;
  value: T;
}

const polygonsOf = (geometry: Polygon | MultiPolygon): Position[][][] =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Position[][][];

function clipPolygons(polygons: Shape<Position[][]>[], box: Box): Position[][][] {
  const out: Position[][][] = [];
  for (const { box: around, value: rings } of polygons) {
    if (!boxesMeet(around, box)) continue;
    const [outer, ...holes] = rings.map((ring) => clipRing(ring, box));
    if (!outer) continue;
    out.push([roundAll(outer), ...holes.filter((hole): hole is Position[] => hole !== null).map(roundAll)]);
  }
  return out;
}

function clipLines(lines: Shape<Position[]>[], box: Box): Position[][] {
  return lines
    .filter(({ box: around }) => boxesMeet(around, box))
    .flatMap(({ value }) => clipLine(value, box).map(roundAll));
}

/** Every cell's file name and features (empty at sea). */
export function generateBaseMapCells(layers: BaseMapLayers): Map<string, FeatureCollection> {
  const polygons = layers.land.features
    .flatMap((feature) => polygonsOf(feature.geometry))
    .map((rings) => ({ box: boxOf(rings[0]!), value: rings }))
    // A ring across the antimeridian (Russia's far east) spans every longitude on a plane and would cover cells at
    // sea; it lies far outside the grid anyway.
    .filter(({ box: [west, , east] }) => east - west < 180);
  const coasts = polygons.flatMap(({ value: rings }) => rings.map((ring) => ({ box: boxOf(ring), value: ring })));
  const borders = layers.borders.features
    .flatMap((feature) => (feature.geometry as MultiLineString).coordinates as Position[][])
    .map((line) => ({ box: boxOf(line), value: line }));

  const { degrees, west, south, east, north } = baseMapCellGrid;
  const cells = new Map<string, FeatureCollection>();
  for (let s = south; s < north; s += degrees) {
    for (let w = west; w < east; w += degrees) {
      const box: Box = [w, s, w + degrees, s + degrees];
      const landBox: Box = [w - LAND_OVERLAP, s - LAND_OVERLAP, w + degrees + LAND_OVERLAP, s + degrees + LAND_OVERLAP];
      const features: CellFeature[] = [];
      const land = clipPolygons(polygons, landBox);
      if (land.length)
        features.push({
          type: 'Feature',
          properties: { kind: 'land' },
          geometry: { type: 'MultiPolygon', coordinates: land },
        });
      const coast = clipLines(coasts, box);
      if (coast.length)
        features.push({
          type: 'Feature',
          properties: { kind: 'coast' },
          geometry: { type: 'MultiLineString', coordinates: coast },
        });
      const border = clipLines(borders, box);
      if (border.length)
        features.push({
          type: 'Feature',
          properties: { kind: 'border' },
          geometry: { type: 'MultiLineString', coordinates: border },
        });
      for (const town of layers.towns.features) {
        const [x, y] = (town.geometry as Point).coordinates as Position;
        if (x >= w && x < w + degrees && y >= s && y < s + degrees) {
          features.push({ type: 'Feature', properties: { kind: 'town', ...town.properties }, geometry: town.geometry });
        }
      }
      cells.set(baseMapCellFile(s, w), { type: 'FeatureCollection', features });
    }
  }
  return cells;
}
