import { describe, expect, it } from 'vitest';
import { emptyPoint, type EditorPoint } from '../../src/features/route-points/editor-state.ts';
import {
  GRID_RATIO,
  gridPageViews,
  isValidGrid,
  PRINT_MAX_ZOOM,
  PRINT_PAGE,
} from '../../src/features/route-points/print/print-grid.ts';
import { printableRows } from '../../src/features/route-points/print/printable-points.ts';

const point = (over: Partial<EditorPoint>): EditorPoint => ({ ...emptyPoint(), ...over });

describe('printable route table rows', () => {
  it('numbers the addressed points, prints the custom address when flagged, wait time as hh:mm and B2B customers as shop id plus name', () => {
    const rows = printableRows([
      point({
        address: 'Vej 1',
        custom_address: 'Gården',
        use_custom_address: true,
        wait_time: 1.5,
        arrival_time: '08:05',
        private_comment: 'Bag',
        b2b_customers: [
          { id: 1, shop_id: 'S1', name: 'Super' },
          { id: 2, shop_id: null, name: 'Kiosk' },
        ],
      }),
      point({ address: 'Vej 2', custom_address: 'Ignored', use_custom_address: false, wait_time: 0.25 }),
      point({ address: '' }),
    ]);
    expect(rows.map(({ key: _key, ...row }) => row)).toEqual([
      {
        index: 1,
        address: 'Gården',
        waitTime: '01:30',
        arrivalTime: '08:05',
        comment: 'Bag',
        b2bCustomers: ['S1 Super', 'Kiosk'],
      },
      { index: 2, address: 'Vej 2', waitTime: '00:15', arrivalTime: '', comment: '', b2bCustomers: [] },
    ]);
  });
});

describe('print map grid', () => {
  it('takes 1 to 4 rows and columns, whole numbers only', () => {
    expect(isValidGrid(1, 4)).toBe(true);
    expect(isValidGrid(4, 4)).toBe(true);
    for (const [rows, columns] of [
      [0, 1],
      [5, 1],
      [1, 5],
      [2.5, 1],
      [Number.NaN, 1],
    ])
      expect(isValidGrid(rows!, columns!)).toBe(false);
    expect(gridPageViews([[10, 56]], 5, 1)).toEqual([]);
  });

  it("cuts the stops' extent into rows × columns pages of one zoom, row by row from the north-west", () => {
    const stops: Array<[number, number]> = [
      [10.1, 56.1],
      [10.3, 56.2],
      [10.2, 56.3],
    ];
    const views = gridPageViews(stops, 2, 3);
    expect(views.map(({ row, column }) => [row, column])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(new Set(views.map((v) => v.zoom)).size).toBe(1);
    expect(views[0]!.longitude).toBeLessThan(views[1]!.longitude);
    expect(views[0]!.latitude).toBeGreaterThan(views[3]!.latitude);
    // Neighbouring pages touch: a page's centre is one page width (in pixels at its zoom) from the next.
    const x = (lng: number) => ((lng + 180) / 360) * 512 * 2 ** views[0]!.zoom;
    const cellWidthPx = x(views[1]!.longitude) - x(views[0]!.longitude);
    expect(cellWidthPx).toBeLessThanOrEqual(PRINT_PAGE.width + 1e-6);
    // Every stop lies inside the grid.
    const west = x(views[0]!.longitude) - cellWidthPx / 2;
    const east = x(views[2]!.longitude) + cellWidthPx / 2;
    for (const [lng] of stops) expect(x(lng)).toBeGreaterThan(west);
    for (const [lng] of stops) expect(x(lng)).toBeLessThan(east);
    expect(GRID_RATIO).toBe(0.6842);
  });

  it('never zooms beyond 18 while printing; a lone stop is shown at zoom 15', () => {
    expect(
      gridPageViews(
        [
          [10.2, 56.15],
          [10.2000001, 56.1500001],
        ],
        1,
        1,
      )[0]!.zoom,
    ).toBe(PRINT_MAX_ZOOM);
    expect(gridPageViews([[10.2, 56.15]], 1, 1)[0]!.zoom).toBeCloseTo(15, 6);
  });
});
