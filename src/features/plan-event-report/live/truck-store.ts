/** The truck's newest known position. */
export interface TruckFix {
  lat: number;
  lng: number;
  heading: number | null;
  recordedAt: string | null;
}

/**
 * The truck's position outside React: the map layer subscribes to it, so a fix every few seconds moves the
 * marker with the layer's setData instead of re-rendering the page.
 */
export interface TruckStore {
  get(): TruckFix | null;
  set(fix: TruckFix): void;
  subscribe(listener: (fix: TruckFix) => void): () => void;
}

export function createTruckStore(): TruckStore {
  let current: TruckFix | null = null;
  const listeners = new Set<(fix: TruckFix) => void>();
  return {
    get: () => current,
    set(fix) {
      // A late answer (the report refetched after a broadcast) never moves the truck back in time.
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
