import type { FeatureCollection, Point } from 'geojson';
import { useEffect, useMemo, useRef } from 'react';
import { MapView, PointsLayer, tenantMapDefaults, type MapHandle, type PointStyleProperties } from '@/shared/map';
import type { StopsMapProps } from './stops-map-slot';

interface StopProperties extends PointStyleProperties {
  routePointId: number;
  address: string;
}

/** Zoom when a stop is picked on the map (spec §9); fit-bounds padding of the public pages. */
const STOP_ZOOM = 14;
const FIT_PADDING = 150;

/** The stops near the searched address on the map: the selected one highlighted; a click selects a stop. */
export default function StopsMap({ site, stops, selectedId, origin, onSelect, label }: StopsMapProps) {
  const handle = useRef<MapHandle>(null);
  const data = useMemo<FeatureCollection<Point, StopProperties>>(
    () => ({
      type: 'FeatureCollection',
      features: stops.map((stop) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [stop.lng, stop.lat] },
        properties: {
          routePointId: stop.routePointId,
          address: stop.address,
          variant: stop.routePointId === selectedId ? 'selected' : 'stop',
        },
      })),
    }),
    [stops, selectedId],
  );

  // A new list of stops (a new address): show them all, and the address.
  useEffect(() => {
    if (stops.length === 0) return;
    const points: Array<[number, number]> = stops.map((stop) => [stop.lng, stop.lat]);
    if (origin) points.push([origin.lng, origin.lat]);
    handle.current?.fitBounds(points, { padding: FIT_PADDING });
  }, [stops, origin]);

  return (
    <MapView ref={handle} className="stops-map" ariaLabel={label} initialView={tenantMapDefaults(site)}>
      <PointsLayer
        id="public-stops"
        data={data}
        onClick={(feature) => {
          onSelect(feature.properties.routePointId);
          handle.current?.flyTo(feature.geometry.coordinates as [number, number], STOP_ZOOM);
        }}
        list={{ label, itemText: (feature) => feature.properties.address }}
      />
    </MapView>
  );
}
