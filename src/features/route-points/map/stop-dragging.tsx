import { useEffect, useRef } from 'react';
import { useMap } from '@/shared/map/engine';
import type { LngLat } from '@/shared/map';

interface Props {
  /** The circle layer of the stops (pointsLayerIds(id).circles). */
  layerId: string;
  enabled: boolean;
  /** While the pointer moves: where the stop is drawn now. */
  onDrag: (key: string, at: LngLat) => void;
  /** Where the stop was let go. */
  onDrop: (key: string, at: LngLat) => void;
}

interface PointerEvent {
  lngLat: { lng: number; lat: number };
  features?: Array<{ properties?: Record<string, unknown> | null }>;
  points?: unknown[];
  preventDefault(): void;
}

/**
 * DRAG ON: a stop follows the mouse (or one finger) from its circle until it is let go. The press is taken
 * from the map's own panning (preventDefault), so the map stays still while a stop moves.
 */
export function StopDragging({ layerId, enabled, onDrag, onDrop }: Props) {
  const { current: map } = useMap();
  // The newest callbacks without re-binding the map's listeners on every render of a drag.
  const callbacks = useRef({ onDrag, onDrop });
  useEffect(() => {
    callbacks.current = { onDrag, onDrop };
  }, [onDrag, onDrop]);

  useEffect(() => {
    if (!map || !enabled) return;
    const canvas = map.getCanvas();
    let key: string | null = null;
    let last: LngLat | null = null;
    const at = (event: PointerEvent): LngLat => [event.lngLat.lng, event.lngLat.lat];
    const move = (event: PointerEvent) => {
      if (!key) return;
      last = at(event);
      callbacks.current.onDrag(key, last);
    };
    const finish = (event: PointerEvent) => {
      map.off('mousemove', move);
      map.off('touchmove', move);
      canvas.style.cursor = '';
      const dropped = key;
      key = null;
      if (dropped) callbacks.current.onDrop(dropped, last ?? at(event));
    };
    const start = (event: PointerEvent, moveEvent: 'mousemove' | 'touchmove', endEvent: 'mouseup' | 'touchend') => {
      const found = event.features?.[0]?.properties?.key;
      if (typeof found !== 'string') return;
      event.preventDefault();
      key = found;
      last = null;
      canvas.style.cursor = 'grabbing';
      map.on(moveEvent, move);
      map.once(endEvent, finish);
    };
    const mouseDown = (event: PointerEvent) => start(event, 'mousemove', 'mouseup');
    const touchStart = (event: PointerEvent) => {
      if ((event.points?.length ?? 1) === 1) start(event, 'touchmove', 'touchend');
    };
    const grab = () => (canvas.style.cursor = 'move');
    const plain = () => (canvas.style.cursor = key ? 'grabbing' : '');
    map.on('mousedown', layerId, mouseDown);
    map.on('touchstart', layerId, touchStart);
    map.on('mouseenter', layerId, grab);
    map.on('mouseleave', layerId, plain);
    return () => {
      map.off('mousedown', layerId, mouseDown);
      map.off('touchstart', layerId, touchStart);
      map.off('mouseenter', layerId, grab);
      map.off('mouseleave', layerId, plain);
      map.off('mousemove', move);
      map.off('touchmove', move);
      canvas.style.cursor = '';
    };
  }, [map, enabled, layerId]);

  return null;
}
