// The real GPS provider: MapOn's REST API. One call per tick and tenant lists the account's units with their
// last location: `GET {MAPON_API_URL}/unit/list.json?key=<MAPON_API_KEY>` →
// `{ data: { units: [{ unit_id, lat, lng, speed, direction, last_update }] } }` (last_update in ISO 8601 UTC).
// A car is the unit whose unit_id is its cars.mapon_car_id. Units that report no usable location, or a car
// whose unit is not in the list, become problems (logged), never rows.
import type { GpsFix, GpsProblem, GpsProvider, TrackedCar } from './gps.ts';
import { getProviderJson, ProviderError } from './provider-error.ts';

export const MAPON_DEFAULT_URL = 'https://mapon.com/api/v1';

export interface MaponConfig {
  baseUrl: string;
  apiKey: string;
  /** A tick comes every 5 s: a slower answer is dropped rather than piling up. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface MaponUnit {
  unit_id?: unknown;
  lat?: unknown;
  lng?: unknown;
  speed?: unknown;
  direction?: unknown;
  last_update?: unknown;
}

/** A fix more than this far ahead of our clock is a broken device clock, not a position. */
const FUTURE_TOLERANCE_MS = 2 * 60_000;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function maponGps(config: MaponConfig): GpsProvider {
  return {
    name: 'mapon',
    async locate(cars, now) {
      const units = await listUnits(config);
      const fixes: GpsFix[] = [];
      const problems: GpsProblem[] = [];
      for (const car of cars) {
        if (!car.maponUnitId) continue;
        const unit = units.get(car.maponUnitId);
        if (!unit) {
          problems.push({ carId: car.carId, reason: `MapOn unit ${car.maponUnitId} is not in the account` });
          continue;
        }
        const fix = toFix(car, unit, now);
        if (typeof fix === 'string')
          problems.push({ carId: car.carId, reason: `MapOn unit ${car.maponUnitId} ${fix}` });
        else if (fix) fixes.push(fix);
      }
      return { fixes, problems };
    },
  };
}

async function listUnits(config: MaponConfig): Promise<Map<string, MaponUnit>> {
  const url = new URL('unit/list.json', config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
  url.searchParams.set('key', config.apiKey);
  const body = (await getProviderJson('MapOn', url, { fetch: config.fetch, timeoutMs: config.timeoutMs ?? 4_000 })) as {
    data?: { units?: unknown };
    error?: { msg?: unknown; code?: unknown };
  } | null;
  // MapOn reports a refused key or a bad request as an `error` object.
  if (body?.error)
    throw new ProviderError(
      'MapOn',
      `answered error ${String(body.error.code ?? '')} ${String(body.error.msg ?? '')}`.trim(),
    );
  const list = body?.data?.units;
  if (!Array.isArray(list)) throw new ProviderError('MapOn', 'answered without a units list');
  const units = new Map<string, MaponUnit>();
  for (const unit of list as MaponUnit[]) {
    if (unit && (typeof unit.unit_id === 'number' || typeof unit.unit_id === 'string'))
      units.set(String(unit.unit_id), unit);
  }
  return units;
}

/** The unit's fix; null when it is the one we already have; a reason when it cannot be used. */
function toFix(car: TrackedCar, unit: MaponUnit, now: Date): GpsFix | string | null {
  const { lat, lng } = unit;
  if (!finite(lat) || !finite(lng)) return 'reports no location';
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180 || (lat === 0 && lng === 0))
    return `reports an impossible location (${lat}, ${lng})`;
  const recordedAt = typeof unit.last_update === 'string' ? new Date(unit.last_update) : null;
  if (!recordedAt || Number.isNaN(recordedAt.getTime())) return 'reports no time for its location';
  if (recordedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
    return `reports a location from the future (${unit.last_update as string})`;
  if (car.latestAt && recordedAt.getTime() <= car.latestAt.getTime()) return null;
  return {
    tenantId: car.tenantId,
    carId: car.carId,
    depoId: car.depoId,
    recordedAt,
    lat,
    lng,
    speedKmh: finite(unit.speed) && unit.speed >= 0 ? unit.speed : null,
    heading: finite(unit.direction) ? ((unit.direction % 360) + 360) % 360 : null,
  };
}
