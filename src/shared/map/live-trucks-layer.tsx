import { useEffect, useMemo, useRef } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type { CircleLayerSpecification, GeoJSONSourceSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import { Layer, Source, useMap } from '@/shared/map/engine';
import { useMapHasRested, useMarkMapBusy } from './map-handle';
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

export type LiveTrucksLayerProps = {
  id?: string;
  /** The positions the map's opening style already carries (liveTrucksStyle): not sent to the engine again. */
  inStyle?: TruckPositions;
} & ({ trucks: TruckPositions; subscribe?: never } | { subscribe: SubscribeToTrucks; trucks?: never });

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
/** Same trucks at the same places. */
const samePositions = (before: TruckPositions, after: TruckPositions) =>
  before.size === after.size && !movedAny(before, after);

/** The source and layers of a LiveTrucksLayer with `trucks`, for a map's opening style. */
export function liveTrucksStyle(
  id: string,
  trucks: TruckPositions,
): { source: GeoJSONSourceSpecification; layers: Array<CircleLayerSpecification | SymbolLayerSpecification> } {
  return { source: { type: 'geojson', data: trucksToFeatures(trucks) }, layers: liveTrucksLayerSpecs(id) };
}

function liveTrucksLayerSpecs(id: string): Array<CircleLayerSpecification | SymbolLayerSpecification> {
  return [
    {
      id: `${id}-halo`,
      type: 'circle',
      source: id,
      paint: { 'circle-radius': 10, 'circle-color': pointColours.truck, 'circle-opacity': 0 },
    },
    {
      id: `${id}-icons`,
      type: 'symbol',
      source: id,
      layout: { 'icon-image': truckIconId(pointColours.truck), 'icon-allow-overlap': true },
    },
  ];
}

const empty: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };

/**
 * Live trucks: each update goes straight into the source with setData (no React render per truck or
 * per fix), and the trucks pulse once after moving, so the map still comes to rest (and to `idle`).
 */
export function LiveTrucksLayer({ id = 'live-trucks', trucks, subscribe, inStyle }: LiveTrucksLayerProps) {
  const { current: map } = useMap();
  const markBusy = useMarkMapBusy();
  const hasRested = useMapHasRested();
  const frame = useRef(0);
  const latest = useRef<TruckPositions | undefined>(undefined);
  // What the source holds now (across re-subscriptions): at first the opening style's trucks, if any.
  const held = useRef<TruckPositions | undefined>(inStyle);
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
      // Already drawn (the opening style's trucks): another setData would only cost the map frames before it rests.
      const before = shown;
      shown = positions;
      if (held.current && samePositions(held.current, positions)) return;
      markBusy();
      source.setData(trucksToFeatures(positions));
      held.current = positions;
      // A truck that moved pulses; the first positions are where the trucks are, not a move, so a map opens at rest.
      // A move before the map has first come to rest shows without the pulse: nobody has seen the truck where it was
      // yet, and the pulse's frames (1.6 s of them) would hold back the map's first complete picture.
      if (before && hasRested() && movedAny(before, positions)) pulse();
    };
    const stop = subscribe ? subscribe(show) : (show(trucks), undefined);
    return () => {
      stop?.();
      cancelAnimationFrame(frame.current);
    };
  }, [map, id, haloId, trucks, subscribe, markBusy, hasRested]);

  const layers = useMemo(() => liveTrucksLayerSpecs(id), [id]);
  return (
    <Source id={id} type="geojson" data={empty}>
      {layers.map((layer) => (
        <Layer key={layer.id} {...layer} />
      ))}
    </Source>
  );
}
