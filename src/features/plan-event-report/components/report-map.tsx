// The map of the plan-event report, loaded lazily (the engine is a chunk of its own): the stops coloured by
// status, the driven trail, and the truck live while it is on the road.
import type { FeatureCollection, LineString, Point } from 'geojson';
import { forwardRef, useCallback, useEffect, useMemo, useRef } from 'react';
import { Layer, Source, useMap } from '@/shared/map/engine';
import {
  LiveTrucksLayer,
  MapView,
  useMapHandle,
  type LngLat,
  type MapHandle,
  type MapViewState,
  type SubscribeToTrucks,
} from '@/shared/map';
import type { ReportStop } from '../api/plan-event-report';
import { decodePolyline } from '../polyline';
import { statusColours, type ReportStatus } from '../report-status';
import type { TruckFeed } from '@/shared/map/truck-feed';

/** Spec §9: the map fits the route points with padding 50; a single stop is shown at zoom 15. */
const FIT_PADDING = 50;
const SINGLE_STOP_ZOOM = 15;
const STOPS_SOURCE = 'report-stops';
const TRAIL_SOURCE = 'report-trail';
const TRAIL_COLOUR = '#5c7cfa';

interface StopProperties {
  position: number;
  status: ReportStatus;
  colour: string;
}

export interface ReportMapProps {
  stops: ReportStop[];
  trail: string;
  truck: TruckFeed;
  initialView: MapViewState;
}

const ReportMap = forwardRef<MapHandle, ReportMapProps>(function ReportMap({ stops, trail, truck, initialView }, ref) {
  const located = useMemo(() => stops.filter((s) => s.lat !== null && s.lng !== null), [stops]);
  const stopData = useMemo<FeatureCollection<Point, StopProperties>>(
    () => ({
      type: 'FeatureCollection',
      features: located.map((s) => ({
        type: 'Feature',
        properties: { position: s.position, status: s.status, colour: statusColours[s.status] },
        geometry: { type: 'Point', coordinates: [s.lng as number, s.lat as number] },
      })),
    }),
    [located],
  );
  const trailData = useMemo<FeatureCollection<LineString>>(() => {
    const line = decodePolyline(trail);
    return {
      type: 'FeatureCollection',
      features:
        line.length > 1
          ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line } }]
          : [],
    };
  }, [trail]);
  const subscribeTruck = useCallback<SubscribeToTrucks>(
    (onUpdate) => {
      const send = () => {
        const fix = truck.get();
        onUpdate(new Map(fix ? [['truck', { lat: fix.lat, lng: fix.lng }]] : []));
      };
      send();
      return truck.subscribe(send);
    },
    [truck],
  );
  const fitPoints = useMemo(() => located.map((s): LngLat => [s.lng as number, s.lat as number]), [located]);

  return (
    <MapView ref={ref} initialView={initialView} ariaLabel="Map of the plan event" className="plan-event-report__map">
      <Source id={TRAIL_SOURCE} type="geojson" data={trailData}>
        <Layer
          id="report-trail-line"
          type="line"
          paint={{ 'line-color': TRAIL_COLOUR, 'line-width': 4, 'line-opacity': 0.8 }}
        />
      </Source>
      <Source id={STOPS_SOURCE} type="geojson" data={stopData}>
        <Layer
          id="report-stops-circles"
          type="circle"
          paint={{
            'circle-radius': 7,
            'circle-color': ['get', 'colour'] as never,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
          }}
        />
      </Source>
      <LiveTrucksLayer id="report-truck" subscribe={subscribeTruck} />
      <FitOnOpen points={fitPoints} />
      <StopsLayerProbe />
    </MapView>
  );
});
export default ReportMap;

/** Once, when the map opens: every stop in view (a single stop at zoom 15). */
function FitOnOpen({ points }: { points: LngLat[] }) {
  const handle = useMapHandle();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || points.length === 0) return;
    fitted.current = true;
    handle.fitBounds(points, { padding: FIT_PADDING, maxZoom: SINGLE_STOP_ZOOM, duration: 0 });
  }, [handle, points]);
  return null;
}

/**
 * Writes what the stops' layer holds once the map is idle, as `data-stop-layer` on the map's box
 * ("position:status:colour", in order), and whether the trail is drawn (`data-trail`: "drawn" or "none"): what
 * the engine draws, readable by people's tools and by the tests.
 */
function StopsLayerProbe() {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return;
    const engine = map.getMap();
    const write = () => {
      if (!engine.getSource(STOPS_SOURCE)) return;
      const seen = new Map<number, string>();
      for (const feature of engine.querySourceFeatures(STOPS_SOURCE)) {
        const { position, status, colour } = feature.properties as StopProperties;
        seen.set(Number(position), `${position}:${status}:${colour}`);
      }
      const text = [...seen.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, value]) => value)
        .join(' ');
      const box = engine.getContainer().closest('[data-map-idle]');
      box?.setAttribute('data-stop-layer', text);
      box?.setAttribute(
        'data-trail',
        engine.getSource(TRAIL_SOURCE) && engine.querySourceFeatures(TRAIL_SOURCE).length > 0 ? 'drawn' : 'none',
      );
    };
    engine.on('idle', write);
    return () => void engine.off('idle', write);
  }, [map]);
  return null;
}
