/** The offline base map's files below the app's base URL (tools/base-map generates them at build time). */
export const baseMapFiles = { land: 'base-map/land.json', borders: 'base-map/borders.json', towns: 'base-map/towns.json' } as const;
