/** Where a truck is: its newest fix (from a broadcast, a poll or a report). */
export interface TruckFix {
  lat: number;
  lng: number;
  heading: number | null;
  recordedAt: string | null;
}

/**
 * A tiny store for a truck's position, outside React: the map layer subscribes to it, so a fix every few seconds
 * moves the marker with the layer's setData instead of re-rendering the page (public tracking, plan-event report).
 */
export interface TruckFeed {
  get(): TruckFix | null;
  set(fix: TruckFix): void;
  subscribe(listener: (fix: TruckFix) => void): () => void;
}

export function createTruckFeed(initial: TruckFix | null = null): TruckFeed {
  let current = initial;
  const listeners = new Set<(fix: TruckFix) => void>();
  return {
    get: () => current,
    set(fix) {
      // An older fix (a slow poll or refetch answering after a broadcast) never moves the truck back.
      if (current?.recordedAt && fix.recordedAt && Date.parse(fix.recordedAt) < Date.parse(current.recordedAt)) return;
      current = fix;
      for (const listener of listeners) listener(fix);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
