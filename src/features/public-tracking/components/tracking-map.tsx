import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Feature, FeatureCollection, Point } from 'geojson';
import {
  BaseMapCells,
  boundsOf,
  liveTrucksOverlay,
  LiveTrucksLayer,
  MapView,
  PathLayer,
  pointsLayerIds,
  pointsOverlay,
  PointsLayer,
  useLocalMapStyle,
  withOverlays,
  type LngLat,
  type LocalMapStyle,
  type MapHandle,
  type SubscribeToTrucks,
  type PointStyleProperties,
  type TruckPositions,
} from '@/shared/map';
import type { TruckFeed } from '@/shared/map/truck-feed';
import type { OwnLocation } from '../live/use-own-location';
import { openingPoints, stopPoints } from '../model/map-points';
import { wayToStop } from '../model/way-to-stop';
import type { NearbyStop, TrackingStop } from '../model/tracking-stop';
import type { TrackingTexts } from '../texts';

/** Spec 9: recentre zooms to 15; the tracking map keeps between 7 and 18; fit-bounds padding 150. */
const RECENTRE_ZOOM = 15;
const MIN_ZOOM = 7;
const MAX_ZOOM = 18;
const FIT_PADDING = 150;
const STOPS = 'tracking-stops';
const TRUCK = 'tracking-truck';
const WAY = 'tracking-way';

/** A nearby stop carries its uuid; the customer's own stop none. */
interface StopProps extends PointStyleProperties {
  uuid?: string;
}

function pointOf(lat: number | null, lng: number | null): LngLat | null {
  return lat === null || lng === null ? null : [lng, lat];
}

function truckOf(feed: TruckFeed): TruckPositions {
  const fix = feed.get();
  return new Map(
    fix ? [['truck', { lat: fix.lat, lng: fix.lng, ...(fix.heading === null ? {} : { heading: fix.heading }) }]] : [],
  );
}

type TrackingMapProps = {
  texts: TrackingTexts;
  stop: TrackingStop;
  visited: ReadonlySet<number>;
  feed: TruckFeed;
  ownLocation: OwnLocation | null;
  onSelectNearby: (stop: NearbyStop) => void;
  /** Once the map has first drawn everything and rests, or cannot draw (MapView's onReady). */
  onMapReady?: () => void;
};

/** The tracking map once the base map around what it opens on is in (fetched while the engine still loads). */
export default function TrackingMap(props: TrackingMapProps) {
  const fitPoints = useMemo(() => stopPoints(props.stop), [props.stop]);
  const local = useLocalMapStyle(openingPoints(fitPoints, props.feed));
  if (!local) return <div className="tracking-map tracking-map--loading" />;
  return <TrackingMapView {...props} local={local} fitPoints={fitPoints} />;
}

/**
 * The tracking map (loaded lazily with the map engine): the customer's stop (grey once visited), the nearby
 * stops (tap for their window), the truck live, the customer's own location, and the two recentre buttons.
 */
