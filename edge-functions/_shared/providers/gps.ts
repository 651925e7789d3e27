// Where the trucks are: the GPS provider interface behind gps-sync. Two adapters answer it:
// - MapOn (mapon-gps.ts), the telematics service the trucks carry, polled for each unit's last location;
// - the simulator (simulated-gps.ts, the embedded default), which drives today's trips along their stops.
// Free of Deno and npm: imports, so the adapters run from Node tests against a fake provider too.

export interface LatLng {
  lat: number;
  lng: number;
}

/** A stop of a trip: where it is and how long the truck stays (hours as a decimal, as route_points.wait_time). */
export interface TripStop extends LatLng {
  waitHours: number;
}

/** A car's plan event of today, as the simulator needs it. */
export interface TripPlan {
  /** Starts the trip's own noise sequence, so each truck jitters differently but repeatably. */
  seed: string;
  /** When the truck leaves the depo (the plan event's start time in the tenant's zone). */
  startAt: Date;
  depot: LatLng;
  /** In driving order. */
  stops: TripStop[];
  /** Where the trip ends after the last stop (back at the depo), or null to stop at the last stop. */
  end: LatLng | null;
}

/** A car the provider is asked about. */
export interface TrackedCar {
  tenantId: string;
  carId: number;
  depoId: number;
  /** cars.mapon_car_id: the MapOn unit id. */
  maponUnitId: string | null;
  /** The car's newest known fix (cars.latest_location_updated_at), so the same fix is not written twice. */
  latestAt: Date | null;
  /** Today's trip, for the simulator. */
  trip: TripPlan | null;
}

/** One position, as a row of public.car_positions. */
export interface GpsFix {
  tenantId: string;
  carId: number;
  depoId: number;
  recordedAt: Date;
  lat: number;
  lng: number;
  speedKmh: number | null;
  heading: number | null;
}

/** A car the provider could not locate, with the reason (logged, never written). */
export interface GpsProblem {
  carId: number;
  reason: string;
}

export interface GpsReading {
  fixes: GpsFix[];
  problems: GpsProblem[];
}

export interface GpsProvider {
  readonly name: 'mapon' | 'simulator';
  /** The cars' current positions. Throws a ProviderError when the provider cannot be read at all. */
  locate(cars: readonly TrackedCar[], now: Date): Promise<GpsReading>;
}

/** Fixes are reported on a 5-second grid: two runs within one tick write the same row, not two. */
export const REPORT_INTERVAL_MS = 5_000;

export function reportTick(now: Date): Date {
  return new Date(Math.floor(now.getTime() / REPORT_INTERVAL_MS) * REPORT_INTERVAL_MS);
}
