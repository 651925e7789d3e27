// The print map's grid (delivery-operations §9): rows × columns of 1–4 pages, each page 840 × 1188 px showing
// its share of the route's extent. The extent is stretched to the grid's shape, every cell being GRID_RATIO
// wide for 1 high (in Web Mercator), then cut into equal cells; each cell is drawn at the zoom that fits it on
// its page, never beyond the printing max zoom.
import type { LngLat } from '@/shared/map';

export const PRINT_PAGE = { width: 840, height: 1188 } as const;
export const GRID_RATIO = 0.6842;
export const PRINT_MAX_ZOOM = 18;
/** The zoom a lone stop is shown at (§9). */
const SINGLE_STOP_ZOOM = 15;
export const GRID_MIN = 1;
export const GRID_MAX = 4;
export const GRID_RANGE_TEXT = 'Rows and columns count must be between 1 and 4.';

/** Both counts whole numbers from 1 to 4. */
export function isValidGrid(rows: number, columns: number): boolean {
  return [rows, columns].every((n) => Number.isInteger(n) && n >= GRID_MIN && n <= GRID_MAX);
}

export interface PageView {
  row: number;
  column: number;
  longitude: number;
  latitude: number;
  zoom: number;
}

/** Tile size of the engines: the world is 512 px wide at zoom 0. */
const WORLD_PX = 512;

const toX = (lng: number) => (lng + 180) / 360;
const toY = (lat: number) => {
  const s = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
};
const toLng = (x: number) => x * 360 - 180;
const toLat = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** The view of each page, row by row from the north-west; empty when there is nothing to show. */
export function gridPageViews(points: readonly LngLat[], rows: number, columns: number): PageView[] {
  const valid = points.filter(([lng, lat]) => Number.isFinite(lng) && Number.isFinite(lat));
  if (valid.length === 0 || !isValidGrid(rows, columns)) return [];
  const xs = valid.map(([lng]) => toX(lng));
  const ys = valid.map(([, lat]) => toY(lat));
  let [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // A lone stop (or stops on one spot) is shown at zoom 15 on the whole grid.
  const minHeight = (PRINT_PAGE.height * rows) / (WORLD_PX * 2 ** SINGLE_STOP_ZOOM);
  // A margin around the stops, so none is printed on a page's edge.
  const margin = Math.max(x1 - x0, y1 - y0) * 0.05;
  x0 -= margin;
  x1 += margin;
  y0 -= margin;
  y1 += margin;
  let width = x1 - x0;
  let height = Math.max(y1 - y0, width === 0 ? minHeight : 0);
  const shape = (columns * GRID_RATIO) / rows;
  if (width / height < shape) width = height * shape;
  else height = width / shape;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const cellWidth = width / columns;
  const cellHeight = height / rows;
  const zoom = Math.min(
    PRINT_MAX_ZOOM,
    Math.log2(Math.min(PRINT_PAGE.width / (cellWidth * WORLD_PX), PRINT_PAGE.height / (cellHeight * WORLD_PX))),
  );
  const views: PageView[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const x = cx - width / 2 + (column + 0.5) * cellWidth;
      const y = cy - height / 2 + (row + 0.5) * cellHeight;
      views.push({ row, column, longitude: toLng(x), latitude: toLat(y), zoom });
    }
  }
  return views;
}
