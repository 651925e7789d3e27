import { z } from 'zod';

/** Map settings taken from the build's environment. */
export interface MapConfig {
  /** 'mapbox' only where a deployment sets a Mapbox token; MapLibre otherwise. */
  engine: 'maplibre' | 'mapbox';
  /** A hosted style (vector tiles or self-hosted PMTiles) for production; none: the offline base map. */
  styleUrl?: string;
  /** Where the app is served from (the offline base map's files lie below it). */
  baseUrl: string;
}

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const mapEnvSchema = z.object({
  VITE_MAP_ENGINE: z.preprocess(emptyAsUnset, z.enum(['maplibre', 'mapbox']).default('maplibre')),
  VITE_MAP_STYLE_URL: z.preprocess(emptyAsUnset, z.string().regex(/^(https?|mapbox|pmtiles):\/\//).optional()),
  BASE_URL: z.preprocess(emptyAsUnset, z.string().default('/')),
});

export function parseMapConfig(raw: Record<string, unknown>): MapConfig {
  const parsed = mapEnvSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid map settings: ${z.prettifyError(parsed.error)}`);
  return { engine: parsed.data.VITE_MAP_ENGINE, styleUrl: parsed.data.VITE_MAP_STYLE_URL, baseUrl: parsed.data.BASE_URL };
}
