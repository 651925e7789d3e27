// Arrival estimates for the stops a truck still has to drive: the route-estimator interface and the schedule
// every adapter shares (travel legs + each stop's wait time, arrival times rounded up to whole minutes, as the
// spec's "ETA stop time rounded up to minutes" says).
// Free of Deno and npm: imports, so the adapters run from Node (tests, bench) as well as in the functions.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface EstimateStop extends LatLng {
  /** plan_event_route_points.id */
  id: number;
  /** How long the truck stays at the stop, in hours as a decimal (route_points.wait_time). */
  waitHours: number;
}

export interface RouteEstimateRequest {
  /** Where the truck is (or starts from), at `departAt`. */
  origin: LatLng;
  /** The remaining stops, in the order they are driven. */
  stops: EstimateStop[];
  departAt: Date;
}

export interface StopEstimate {
  id: number;
  arriveAt: Date;
}

export interface RouteEstimator {
  estimate(request: RouteEstimateRequest): Promise<StopEstimate[]>;
}

const MINUTE_MS = 60_000;

/** A stop's wait in whole seconds, rounded up to the minute (the spec rounds stop times up to minutes). */
export function waitSeconds(waitHours: number): number {
  if (!Number.isFinite(waitHours) || waitHours <= 0) return 0;
  // Round the hours to seconds first: 0.25 h is 15 min, not 15.000000001 min rounded up to 16.
  return Math.ceil(Math.round(waitHours * 3600) / 60) * 60;
}

/** The instant rounded up to the next whole minute (an exact minute stays). */
export function ceilToMinute(ms: number): number {
  return Math.ceil(ms / MINUTE_MS) * MINUTE_MS;
}

/**
 * Arrival at each stop from the drive time of each leg (seconds; leg i ends at stop i): the truck leaves
 * the origin at `departAt`, drives, stays each stop's wait time, drives on. Only the answers are rounded;
 * the clock runs on unrounded, so rounding never adds up along a long route.
 */
export function scheduleFromLegs(departAt: Date, stops: EstimateStop[], legSeconds: number[]): StopEstimate[] {
  if (legSeconds.length !== stops.length) throw new Error(`expected ${stops.length} legs, got ${legSeconds.length}`);
  let clock = departAt.getTime();
  return stops.map((stop, i) => {
    clock += legSeconds[i]! * 1000;
    const arriveAt = new Date(ceilToMinute(clock));
    clock += waitSeconds(stop.waitHours) * 1000;
    return { id: stop.id, arriveAt };
  });
}

/** When the truck leaves the last of `stops` (unrounded), for a provider that asks batch by batch. */
export function leaveLastStop(departAt: Date, stops: EstimateStop[], legSeconds: number[]): Date {
  const seconds =
    legSeconds.reduce((sum, leg) => sum + leg, 0) + stops.reduce((sum, stop) => sum + waitSeconds(stop.waitHours), 0);
  return new Date(departAt.getTime() + seconds * 1000);
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function greatCircleMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface LocalEstimatorOptions {
  /** Road distance over great-circle distance (tenants.route_detour_factor, 1.3 by default). */
  detourFactor: number;
  /** Speed in towns, km/h: the start and end of every leg. Default 30. */
  townSpeedKmh?: number;
  /** Speed between towns, km/h. Default 70. */
  countrySpeedKmh?: number;
  /** Road km of each leg driven at town speed (leaving one stop and reaching the next). Default 2. */
  townStretchKm?: number;
}

export const LOCAL_ESTIMATOR_DEFAULTS = { townSpeedKmh: 30, countrySpeedKmh: 70, townStretchKm: 2 } as const;

/** Drive time of one leg: the first `townStretchKm` of road at town speed, the rest at country speed. */
export function localLegSeconds(from: LatLng, to: LatLng, options: LocalEstimatorOptions): number {
  const town = options.townSpeedKmh ?? LOCAL_ESTIMATOR_DEFAULTS.townSpeedKmh;
  const country = options.countrySpeedKmh ?? LOCAL_ESTIMATOR_DEFAULTS.countrySpeedKmh;
  const stretch = options.townStretchKm ?? LOCAL_ESTIMATOR_DEFAULTS.townStretchKm;
  const roadKm = (greatCircleMetres(from, to) / 1000) * options.detourFactor;
  const townKm = Math.min(roadKm, stretch);
  return (townKm / town + (roadKm - townKm) / country) * 3600;
}

/** The embedded default: distance along the stops × the tenant's detour factor, at town and country speeds. */
export function localRouteEstimator(options: LocalEstimatorOptions): RouteEstimator {
  return {
    estimate(request) {
      let from: LatLng = request.origin;
      const legs = request.stops.map((stop) => {
        const seconds = localLegSeconds(from, stop, options);
        from = stop;
        return seconds;
      });
      return Promise.resolve(scheduleFromLegs(request.departAt, request.stops, legs));
    },
  };
}
