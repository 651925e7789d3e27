// The Mapbox engine, for deployments that set VITE_MAP_ENGINE=mapbox and a Mapbox token (mapbox-gl 2+
// draws nothing without one and may only be used with Mapbox's services). Same exports as ./engine.ts.
import 'mapbox-gl/dist/mapbox-gl.css';
import mapboxgl from 'mapbox-gl';

export { Map, Source, Layer, useMap, AttributionControl, NavigationControl } from 'react-map-gl/mapbox';
export type { MapRef, MapMouseEvent as MapLayerMouseEvent } from 'react-map-gl/mapbox';

export const engineName: 'maplibre' | 'mapbox' = 'mapbox';

export const engineProps = {
  mapLib: mapboxgl,
  mapboxAccessToken: (import.meta.env.VITE_MAPBOX_TOKEN as string | undefined) ?? '',
};