function TrackingMapView({
  texts,
  stop,
  visited,
  feed,
  ownLocation,
  onSelectNearby,
  onMapReady,
  local,
  fitPoints,
}: TrackingMapProps & {
  local: LocalMapStyle;
  fitPoints: LngLat[];
}) {
  const map = useRef<MapHandle>(null);
  const stopPoint = useMemo(() => pointOf(stop.lat, stop.lng), [stop.lat, stop.lng]);
  const nearby = useMemo(
    () => stop.nearby_points.filter((n) => n.lat !== null && n.lng !== null),
    [stop.nearby_points],
  );

  // The nearby stops and the customer's stop in one source (own stop last, drawn on top): each source is a
  // round trip to the engine's worker per tile (data, tile, label images) and frames before the map rests.
  const stopsData = useMemo<FeatureCollection<Point, StopProps>>(
    () => ({
      type: 'FeatureCollection',
      features: [
        ...nearby.map((n): Feature<Point, StopProps> => ({
          type: 'Feature',
          properties: { uuid: n.uuid, variant: visited.has(n.position) ? 'stop-visited' : 'stop' },
          geometry: { type: 'Point', coordinates: [n.lng as number, n.lat as number] },
        })),
        ...(stopPoint
          ? [
              {
                type: 'Feature' as const,
                properties: {
                  variant: visited.has(stop.position) ? ('stop-visited' as const) : ('selected' as const),
                  label: texts.yourStop,
                },
                geometry: { type: 'Point' as const, coordinates: stopPoint },
              },
            ]
          : []),
      ],
    }),
    [nearby, visited, stopPoint, stop.position, texts.yourStop],
  );

  const me = useMemo<FeatureCollection<Point, PointStyleProperties>>(
    () => ({
      type: 'FeatureCollection',
      features: ownLocation
        ? [
            {
              type: 'Feature',
              properties: { label: texts.yourLocation },
              geometry: { type: 'Point', coordinates: [ownLocation.lng, ownLocation.lat] },
            },
          ]
        : [],
    }),
    [ownLocation, texts.yourLocation],
  );

  const subscribeTruck = useCallback<SubscribeToTrucks>(
    (onUpdate) => {
      const send = () => onUpdate(truckOf(feed));
      send();
      return feed.subscribe(send);
    },
    [feed],
  );

  // The truck's way to the stop through the stops still before it, redrawn as the truck moves (issue 25 item 14).
  const [truckAt, setTruckAt] = useState<LngLat | null>(() => {
    const fix = feed.get();
    return fix ? [fix.lng, fix.lat] : null;
  });
  useEffect(() => feed.subscribe((fix) => setTruckAt([fix.lng, fix.lat])), [feed]);
  const way = useMemo(() => wayToStop(stop, visited, truckAt), [stop, visited, truckAt]);

  const byUuid = useMemo(() => new Map(nearby.map((n) => [n.uuid, n])), [nearby]);
  const selectNearby = useCallback(
    (feature: Feature<Point, StopProps>) => {
      const chosen = feature.properties.uuid === undefined ? undefined : byUuid.get(feature.properties.uuid);
      if (chosen) onSelectNearby(chosen);
    },
    [byUuid, onSelectNearby],
  );

  const initialView = stopPoint
    ? { longitude: stopPoint[0], latitude: stopPoint[1], zoom: RECENTRE_ZOOM - 1 }
    : { longitude: 10.5, latitude: 56, zoom: MIN_ZOOM };
  // How the map opens, made once: a fit around the customer's stop and the truck (issue 25 item 14) as the map's first
  // view, and the points already in its style, so the engine lays everything out in one pass and comes to rest
  // in fewer frames (no camera move, no source added, no setData after load). The minute's refresh never takes
  // the view from the customer.
  const [opening] = useState(() => {
    const truck = truckOf(feed);
    const fit = openingPoints(fitPoints, feed);
    const bounds = boundsOf(fit);
    return {
      fit,
      stops: stopsData,
      truck,
      bounds: bounds ? { bounds, padding: FIT_PADDING, maxZoom: RECENTRE_ZOOM } : undefined,
      style: withOverlays(local.style, [pointsOverlay(STOPS, stopsData), liveTrucksOverlay(TRUCK, truck)]),
    };
  });

  return (
    <div
      className="tracking-map"
      data-opening-fit={opening.fit.map(([lng, lat]) => `${lat.toFixed(5)},${lng.toFixed(5)}`).join(' ')}
      data-way={way.map(([lng, lat]) => `${lat.toFixed(5)},${lng.toFixed(5)}`).join(' ')}
    >
      <MapView
        ref={map}
        progressive
        initialView={initialView}
        initialBounds={opening.bounds}
        style={opening.style}
        onReady={onMapReady}
        credits={local.credits}
        ariaLabel={texts.yourStop}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        className="tracking-map__view"
      >
        {local.cells ? <BaseMapCells baseUrl={local.baseUrl} initialFiles={local.cellFiles} /> : null}
        <PathLayer id={WAY} coordinates={way} beforeId={pointsLayerIds(STOPS).circles} />
        <PointsLayer
          id={STOPS}
          data={stopsData}
          inStyle={opening.stops}
          onClick={selectNearby}
          list={{
            label: texts.nearbyStop,
            listed: (f) => f.properties.uuid !== undefined,
            itemText: (f) => (f.properties.uuid === undefined ? '' : (byUuid.get(f.properties.uuid)?.address ?? '')),
          }}
        />
        {/* Only once known: an empty source is one more round trip to the engine's worker before the map rests. */}
        {ownLocation ? (
          <PointsLayer id="tracking-me" data={me} paint={{ 'circle-color': '#228be6', 'circle-radius': 6 }} />
        ) : null}
        <LiveTrucksLayer id={TRUCK} subscribe={subscribeTruck} inStyle={opening.truck} />
      </MapView>
      <div className="tracking-map__buttons">
        <button
          type="button"
          className="tracking-button"
          onClick={() => {
            const fix = feed.get();
            if (fix) map.current?.flyTo([fix.lng, fix.lat], RECENTRE_ZOOM);
          }}
        >
          {texts.showTruck}
        </button>
        <button
          type="button"
          className="tracking-button"
          disabled={!stopPoint}
          onClick={() => {
            if (stopPoint) map.current?.flyTo(stopPoint, RECENTRE_ZOOM);
          }}
        >
          {texts.showStop}
        </button>
      </div>
    </div>
  );
}
