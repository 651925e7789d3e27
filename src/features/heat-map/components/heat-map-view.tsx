// The heat map's map, loaded lazily (the engine is a chunk of its own): revenue and visits as two heatmap layers
// over one source of places, and the places as pins; the toggles show and hide layers without reloading data.
import type { FeatureCollection, Point } from 'geojson';
import { useEffect, useMemo, useRef } from 'react';
import { Layer, Source, useMap } from '@/shared/map/engine';
import { MapView, useMapHandle, type LngLat, type MapViewState } from '@/shared/map';
import { useMarkMapBusy } from '@/shared/map/map-handle';
import type { HeatMapPoint } from '../api/heat-map';
import { heatMapLayers, type HeatMapLayer } from '../heat-map-layers';

/** Spec §9: the map fits the extent of its points with padding 30; one place alone at zoom 15. */
const FIT_PADDING = 30;
const SINGLE_POINT_ZOOM = 15;
const SOURCE = 'heat-map-places';
const LAYER_IDS: Record<HeatMapLayer, string> = {
  revenue: 'heat-map-revenue',
  visited: 'heat-map-visited',
  pins: 'heat-map-pins',
};

interface PlaceProperties {
  /** Revenue and visits as shares of the busiest place's (0–1): the heat layers' weights. */
  revenueShare: number;
  visitShare: number;
  visits: number;
}

// Colours by density (spec §9): transparent where nothing happened, warming to red where most did.
const revenueRamp = [
  'interpolate',
  ['linear'],
  ['heatmap-density'],
  0,
  'rgba(255,255,178,0)',
  0.2,
  '#fecc5c',
  0.5,
  '#fd8d3c',
  0.8,
  '#f03b20',
  1,
  '#bd0026',
];
const visitedRamp = [
  'interpolate',
  ['linear'],
  ['heatmap-density'],
  0,
  'rgba(237,248,251,0)',
  0.2,
  '#b2e2e2',
  0.5,
  '#66c2a4',
  0.8,
  '#2ca25f',
  1,
  '#006d2c',
];
const heatPaint = (weight: string, ramp: unknown[]) => ({
  'heatmap-weight': ['get', weight] as never,
  'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 5, 1, 15, 3] as never,
  'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 5, 8, 15, 40] as never,
  'heatmap-color': ramp as never,
  'heatmap-opacity': 0.8,
});

export interface HeatMapViewProps {
  points: HeatMapPoint[];
  shown: ReadonlySet<HeatMapLayer>;
  initialView: MapViewState;
}

export default function HeatMapView({ points, shown, initialView }: HeatMapViewProps) {
  const data = useMemo<FeatureCollection<Point, PlaceProperties>>(() => {
    const maxRevenue = Math.max(0, ...points.map((p) => p.revenue));
    const maxVisits = Math.max(0, ...points.map((p) => p.visits));
    return {
      type: 'FeatureCollection',
      features: points.map((p) => ({
        type: 'Feature',
        properties: {
          revenueShare: maxRevenue > 0 ? p.revenue / maxRevenue : 0,
          visitShare: maxVisits > 0 ? p.visits / maxVisits : 0,
          visits: p.visits,
        },
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      })),
    };
  }, [points]);
  const fitPoints = useMemo(() => points.map((p): LngLat => [p.lng, p.lat]), [points]);
  const visibility = (layer: HeatMapLayer) => (shown.has(layer) ? 'visible' : 'none');

  return (
    <MapView initialView={initialView} ariaLabel="Heat map" className="heat-map__map">
      {/* generateId numbers the places, so the probe counts each once though tiles repeat it. */}
      <Source id={SOURCE} type="geojson" data={data} generateId>
        <Layer
          id={LAYER_IDS.revenue}
          type="heatmap"
          layout={{ visibility: visibility('revenue') }}
          paint={heatPaint('revenueShare', revenueRamp)}
        />
        <Layer
          id={LAYER_IDS.visited}
          type="heatmap"
          layout={{ visibility: visibility('visited') }}
          paint={heatPaint('visitShare', visitedRamp)}
        />
        <Layer
          id={LAYER_IDS.pins}
          type="circle"
          layout={{ visibility: visibility('pins') }}
          paint={{
            'circle-radius': 5,
            'circle-color': ['case', ['>', ['get', 'visits'], 0], '#1c7ed6', '#9aa1a9'] as never,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1.5,
          }}
        />
      </Source>
      <FitOnOpen points={fitPoints} />
      <LayersProbe shown={shown} />
    </MapView>
  );
}

/** Once, when the map opens: every place in view. */
function FitOnOpen({ points }: { points: LngLat[] }) {
  const handle = useMapHandle();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || points.length === 0) return;
    fitted.current = true;
    handle.fitBounds(points, { padding: FIT_PADDING, maxZoom: SINGLE_POINT_ZOOM, duration: 0 });
  }, [handle, points]);
  return null;
}

/**
 * Writes what the engine draws once it is idle, on the map's box: `data-heat-layers` (the layers it shows, in
 * toggle order) and `data-heat-places` (the places in its source), for people's tools and the tests.
 */
function LayersProbe({ shown }: { shown: ReadonlySet<HeatMapLayer> }) {
  const { current: map } = useMap();
  const markBusy = useMarkMapBusy();
  // A toggle redraws: the box is not idle until the engine says so again.
  useEffect(() => markBusy(), [shown, markBusy]);
  useEffect(() => {
    if (!map) return;
    const engine = map.getMap();
    const write = () => {
      if (!engine.getSource(SOURCE)) return;
      const visible = heatMapLayers.filter(
        (layer) =>
          engine.getLayer(LAYER_IDS[layer]) && engine.getLayoutProperty(LAYER_IDS[layer], 'visibility') !== 'none',
      );
      const box = engine.getContainer().closest('[data-map-idle]');
      box?.setAttribute('data-heat-layers', visible.join(' '));
      box?.setAttribute(
        'data-heat-places',
        String(new Set(engine.querySourceFeatures(SOURCE).map((feature) => feature.id)).size),
      );
    };
    engine.on('idle', write);
    return () => void engine.off('idle', write);
  }, [map]);
  return null;
}
