import { useEffect, useRef } from 'react';
import type { GeoJSONSource } from 'maplibre-gl';
import { useMap } from '@/shared/map/engine';
import { cellFilesIn, loadBaseMapCells } from './base-map-cells';
import type { LngLat } from './geometry';
import { useHoldMapIdle } from './map-handle';
import { baseMapCellsSource } from './offline-style';

/**
 * Keeps the cells' base map (`offlineCellsStyle`) filled as the view moves: after each move the cells in view
 * that the source lacks are fetched and added. The map reads busy until they are drawn.
 */
export function BaseMapCells({ baseUrl, initialFiles }: { baseUrl: string; initialFiles: readonly string[] }) {
  const { current: mapRef } = useMap();
  const holdIdle = useHoldMapIdle();
  const shown = useRef(new Set(initialFiles));

  useEffect(() => {
    const map = mapRef?.getMap();
    if (!map) return;
    let active = true;
    const fill = () => {
      const bounds = map.getBounds();
      const wanted = cellFilesIn([
        bounds.getSouthWest().toArray() as LngLat,
        bounds.getNorthEast().toArray() as LngLat,
      ]);
      const missing = wanted.filter((file) => !shown.current.has(file));
      if (missing.length === 0) return;
      for (const file of missing) shown.current.add(file);
      const release = holdIdle();
      loadBaseMapCells([...shown.current], baseUrl)
        .then(({ features, failed }) => {
          // Failed cells are drawn as sea; a later move asks again.
          for (const file of failed) shown.current.delete(file);
          const source = active ? map.getSource<GeoJSONSource>(baseMapCellsSource) : undefined;
          source?.setData({ type: 'FeatureCollection', features });
        })
        .finally(release);
    };
    fill();
    map.on('moveend', fill);
    return () => {
      active = false;
      map.off('moveend', fill);
    };
  }, [mapRef, holdIdle, baseUrl]);
  return null;
}
