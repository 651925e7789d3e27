// The trip simulator: where a truck on its plan event is at a given moment. A pure function of (plan, time),
// so every gps-sync tick is stateless and a whole day can be replayed in a test in milliseconds.
// The truck leaves the depo at the start time, drives each leg at a town or country speed (the road being
// `detourFactor` longer than the straight line it is drawn on), waits at each stop its wait time (capped,
// see SIMULATOR_SETTINGS), and returns to the depo when the route says so.
import type { LatLng, TripPlan } from './gps.ts';

export interface SimulatorSettings {
  /** Road speed on short legs (within a town). */
  townKmh: number;
  /** Road speed on legs of at least `countryLegKm` of road. */
  countryKmh: number;
  countryLegKm: number;
  /** Road distance over straight-line distance. */
  detourFactor: number;
  /** Longest wait at a stop: route points keep the spec's 2-hour default wait when nobody set one. */
  maxWaitMinutes: number;
  /** GPS noise: each fix lands within this many metres of the true position. */
  noiseMetres: number;
}

export const SIMULATOR_SETTINGS: SimulatorSettings = {
  townKmh: 30,
  countryKmh: 70,
  countryLegKm: 3,
  detourFactor: 1.3,
  maxWaitMinutes: 30,
  noiseMetres: 5,
};

const EARTH_RADIUS_M = 6_371_000;
const toRad = (deg: number) => (deg * Math.PI) / 180;

export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial compass bearing from a to b, in [0, 360). */
export function bearingDegrees(a: LatLng, b: LatLng): number {
  const y = Math.sin(toRad(b.lng - a.lng)) * Math.cos(toRad(b.lat));
  const x =
    Math.cos(toRad(a.lat)) * Math.sin(toRad(b.lat)) -
    Math.sin(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.cos(toRad(b.lng - a.lng));
  const degrees = (Math.atan2(y, x) * 180) / Math.PI;
  const normalised = (degrees + 360) % 360;
  return normalised >= 360 ? 0 : normalised;
}

export type TripSegment =
  | { kind: 'drive'; from: LatLng; to: LatLng; startMs: number; endMs: number; kmh: number; heading: number }
  | { kind: 'wait'; at: LatLng; startMs: number; endMs: number; stopIndex: number; heading: number | null };

export interface TripTimeline {
  startMs: number;
  endMs: number;
  start: LatLng;
  finish: LatLng;
  segments: TripSegment[];
}

/** The trip as a list of drives and waits, from leaving the depo to arriving where it ends. */
export function tripTimeline(plan: TripPlan, settings: SimulatorSettings = SIMULATOR_SETTINGS): TripTimeline {
  const segments: TripSegment[] = [];
  const startMs = plan.startAt.getTime();
  let clock = startMs;
  let here: LatLng = plan.depot;
  let heading: number | null = null;
  const drive = (to: LatLng) => {
    const roadKm = (distanceMetres(here, to) * settings.detourFactor) / 1000;
    if (roadKm > 0) {
      const kmh = roadKm >= settings.countryLegKm ? settings.countryKmh : settings.townKmh;
      const endMs = clock + Math.round((roadKm / kmh) * 3_600_000);
      heading = bearingDegrees(here, to);
      segments.push({ kind: 'drive', from: here, to, startMs: clock, endMs, kmh, heading });
      clock = endMs;
    }
    here = to;
  };
  plan.stops.forEach((stop, stopIndex) => {
    drive(stop);
    const waitMinutes = Math.min(Math.max(stop.waitHours, 0) * 60, settings.maxWaitMinutes);
    const endMs = clock + Math.round(waitMinutes * 60_000);
    segments.push({ kind: 'wait', at: { lat: stop.lat, lng: stop.lng }, startMs: clock, endMs, stopIndex, heading });
    clock = endMs;
  });
  if (plan.end) drive(plan.end);
  return { startMs, endMs: clock, start: plan.depot, finish: here, segments };
}

export interface TruckState extends LatLng {
  speedKmh: number;
  heading: number | null;
  /** parked: before the start or after the end; stop: waiting at stops[stopIndex]. */
  phase: 'parked' | 'driving' | 'stop';
  stopIndex: number | null;
}

/** Where the truck is at `atMs`, without noise. */
export function truckStateAt(timeline: TripTimeline, atMs: number): TruckState {
  if (atMs < timeline.startMs)
    return { ...timeline.start, speedKmh: 0, heading: null, phase: 'parked', stopIndex: null };
  for (const segment of timeline.segments) {
    if (atMs >= segment.endMs) continue;
    if (segment.kind === 'wait') {
      return { ...segment.at, speedKmh: 0, heading: segment.heading, phase: 'stop', stopIndex: segment.stopIndex };
    }
    // Drawn straight between the two points; the detour is in the leg's duration.
    const f = (atMs - segment.startMs) / (segment.endMs - segment.startMs);
    return {
      lat: segment.from.lat + (segment.to.lat - segment.from.lat) * f,
      lng: segment.from.lng + (segment.to.lng - segment.from.lng) * f,
      speedKmh: segment.kmh,
      heading: segment.heading,
      phase: 'driving',
      stopIndex: null,
    };
  }
  const last = timeline.segments.at(-1);
  return { ...timeline.finish, speedKmh: 0, heading: last ? last.heading : null, phase: 'parked', stopIndex: null };
}

/**
 * The clock the simulator drives by. Inside the day's driving hours (from the first trip's start to the last
 * trip's end) it is the real clock. Outside them the day's trips are replayed on a loop: the clock is the first
 * start plus the time since that start, modulo the length of the driving hours. So trucks move at any hour.
 */
export function simulatorClockMs(timelines: readonly TripTimeline[], nowMs: number): number {
  if (timelines.length === 0) return nowMs;
  const first = Math.min(...timelines.map((t) => t.startMs));
  const last = Math.max(...timelines.map((t) => t.endMs));
  const length = last - first;
  if (length <= 0 || (nowMs >= first && nowMs <= last)) return nowMs;
  return first + ((((nowMs - first) % length) + length) % length);
}

/** A repeatable pseudo-random number in [0, 1) per (seed, tick): FNV-1a, then one round of mulberry32. */
export function noiseUnit(seed: string, tick: number, salt: number): number {
  let h = 0x811c9dc5;
  const text = `${seed}:${tick}:${salt}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let t = (h + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** The position moved by GPS noise: a point within `radiusMetres`, evenly spread over the disc. */
export function withNoise(position: LatLng, seed: string, tick: number, radiusMetres: number): LatLng {
  const r = radiusMetres * Math.sqrt(noiseUnit(seed, tick, 1));
  const angle = 2 * Math.PI * noiseUnit(seed, tick, 2);
  const metresPerDegreeLat = (Math.PI * EARTH_RADIUS_M) / 180;
  return {
    lat: position.lat + (r * Math.cos(angle)) / metresPerDegreeLat,
    lng: position.lng + (r * Math.sin(angle)) / (metresPerDegreeLat * Math.cos(toRad(position.lat))),
  };
}
