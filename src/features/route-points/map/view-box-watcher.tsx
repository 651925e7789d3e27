import { useEffect } from 'react';
import { useMap } from '@/shared/map/engine';
import type { MapBox } from '../api/route-map';

interface Props {
  /** Off: the box is read once (FAST MAP keeps the customers of the view it was turned on in). */
  followMoves: boolean;
  onBox: (box: MapBox) => void;
}

/** Reports the map's visible box now and, when following, after each move ends (not on every frame). */
export function ViewBoxWatcher({ followMoves, onBox }: Props) {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return;
    const report = () => {
      const bounds = map.getBounds();
      if (!bounds) return;
      onBox([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]);
    };
    report();
    if (!followMoves) return;
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map, followMoves, onBox]);
  return null;
}
