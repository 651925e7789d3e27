import type { StyleSpecification } from 'maplibre-gl';
import { parseMapConfig, type MapConfig } from './map-config';
import { offlineStyle } from './offline-style';

const mapboxDefaultStyle = 'mapbox://styles/mapbox/streets-v12';

export const mapConfig: MapConfig = parseMapConfig(import.meta.env);

/** True when maps draw the offline base map (no style URL, the MapLibre engine). */
export const drawsOfflineBaseMap = (config: MapConfig = mapConfig) => !config.styleUrl && config.engine !== 'mapbox';

/** Where the offline base map's files lie. */
export const offlineBaseUrl = (config: MapConfig = mapConfig, origin: string = window.location.origin) =>
  new URL(config.baseUrl, origin).href;

/**
 * The style every map draws: the configured style URL in production, Mapbox's streets style on the
 * Mapbox engine without one, else the offline base map served with the app.
 */
export function mapStyle(
  config: MapConfig = mapConfig,
  origin: string = window.location.origin,
): StyleSpecification | string {
  if (config.styleUrl) return config.styleUrl;
  if (config.engine === 'mapbox') return mapboxDefaultStyle;
  return offlineStyle(offlineBaseUrl(config, origin));
}
