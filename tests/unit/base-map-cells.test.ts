import { describe, expect, it } from 'vitest';
import { clipLine, clipRing, type Box } from '../../tools/base-map/clip.ts';
import { generateBaseMapCells } from '../../tools/base-map/cells.ts';
import { generateBaseMap } from '../../tools/base-map/generate.ts';
import { baseMapCellFile, baseMapCellGrid } from '@/shared/map/base-map-files';
import { cellFilesIn, widenBounds } from '@/shared/map/base-map-cells';
import { offlineCellsStyle } from '@/shared/map/offline-style';

const unit: Box = [0, 0, 1, 1];

describe('clipping to a cell', () => {
  it('cuts a ring to the box and keeps it closed; a ring outside is gone', () => {
    const square = [
      [-1, -1],
      [0.5, -1],
      [0.5, 0.5],
      [-1, 0.5],
      [-1, -1],
    ] as [number, number][];
    expect(clipRing(square, unit)).toEqual([
      [0, 0],
      [0.5, 0],
      [0.5, 0.5],
      [0, 0.5],
      [0, 0],
    ]);
    expect(
      clipRing(
        [
          [2, 2],
          [3, 2],
          [3, 3],
          [2, 2],
        ],
        unit,
      ),
    ).toBeNull();
  });

  it('cuts a line into the pieces inside, one per visit', () => {
    // In, out over the top, back in and out to the right.
    const line = [
      [0.2, 0.5],
      [0.2, 1.5],
      [0.6, 1.5],
      [0.6, 0.5],
      [1.5, 0.5],
    ] as [number, number][];
    expect(clipLine(line, unit)).toEqual([
      [
        [0.2, 0.5],
        [0.2, 1],
      ],
      [
        [0.6, 1],
        [0.6, 0.5],
        [1, 0.5],
      ],
    ]);
    expect(
      clipLine(
        [
          [2, 2],
          [3, 3],
        ],
        unit,
      ),
    ).toEqual([]);
  });
});

describe('base map cells', () => {
  const cells = generateBaseMapCells(generateBaseMap());

  it('has a file for every cell of the grid, small enough for a phone, with land around a Norwegian fjord', () => {
    const { degrees, west, south, east, north } = baseMapCellGrid;
    expect(cells.size).toBe(((east - west) / degrees) * ((north - south) / degrees));
    const bergen = cells.get(baseMapCellFile(60, 5))!;
    const kinds = new Set(bergen.features.map((feature) => feature.properties?.kind));
    expect([...kinds].sort()).toEqual(['coast', 'land', 'town']);
    expect(bergen.features.some((feature) => feature.properties?.name === 'Bergen')).toBe(true);
    const largest = Math.max(...[...cells.values()].map((cell) => JSON.stringify(cell).length));
    expect(largest).toBeLessThan(20_000);
    // Open sea west of Norway: an empty file, not a missing one.
    expect(cells.get(baseMapCellFile(65, -10))?.features).toEqual([]);
  });

  it('names the cells a view touches, only inside the grid', () => {
    expect(
      cellFilesIn([
        [5.2, 60.4],
        [5.4, 60.6],
      ]),
    ).toEqual(['base-map/cells/60_5.json']);
    expect(
      cellFilesIn([
        [11.9, 55.9],
        [12.1, 56.1],
      ]),
    ).toEqual([
      'base-map/cells/55_11.json',
      'base-map/cells/55_12.json',
      'base-map/cells/56_11.json',
      'base-map/cells/56_12.json',
    ]);
    expect(
      cellFilesIn([
        [-80, -40],
        [-70, -30],
      ]),
    ).toEqual([]);
    expect(
      widenBounds(
        [
          [10, 50],
          [10, 50],
        ],
        1.5,
        0.02,
      ),
    ).toEqual([
      [9.98, 49.98],
      [10.02, 50.02],
    ]);
  });

  it('draws the cells with the same layers as the whole base map, each kind from its features', () => {
    const style = offlineCellsStyle({ type: 'FeatureCollection', features: [] });
    expect(style.layers.map((layer) => layer.id)).toContain('coast');
    expect(JSON.stringify(style.sources)).toContain('Natural Earth');
    expect(JSON.stringify(style.layers.find((layer) => layer.id === 'land'))).toContain('"kind"');
  });
});
