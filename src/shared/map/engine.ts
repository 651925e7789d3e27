// The map engine: MapLibre, the default everywhere. A build with VITE_MAP_ENGINE=mapbox resolves this
// module to ./engine-mapbox.ts instead (vite.config.ts), so the rest of the map code never names an engine.
import 'maplibre-gl/dist/maplibre-gl.css';

export { Map, Source, Layer, useMap, AttributionControl, NavigationControl } from 'react-map-gl/maplibre';
export type { MapRef, MapLayerMouseEvent, MapGeoJSONFeature, StyleSpecification } from 'react-map-gl/maplibre';

export const engineName: 'maplibre' | 'mapbox' = 'maplibre';

/** Loaded on first use, so the engine lands in its own chunk after the page's first content. */
export const engineProps = { mapLib: import('maplibre-gl') };
