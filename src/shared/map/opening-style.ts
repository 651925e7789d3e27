import type { FeatureCollection, Point } from 'geojson';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { liveTrucksStyle, type TruckPositions } from './live-trucks-layer';
import { pointsLayerSpecs, pointsSourceSpec, type CirclePaint, type PointVariant } from './points-layer';

/** A source and its layers, as a layer component would add them after the map loads. */
export interface StyleOverlay {
  id: string;
  source: SourceSpecification;
  layers: LayerSpecification[];
}

export const pointsOverlay = (
  id: string,
  data: FeatureCollection<Point>,
  variant?: PointVariant,
  paint?: CirclePaint,
): StyleOverlay => ({ id, source: pointsSourceSpec(data), layers: pointsLayerSpecs(id, variant, paint) });

export const liveTrucksOverlay = (id: string, trucks: TruckPositions): StyleOverlay => ({
  id,
  ...liveTrucksStyle(id, trucks),
});

/**
 * The style with the map's own sources and layers already in it, in the order their components add them: the
 * engine then lays out everything in its first pass, instead of one more round trip to its worker (and more
 * frames before the map rests) per source added after load. The components find them there and keep them.
 * A style URL (production's hosted style) is left as it is: the components add their layers after it loads.
 */
export function withOverlays(
  style: StyleSpecification | string,
  overlays: readonly StyleOverlay[],
): StyleSpecification | string {
  if (typeof style === 'string') return style;
  return {
    ...style,
    sources: { ...style.sources, ...Object.fromEntries(overlays.map((o) => [o.id, o.source])) },
    layers: [...style.layers, ...overlays.flatMap((o) => o.layers)],
  };
}
