/** A coming visit of a stop: its date and estimates (ISO). */
export interface StopVisit {
  date: string;
  estimate: string | null;
  original_estimate: string | null;
}

export interface NearestStop {
  routePointId: number;
  stopUuid: string | null;
  address: string;
  lat: number;
  lng: number;
  distanceM: number;
  upcoming: StopVisit[];
}

/** The spec's threshold: a first stop farther than this opens the no-near-stop modal. */
export const NEAR_STOP_MAX_METRES = 5000;

export function hasNearStop(stops: NearestStop[]): boolean {
  const first = stops[0];
  return first !== undefined && first.distanceM <= NEAR_STOP_MAX_METRES;
}
