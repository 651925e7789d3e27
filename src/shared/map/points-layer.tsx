import { useEffect, useMemo, useRef } from 'react';
import type {
  CircleLayerSpecification,
  ExpressionSpecification,
  GeoJSONSource,
  GeoJSONSourceSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import type { Feature, FeatureCollection, Point } from 'geojson';
import { Layer, Source, useMap } from '@/shared/map/engine';
import { useMapHandle, useMarkMapBusy } from './map-handle';
import { textImageId, truckIconId } from './text-images';

export type PointVariant = 'stop' | 'stop-visited' | 'truck' | 'selected';

/** Properties a point may carry besides its own: its variant (else the layer's) and a label. */
export interface PointStyleProperties {
  variant?: PointVariant;
  /** Drawn under the point; '\n' breaks lines. */
  label?: string;
}

export const pointColours: Record<PointVariant, string> = {
  stop: '#1c7ed6',
  'stop-visited': '#9aa1a9',
  truck: '#d9480f',
  selected: '#f08c00',
};

export type CirclePaint = Partial<{
  'circle-radius': number;
  'circle-color': string;
  'circle-stroke-color': string;
  'circle-stroke-width': number;
  'circle-opacity': number;
}>;

export interface PointsLayerProps<P extends PointStyleProperties> {
  /** Unique on the map: the source and layer ids derive from it. */
  id: string;
  data: FeatureCollection<Point, P>;
  /** The style of points whose properties name none. */
  variant?: PointVariant;
  /** Overrides for the circles' paint. */
  paint?: CirclePaint;
  onClick?: (feature: Feature<Point, P>) => void;
  /** The points the map's opening style already carries (pointsOverlay): points changed since are sent once it loads. */
  inStyle?: FeatureCollection<Point, P>;
  /** The points as a list of buttons for keyboard and screen-reader users: its name, and each point's text. */
  list?: {
    label: string;
    /** The points that get a button (default all): a source may also hold points that are not the list's. */
    listed?: (feature: Feature<Point, P>) => boolean;
    itemText: (feature: Feature<Point, P>) => string;
    /** data-* attributes of each point's button: what a point is drawn as, readable without the canvas. */
    itemData?: (feature: Feature<Point, P>) => Record<`data-${string}`, string>;
    /** Marks a point's button as pressed (a selection the clicks toggle). */
    itemPressed?: (feature: Feature<Point, P>) => boolean;
  };
}

export const pointsLayerIds = (id: string) => ({
  circles: `${id}-circles`,
  trucks: `${id}-trucks`,
  labels: `${id}-labels`,
});

/** The GeoJSON source of a PointsLayer, as a style carries it. */
export function pointsSourceSpec(data: FeatureCollection): GeoJSONSourceSpecification {
  // generateId numbers the features in order, so a click finds the caller's own feature object.
  return { type: 'geojson', data, generateId: true };
}

/** The layers a PointsLayer draws, in order: one place for the component and for a map's opening style. */
export function pointsLayerSpecs(
  id: string,
  variant: PointVariant = 'stop',
  paint?: CirclePaint,
): Array<CircleLayerSpecification | SymbolLayerSpecification> {
  const ids = pointsLayerIds(id);
  const variantOf: ExpressionSpecification = ['coalesce', ['get', 'variant'], variant];
  const colour = [
    'match',
    variantOf,
    ...Object.entries(pointColours).flat(),
    pointColours.stop,
  ] as ExpressionSpecification;
  return [
    {
      id: ids.circles,
      type: 'circle',
      source: id,
      filter: ['!=', variantOf, 'truck'],
      paint: {
        'circle-radius': ['match', variantOf, 'selected', 9, 7],
        'circle-color': colour,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
        ...paint,
      },
    },
    {
      id: ids.trucks,
      type: 'symbol',
      source: id,
      filter: ['==', variantOf, 'truck'],
      layout: { 'icon-image': truckIconId(pointColours.truck), 'icon-allow-overlap': true },
    },
    {
      id: ids.labels,
      type: 'symbol',
      source: id,
      filter: ['has', 'label'],
      layout: {
        'icon-image': [
          'concat',
          ['match', variantOf, 'selected', textImageId('label-selected', ''), textImageId('label', '')],
          ['get', 'label'],
        ],
        'icon-anchor': 'top',
        'icon-offset': [0, 12],
      },
    },
  ];
}

/**
 * Points from one GeoJSON source, drawn by data-driven layers (circles for stops, an icon for trucks,
 * an image label where given): one source for hundreds of points, not hundreds of React markers.
 */
export function PointsLayer<P extends PointStyleProperties>({
  id,
  data,
  variant = 'stop',
  paint,
  onClick,
  list,
  inStyle,
}: PointsLayerProps<P>) {
  const { current: map } = useMap();
  const markBusy = useMarkMapBusy();
  const handle = useMapHandle();
  const ids = pointsLayerIds(id);
  const layers = useMemo(() => pointsLayerSpecs(id, variant, paint), [id, variant, paint]);

  useEffect(() => markBusy(), [data, markBusy]);

  // Until the opening style's source is in the engine, the component cannot send it changed points (it compares
  // with its own last props): send them once it is there; later changes are the component's.
  const opening = useRef(inStyle);
  useEffect(() => {
    const engine = map?.getMap();
    if (!engine || !opening.current) return;
    const sync = () => {
      const source = engine.getSource<GeoJSONSource>(id);
      if (!source) return false;
      if (data !== opening.current) source.setData(data);
      opening.current = undefined;
      return true;
    };
    if (sync()) return;
    const onStyleData = () => {
      if (sync()) engine.off('styledata', onStyleData);
    };
    engine.on('styledata', onStyleData);
    return () => {
      engine.off('styledata', onStyleData);
    };
  }, [map, id, data]);

  useEffect(() => {
    if (!map || !onClick) return;
    const layers = [ids.labels, ids.trucks, ids.circles];
    const onLayerClick = (event: { features?: Array<{ id?: string | number }> }) => {
      const index = Number(event.features?.[0]?.id);
      const feature = data.features[index];
      if (feature) onClick(feature);
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    for (const layer of layers) {
      map.on('click', layer, onLayerClick);
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      for (const layer of layers) {
        map.off('click', layer, onLayerClick);
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
    };
  }, [map, onClick, data, ids.labels, ids.trucks, ids.circles]);

  return (
    <>
      <Source id={id} {...pointsSourceSpec(data)}>
        {layers.map((layer) => (
          <Layer key={layer.id} {...layer} />
        ))}
      </Source>
      {list && (
        <ul className="map-points-list" aria-label={list.label}>
          {data.features.map((feature, index) =>
            list.listed?.(feature) === false ? null : (
              <li key={feature.id ?? index}>
                <button
                  type="button"
                  {...list.itemData?.(feature)}
                  aria-pressed={list.itemPressed?.(feature)}
                  onClick={() =>
                    onClick ? onClick(feature) : handle.flyTo(feature.geometry.coordinates as [number, number])
                  }
                >
                  {list.itemText(feature)}
                </button>
              </li>
            ),
          )}
        </ul>
      )}
    </>
  );
}
