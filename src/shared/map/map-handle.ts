import { createContext, useContext } from 'react';
import type { MapRef } from '@/shared/map/engine';
import { boundsOf, isSinglePoint, type LngLat, type MapViewState } from './geometry';

export interface FitBoundsOptions {
  /** Pixels kept free around the points (the spec: 25 on the support map, 150 on the public pages). */
  padding?: number;
  /** How far a fit may zoom in (one point, or points close together). */
  maxZoom?: number;
  /** Animation time in ms; 0 jumps. */
  duration?: number;
}

/** What a screen does with its map, whatever the engine. */
export interface MapHandle {
  fitBounds(points: Array<LngLat>, options?: FitBoundsOptions): void;
  flyTo(point: LngLat, zoom?: number): void;
  /** Back to the map's initial view, or centred on a point (keeping the zoom unless one is given). */
  recentre(point?: LngLat, zoom?: number): void;
}

/**
 * Builds the handle over the engine's map. `markBusy` flips the map's data-map-idle to "false" at
 * once, so a test never reads the idle state of the moment before the move started.
 */
export function createMapHandle(
  getMap: () => MapRef | null,
  initialView: MapViewState,
  markBusy: () => void,
): MapHandle {
  const flyTo = (point: LngLat, zoom?: number) => {
    const map = getMap();
    if (!map) return;
    markBusy();
    map.flyTo({ center: point, zoom: zoom ?? map.getZoom() });
  };
  return {
    fitBounds(points, options = {}) {
      const map = getMap();
      const bounds = boundsOf(points);
      if (!map || !bounds) return;
      const maxZoom = options.maxZoom ?? 14;
      if (isSinglePoint(bounds)) return flyTo(bounds[0], maxZoom);
      markBusy();
      map.fitBounds(bounds, {
        padding: options.padding ?? 150,
        maxZoom,
        ...(options.duration === undefined ? {} : { duration: options.duration }),
      });
    },
    flyTo,
    recentre(point, zoom) {
      if (point) return flyTo(point, zoom);
      flyTo([initialView.longitude, initialView.latitude], initialView.zoom);
    },
  };
}

export interface MapViewContextValue {
  handle: MapHandle;
  markBusy: () => void;
  /** Keeps data-map-idle "false" while something the view needs is on its way; call the answer when it is in. */
  holdIdle: () => () => void;
  /** Whether data-map-idle has been "true" once: the person has seen the map's first complete picture. */
  hasRested: () => boolean;
}

export const MapViewContext = createContext<MapViewContextValue | null>(null);

/** The handle of the MapView around the calling component (layers, overlays, buttons on the map). */
export function useMapHandle(): MapHandle {
  const value = useContext(MapViewContext);
  if (!value) throw new Error('useMapHandle must be used inside a MapView');
  return value.handle;
}

/** Lets a layer say its data changed, so data-map-idle turns "false" until the engine is idle again. */
export function useMarkMapBusy(): () => void {
  return useContext(MapViewContext)?.markBusy ?? noop;
}

/** See MapViewContextValue.holdIdle. */
export function useHoldMapIdle(): () => () => void {
  return useContext(MapViewContext)?.holdIdle ?? holdNothing;
}

/** See MapViewContextValue.hasRested (outside a MapView: true, nothing holds a layer back). */
export function useMapHasRested(): () => boolean {
  return useContext(MapViewContext)?.hasRested ?? always;
}

const noop = () => {};
const always = () => true;
const holdNothing = () => noop;
