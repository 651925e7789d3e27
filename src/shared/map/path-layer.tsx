import { useEffect, useMemo } from 'react';
import type { Feature, LineString } from 'geojson';
import { Layer, Source } from '@/shared/map/engine';
import type { LngLat } from './geometry';
import { useMarkMapBusy } from './map-handle';

/**
 * A way drawn as one line (a truck's way through its stops), under the layer `beforeId` names so the stops stay
 * on top. Nothing is drawn for fewer than two points.
 */
export function PathLayer({
  id,
  coordinates,
  beforeId,
  color = '#1c7ed6',
}: {
  id: string;
  coordinates: readonly LngLat[];
  beforeId?: string;
  color?: string;
}) {
  const markBusy = useMarkMapBusy();
  const data = useMemo<Feature<LineString>>(
    () => ({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [...coordinates] } }),
    [coordinates],
  );
  useEffect(() => markBusy(), [data, markBusy]);
  return (
    <Source id={id} type="geojson" data={coordinates.length > 1 ? data : { type: 'FeatureCollection', features: [] }}>
      <Layer
        id={`${id}-line`}
        type="line"
        beforeId={beforeId}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': color, 'line-width': 4, 'line-opacity': 0.8 }}
      />
    </Source>
  );
}
