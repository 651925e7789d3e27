import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Feature, FeatureCollection, Point } from 'geojson';
import { BaseMapCells, LiveTrucksLayer, MapView, PointsLayer, useLocalMapStyle, useMapHandle, type LngLat, type MapHandle, type SubscribeToTrucks, type PointStyleProperties } from '@/shared/map';
import type { TruckFeed } from '@/shared/map/truck-feed';
import type { OwnLocation } from '../live/use-own-location';
import { openingPoints, stopPoints } from '../model/map-points';
import type { NearbyStop, TrackingStop } from '../model/tracking-stop';
import type { TrackingTexts } from '../texts';

/** Spec 9: recentre zooms to 15; the tracking map keeps between 7 and 18; fit-bounds padding 150. */
const RECENTRE_ZOOM = 15;
const MIN_ZOOM = 7;
const MAX_ZOOM = 18;
const FIT_PADDING = 150;

interface NearbyProps extends PointStyleProperties {
  uuid: string;
}

function pointOf(lat: number | null, lng: number | null): LngLat | null {
  return lat === null || lng === null ? null : [lng, lat];
}

/**
 * The tracking map (loaded lazily with the map engine): the customer's stop (grey once visited), the nearby
 * stops (tap for their window), the truck live, the customer's own location, and the two recentre buttons.
 */
export default function TrackingMap({ texts, stop, visited, feed, ownLocation, onSelectNearby }: {
  texts: TrackingTexts;
  stop: TrackingStop;
  visited: ReadonlySet<number>;
  feed: TruckFeed;
  ownLocation: OwnLocation | null;
  onSelectNearby: (stop: NearbyStop) => void;
}) {
  const map = useRef<MapHandle>(null);
  const stopPoint = useMemo(() => pointOf(stop.lat, stop.lng), [stop.lat, stop.lng]);
  const nearby = useMemo(() => stop.nearby_points.filter((n) => n.lat !== null && n.lng !== null), [stop.nearby_points]);

  const ownStop = useMemo<FeatureCollection<Point, PointStyleProperties>>(() => ({
    type: 'FeatureCollection',
    features: stopPoint ? [{
      type: 'Feature',
      properties: { variant: visited.has(stop.position) ? 'stop-visited' : 'selected', label: texts.yourStop },
      geometry: { type: 'Point', coordinates: stopPoint },
    }] : [],
  }), [stopPoint, visited, stop.position, texts.yourStop]);

  const nearbyPoints = useMemo<FeatureCollection<Point, NearbyProps>>(() => ({
    type: 'FeatureCollection',
    features: nearby.map((n) => ({
      type: 'Feature',
      properties: { uuid: n.uuid, variant: visited.has(n.position) ? 'stop-visited' : 'stop' },
      geometry: { type: 'Point', coordinates: [n.lng as number, n.lat as number] },
    })),
  }), [nearby, visited]);

  const me = useMemo<FeatureCollection<Point, PointStyleProperties>>(() => ({
    type: 'FeatureCollection',
    features: ownLocation ? [{
      type: 'Feature',
      properties: { label: texts.yourLocation },
      geometry: { type: 'Point', coordinates: [ownLocation.lng, ownLocation.lat] },
    }] : [],
  }), [ownLocation, texts.yourLocation]);

  const subscribeTruck = useCallback<SubscribeToTrucks>((onUpdate) => {
    const send = () => {
      const fix = feed.get();
      onUpdate(new Map(fix ? [['truck', { lat: fix.lat, lng: fix.lng, ...(fix.heading === null ? {} : { heading: fix.heading }) }]] : []));
    };
    send();
    return feed.subscribe(send);
  }, [feed]);

  const fitPoints = useMemo(() => stopPoints(stop), [stop]);

  const byUuid = useMemo(() => new Map(nearby.map((n) => [n.uuid, n])), [nearby]);
  const selectNearby = useCallback((feature: Feature<Point, NearbyProps>) => {
    const chosen = byUuid.get(feature.properties.uuid);
    if (chosen) onSelectNearby(chosen);
  }, [byUuid, onSelectNearby]);

  const initialView = stopPoint
    ? { longitude: stopPoint[0], latitude: stopPoint[1], zoom: RECENTRE_ZOOM - 1 }
    : { longitude: 10.5, latitude: 56, zoom: MIN_ZOOM };
  // The base map around what the map opens on (FitOnOpen), fetched while the engine still loads.
  const local = useLocalMapStyle(openingPoints(fitPoints, feed));
  if (!local) return <div className="tracking-map tracking-map--loading" />;

  return (
    <div className="tracking-map">
      <MapView ref={map} initialView={initialView} style={local.style} ariaLabel={texts.yourStop} minZoom={MIN_ZOOM} maxZoom={MAX_ZOOM} className="tracking-map__view">
        {local.cells ? <BaseMapCells baseUrl={local.baseUrl} initialFiles={local.cellFiles} /> : null}
        <PointsLayer
          id="tracking-nearby"
          data={nearbyPoints}
          onClick={selectNearby}
          list={{ label: texts.nearbyStop, itemText: (f) => byUuid.get(f.properties.uuid)?.address ?? '' }}
        />
        <PointsLayer id="tracking-own-stop" data={ownStop} />
        {/* Only once known: an empty source is one more round trip to the engine's worker before the map rests. */}
        {ownLocation ? <PointsLayer id="tracking-me" data={me} paint={{ 'circle-color': '#228be6', 'circle-radius': 6 }} /> : null}
        <LiveTrucksLayer id="tracking-truck" subscribe={subscribeTruck} />
        <FitOnOpen points={fitPoints} feed={feed} />
      </MapView>
      <div className="tracking-map__buttons">
        <button type="button" className="tracking-button" onClick={() => {
          const fix = feed.get();
          if (fix) map.current?.flyTo([fix.lng, fix.lat], RECENTRE_ZOOM);
        }}>{texts.showTruck}</button>
        <button type="button" className="tracking-button" disabled={!stopPoint} onClick={() => {
          if (stopPoint) map.current?.flyTo(stopPoint, RECENTRE_ZOOM);
        }}>{texts.showStop}</button>
      </div>
    </div>
  );
}

/**
 * Spec 4: when the map opens it is fitted to all stops (and the truck when it is known); once, so the minute's
 * refresh never takes the view from the customer. A child of the map, so the engine exists when it runs.
 */
function FitOnOpen({ points, feed }: { points: LngLat[]; feed: TruckFeed }) {
  const handle = useMapHandle();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current) return;
    fitted.current = true;
    handle.fitBounds(openingPoints(points, feed), { padding: FIT_PADDING, maxZoom: RECENTRE_ZOOM, duration: 0 });
  }, [handle, points, feed]);
  return null;
}
