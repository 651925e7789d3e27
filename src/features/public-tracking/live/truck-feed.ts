/** Where the truck is: the newest fix from the broadcast or the poll. */
export interface TruckFix {
  lat: number;
  lng: number;
  heading: number | null;
  recordedAt: string | null;
}

/**
 * A tiny store for the truck's position, outside React: the map layer and the page's test hook subscribe to it,
 * so a broadcast every few seconds moves the marker without re-rendering the page.
 */
export interface TruckFeed {
  get(): TruckFix | null;
  set(fix: TruckFix): void;
  subscribe(listener: (fix: TruckFix) => void): () => void;
}

export function createTruckFeed(initial: TruckFix | null): TruckFeed {
  let current = initial;
  const listeners = new Set<(fix: TruckFix) => void>();
  return {
    get: () => current,
    set(fix) {
      // An older fix (a slow poll answering after a broadcast) never moves the truck back.
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
