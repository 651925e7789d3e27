// The map engine: MapLibre, the default everywhere. A build with VITE_MAP_ENGINE=mapbox resolves this
// module to ./engine-mapbox.ts instead (vite.config.ts), so the rest of the map code never names an engine.
import 'maplibre-gl/dist/maplibre-gl.css';
import maplibregl from 'maplibre-gl';

export { Map, Source, Layer, useMap, AttributionControl, NavigationControl } from 'react-map-gl/maplibre';
export type { MapRef, MapLayerMouseEvent, MapGeoJSONFeature, StyleSpecification } from 'react-map-gl/maplibre';

export const engineName: 'maplibre' | 'mapbox' = 'maplibre';

/**
 * A static import: this module is only ever loaded lazily (src/shared/map/index.ts), so the engine still comes
 * after the page's first content, but in the same wave as the map's own chunk instead of after it has run.
 */
export const engineProps = { mapLib: maplibregl };

// This module loads only when a map is about to show: its worker (which parses the whole engine again) starts
// now, while React still mounts the map, rather than when the map is made.
maplibregl.prewarm();
