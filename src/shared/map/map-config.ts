/** Map settings taken from the build's environment. */
export interface MapConfig {
  /** 'mapbox' only where a deployment sets a Mapbox token; MapLibre otherwise. */
  engine: 'maplibre' | 'mapbox';
  /** A hosted style (vector tiles or self-hosted PMTiles) for production; none: the offline base map. */
  styleUrl?: string;
  /** Where the app is served from (the offline base map's files lie below it). */
  baseUrl: string;
}

// By hand rather than with zod: every map screen loads this with the engine, the tracking page on a phone's
// network too (zod is 22 KB brotli of its download).
const setting = (raw: Record<string, unknown>, key: string): unknown => (raw[key] === '' ? undefined : raw[key]);
const STYLE_URL = /^(https?|mapbox|pmtiles):\/\//;

export function parseMapConfig(raw: Record<string, unknown>): MapConfig {
  const engine = setting(raw, 'VITE_MAP_ENGINE') ?? 'maplibre';
  const styleUrl = setting(raw, 'VITE_MAP_STYLE_URL');
  const baseUrl = setting(raw, 'BASE_URL') ?? '/';
  const invalid = (what: string) => new Error(`Invalid map settings: ${what}`);
  if (engine !== 'maplibre' && engine !== 'mapbox')
    throw invalid(`VITE_MAP_ENGINE must be maplibre or mapbox, not ${String(engine)}`);
  if (styleUrl !== undefined && (typeof styleUrl !== 'string' || !STYLE_URL.test(styleUrl))) {
    throw invalid('VITE_MAP_STYLE_URL must be an http(s), mapbox or pmtiles URL');
  }
  if (typeof baseUrl !== 'string') throw invalid('BASE_URL must be a path');
  return { engine, styleUrl, baseUrl };
}
