import { useEffect, useRef } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import { Layer, Source, useMap } from '@/shared/map/engine';
import { useMarkMapBusy } from './map-handle';
import { pointColours } from './points-layer';
import { truckIconId } from './text-images';

export interface TruckPosition {
  lng: number;
  lat: number;
  heading?: number;
}

export type TruckPositions = ReadonlyMap<string | number, TruckPosition>;

/** Calls back with the trucks' positions on each update; returns the unsubscribe. */
export type SubscribeToTrucks = (onUpdate: (trucks: TruckPositions) => void) => () => void;

export type LiveTrucksLayerProps = { id?: string } & (
  | { trucks: TruckPositions; subscribe?: never }
  | { subscribe: SubscribeToTrucks; trucks?: never }
);

export function trucksToFeatures(trucks: TruckPositions): FeatureCollection<Point, { carId: string }> {
  return {
    type: 'FeatureCollection',
    features: [...trucks].map(([carId, position]) => ({
      type: 'Feature',
      properties: { carId: String(carId) },
      geometry: { type: 'Point', coordinates: [position.lng, position.lat] },
    })),
  };
}

const pulseMs = 1600;

/** True when a truck is at another place than before (or new). */
function movedAny(before: TruckPositions, after: TruckPositions): boolean {
  for (const [carId, position] of after) {
    const previous = before.get(carId);
    if (!previous || previous.lng !== position.lng || previous.lat !== position.lat) return true;
  }
  return false;
}
const empty: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };

/**
 * Live trucks: each update goes straight into the source with setData (no React render per truck or
 * per fix), and the trucks pulse once after moving, so the map still comes to rest (and to `idle`).
 */
export function LiveTrucksLayer({ id = 'live-trucks', trucks, subscribe }: LiveTrucksLayerProps) {
  const { current: map } = useMap();
  const markBusy = useMarkMapBusy();
  const frame = useRef(0);
  const latest = useRef<TruckPositions | undefined>(undefined);
  const haloId = `${id}-halo`;

  useEffect(() => {
    if (!map) return;
    const pulse = () => {
      cancelAnimationFrame(frame.current);
      const started = performance.now();
      const step = (now: number) => {
        if (!map.getLayer(haloId)) return;
        const progress = Math.min((now - started) / pulseMs, 1);
        map.getMap().setPaintProperty(haloId, 'circle-radius', 10 + 16 * progress);
        map.getMap().setPaintProperty(haloId, 'circle-opacity', 0.45 * (1 - progress));
        if (progress < 1) frame.current = requestAnimationFrame(step);
      };
      frame.current = requestAnimationFrame(step);
    };
    let waiting = false;
    let shown: TruckPositions | undefined;
    const show = (positions: TruckPositions) => {
      const source = map.getSource(id) as { setData?: (data: FeatureCollection) => void } | undefined;
      if (!source?.setData) {
        // The source joins the style a moment after the map loads: show the newest positions then.
        latest.current = positions;
        if (!waiting) {
          waiting = true;
          map.once('styledata', () => {
            waiting = false;
            if (latest.current) show(latest.current);
          });
        }
        return;
      }
      latest.current = undefined;
      markBusy();
      source.setData(trucksToFeatures(positions));
      // A truck that moved pulses; the first positions are where the trucks are, not a move, so a map opens at rest.
      if (shown && movedAny(shown, positions)) pulse();
      shown = positions;
    };
    const stop = subscribe ? subscribe(show) : (show(trucks), undefined);
    return () => {
      stop?.();
      cancelAnimationFrame(frame.current);
    };
  }, [map, id, haloId, trucks, subscribe, markBusy]);

  return (
    <Source id={id} type="geojson" data={empty}>
      <Layer id={haloId} type="circle" paint={{ 'circle-radius': 10, 'circle-color': pointColours.truck, 'circle-opacity': 0 }} />
      <Layer id={`${id}-icons`} type="symbol" layout={{ 'icon-image': truckIconId(pointColours.truck), 'icon-allow-overlap': true }} />
    </Source>
  );
}
