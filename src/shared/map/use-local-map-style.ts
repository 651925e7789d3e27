import { useEffect, useState } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { cellFilesIn, loadBaseMapCells, widenBounds } from './base-map-cells';
import { boundsOf, type LngLat } from './geometry';
import { drawsOfflineBaseMap, mapStyle, offlineBaseUrl } from './map-style';
import { baseMapCredits, offlineCellsStyle, townImageIds, type MapCredit } from './offline-style';
import { predrawImages } from './text-images';

/** The cells a map opening on a fit around `points` shows first. */
function openingCellFiles(around: [LngLat, LngLat]): string[] {
  // A fit leaves room around the points (padding on a narrow phone): cover about three times their extent.
  return cellFilesIn(widenBounds(around, 1.5, 0.02));
}

/**
 * Starts fetching the cells `useLocalMapStyle` will ask for, before the map's own code has arrived (this module
 * does not load the engine, so a page may import it directly).
 */
export function prefetchLocalBaseMap(points: readonly LngLat[]): void {
  const around = boundsOf(points);
  if (!drawsOfflineBaseMap() || !around) return;
  // The towns' labels too: the engine asks for all of a tile's labels at once, and drawing them then is a long
  // task between the map's first frames (about 60 labels over a town-rich cell).
  void loadBaseMapCells(openingCellFiles(around), offlineBaseUrl()).then(({ features }) =>
    predrawImages(features.flatMap((feature) => townImageIds(feature.properties))),
  );
}

export interface LocalMapStyle {
  style: StyleSpecification | string;
  /** True when the style draws base map cells: the map then needs <BaseMapCells> to follow its view. */
  cells: boolean;
  /** The cells already in the style. */
  cellFiles: string[];
  baseUrl: string;
  /** The base map's credits when the style is the offline one (for MapView's credits); else the style's own. */
  credits?: readonly MapCredit[];
}

/**
 * The style of a map that opens on a small area (a fit around `points`): on the offline base map, only the cells
 * around them, fetched before the map is made (a few KB instead of the whole base map, so a phone draws its
 * first frame sooner); otherwise the configured style. Null while the cells load.
 */
export function useLocalMapStyle(points: readonly LngLat[]): LocalMapStyle | null {
  const [around] = useState(() => boundsOf(points));
  const [baseUrl] = useState(() => offlineBaseUrl());
  const [cells, setCells] = useState<LocalMapStyle | null>(() =>
    drawsOfflineBaseMap() && around ? null : { style: mapStyle(), cells: false, cellFiles: [], baseUrl },
  );

  useEffect(() => {
    if (cells || !around) return;
    let active = true;
    const files = openingCellFiles(around);
    void loadBaseMapCells(files, baseUrl).then(({ features, failed }) => {
      if (!active) return;
      setCells({
        style: offlineCellsStyle({ type: 'FeatureCollection', features }),
        cells: true,
        cellFiles: files.filter((file) => !failed.includes(file)),
        baseUrl,
        credits: baseMapCredits,
      });
    });
    return () => {
      active = false;
    };
  }, [cells, around, baseUrl]);
  return cells;
}
