// The map part of the support stop map, loaded lazily (the engine is a chunk of its own).
import type { FeatureCollection, Point } from 'geojson';
import { forwardRef, useMemo } from 'react';
import { MapView, PointsLayer, type MapHandle, type MapViewState, type PointStyleProperties } from '@/shared/map';
import type { SupportMapStop } from '../api/support-map-stops';

interface StopProperties extends PointStyleProperties {
  index: number;
}

export interface StopsMapProps {
  stops: SupportMapStop[];
  labelOf: (stop: SupportMapStop) => string;
  /** The searched address, marked on the map. */
  place: { lng: number; lat: number; name: string } | null;
  initialView: MapViewState;
  onStopClick: (stop: SupportMapStop) => void;
}

const StopsMap = forwardRef<MapHandle, StopsMapProps>(function StopsMap(
  { stops, labelOf, place, initialView, onStopClick },
  ref,
) {
  const data = useMemo<FeatureCollection<Point, StopProperties>>(
    () => ({
      type: 'FeatureCollection',
      features: stops.map((stop, index) => ({
        type: 'Feature',
        properties: { index, variant: 'truck', label: labelOf(stop) },
        geometry: { type: 'Point', coordinates: [stop.lng, stop.lat] },
      })),
    }),
    [stops, labelOf],
  );
  const placeData = useMemo<FeatureCollection<Point, PointStyleProperties>>(
    () => ({
      type: 'FeatureCollection',
      features: place
        ? [
            {
              type: 'Feature',
              properties: { variant: 'selected' },
              geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
            },
          ]
        : [],
    }),
    [place],
  );
  return (
    <MapView ref={ref} initialView={initialView} ariaLabel="Map of stops" className="support-map__map">
      <PointsLayer id="support-place" data={placeData} />
      <PointsLayer
        id="support-stops"
        data={data}
        onClick={(feature) => {
          const stop = stops[feature.properties.index];
          if (stop) onStopClick(stop);
        }}
        list={{
          label: 'Stops on the map',
          itemText: (feature) => {
            const stop = stops[feature.properties.index];
            return `${feature.properties.label?.replace('\n', ' ') ?? ''} ${stop?.address ?? ''}`.trim();
          },
        }}
      />
    </MapView>
  );
});

export default StopsMap;
