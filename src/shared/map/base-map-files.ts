/** The offline base map's files below the app's base URL (tools/base-map generates them at build time). */
export const baseMapFiles = {
  land: 'base-map/land.json',
  borders: 'base-map/borders.json',
  towns: 'base-map/towns.json',
} as const;

/**
 * The same base map cut into cells of whole degrees (land, coast, borders and towns of one cell per file), for a
 * map that shows a small area and must draw it fast on a phone (the tracking page): it fetches a few KB for the
 * cells in view instead of the whole map. Every cell of the grid has a file (an empty one at sea), so a map never
 * asks for one that is not there. The grid covers the tenants' countries and their neighbours.
 */
export const baseMapCellGrid = { degrees: 1, west: -10, south: 35, east: 45, north: 72 } as const;

/** The file of the cell whose south-west corner is (south, west), both whole multiples of the cell size. */
export const baseMapCellFile = (south: number, west: number) => `base-map/cells/${south}_${west}.json`;
