// What one gps-sync tick reads (service role, PostgREST): the tenants, each one's cars with a plan event today
// (their trips, for the simulator) and the cars linked to a MapOn unit (for MapOn).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { LatLng, TrackedCar } from '../_shared/providers/gps.ts';
import { localDate } from '../_shared/zoned-time.ts';
import { addDays, type PlannedStop, tripOfTheDay } from './trip-of-the-day.ts';

export interface SyncTenant {
  id: string;
  slug: string;
  time_zone: string;
}

/** PostgREST answers at most max_rows (1000) rows a request: larger sets are read page by page. */
const PAGE = 500;
/** Bounded work per tick: beyond this many cars in one tick the rest wait for the next (and it is logged). */
export const MAX_CARS_PER_TICK = 5_000;

export async function loadTenants(service: SupabaseClient, slug: string | undefined): Promise<SyncTenant[]> {
  let query = service.from('tenants').select('id, slug, time_zone').eq('is_public', false).order('slug');
  if (slug) query = query.eq('slug', slug);
  const { data, error } = await query;
  if (error) throw new Error(`reading tenants failed: ${error.message}`);
  return (data ?? []) as SyncTenant[];
}

interface PlanEventRow {
  id: number;
  tenant_id: string;
  depo_id: number;
  car_id: number;
  date: string;
  day_span: number;
  start_at_hour: number;
  start_at_min: number;
  car: { mapon_car_id: string | null; latest_location_updated_at: string | null; deleted_at: string | null } | null;
  depo: { address_lat: number | null; address_lng: number | null } | null;
  route: {
    return_to_depo: boolean;
    start_lat: number | null;
    start_lng: number | null;
    end_lat: number | null;
    end_lng: number | null;
  } | null;
  stops: {
    position: number;
    lat: number | null;
    lng: number | null;
    arrival_date: string | null;
    route_point: { wait_time: number | string } | null;
  }[];
}

const PLAN_EVENT_COLUMNS = [
  'id, tenant_id, depo_id, car_id, date, day_span, start_at_hour, start_at_min',
  'car:cars(mapon_car_id, latest_location_updated_at, deleted_at)',
  'depo:depos(address_lat, address_lng)',
  // plan_events refers to routes twice (the route, and the route it was converted to): name the first.
  'route:routes!plan_events_route_id_same_depo_fkey(return_to_depo, start_lat, start_lng, end_lat, end_lng)',
  'stops:plan_event_route_points(position, lat, lng, arrival_date, route_point:route_points(wait_time))',
].join(', ');

/** The spec's default wait of a route point (2 hours), for a stop whose route point is gone. */
const DEFAULT_WAIT_HOURS = 2;

function point(lat: number | null | undefined, lng: number | null | undefined): LatLng | null {
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
}

/**
 * Plans change a few times a day but ticks come every 5 s: a worker reuses what it read for this long (500 trucks
 * of 60 stops are 30,000 stop rows a read). A changed plan reaches the simulator within that time.
 */
const TRIPS_REUSE_MS = 30_000;
let lastTrips: { key: string; readAt: number; cars: TrackedCar[] } | null = null;

/** A plan event spans at most this many days (plan_events.day_span). */
const MAX_DAY_SPAN = 14;

/** Today's trips of the tenants (each tenant's own today, any day of a multi-day plan event), one tracked car per plan event. */
export async function loadTodaysTrips(
  service: SupabaseClient,
  tenants: readonly SyncTenant[],
  now: Date,
): Promise<TrackedCar[]> {
  if (tenants.length === 0) return [];
  const key = tenants.map((t) => `${t.id}:${localDate(t.time_zone, now)}`).join(',');
  if (lastTrips && lastTrips.key === key && now.getTime() - lastTrips.readAt < TRIPS_REUSE_MS) return lastTrips.cars;
  const cars = await readTodaysTrips(service, tenants, now);
  lastTrips = { key, readAt: now.getTime(), cars };
  return cars;
}

async function readTodaysTrips(
  service: SupabaseClient,
  tenants: readonly SyncTenant[],
  now: Date,
): Promise<TrackedCar[]> {
  const todayOf = new Map(tenants.map((t) => [t.id, localDate(t.time_zone, now)]));
  const zoneOf = new Map(tenants.map((t) => [t.id, t.time_zone]));
  const todays = [...new Set(todayOf.values())].sort();
  // Today's plan events, and the multi-day ones of the last days that may still cover today.
  const covering = `date.in.(${todays.join(',')}),and(day_span.gt.1,date.gte.${addDays(todays[0]!, 1 - MAX_DAY_SPAN)},date.lt.${todays.at(-1)})`;
  const rows: PlanEventRow[] = [];
  for (let from = 0; rows.length < MAX_CARS_PER_TICK; from += PAGE) {
    const { data, error } = await service
      .from('plan_events')
      .select(PLAN_EVENT_COLUMNS)
      .in(
        'tenant_id',
        tenants.map((t) => t.id),
      )
      .or(covering)
      .order('id')
      .range(from, from + PAGE - 1);
    if (error) throw new Error(`reading today's plan events failed: ${error.message}`);
    const page = (data ?? []) as unknown as PlanEventRow[];
    rows.push(...page);
    if (page.length < PAGE) break;
  }
  return rows.flatMap((row): TrackedCar[] => {
    const zone = zoneOf.get(row.tenant_id);
    const today = todayOf.get(row.tenant_id);
    if (!zone || !today || !row.car || row.car.deleted_at) return [];
    const stops = row.stops.flatMap((stop): PlannedStop[] => {
      const at = point(stop.lat, stop.lng);
      const waitHours = stop.route_point ? Number(stop.route_point.wait_time) : DEFAULT_WAIT_HOURS;
      return at
        ? [
            {
              ...at,
              waitHours: Number.isFinite(waitHours) ? waitHours : DEFAULT_WAIT_HOURS,
              position: stop.position,
              arrivalDate: stop.arrival_date,
            },
          ]
        : [];
    });
    // The depo's address, else where the route starts, else its first stop.
    const first = [...stops].sort((a, b) => a.position - b.position)[0];
    const depot =
      point(row.depo?.address_lat, row.depo?.address_lng) ??
      point(row.route?.start_lat, row.route?.start_lng) ??
      (first ? { lat: first.lat, lng: first.lng } : null);
    if (!depot) return [];
    const trip = tripOfTheDay(
      {
        tenantId: row.tenant_id,
        planEventId: row.id,
        date: row.date,
        daySpan: row.day_span,
        startAtHour: row.start_at_hour,
        startAtMin: row.start_at_min,
        depot,
        end: row.route?.return_to_depo === false ? null : (point(row.route?.end_lat, row.route?.end_lng) ?? depot),
        stops,
      },
      today,
      zone,
    );
    if (!trip) return [];
    return [
      {
        tenantId: row.tenant_id,
        carId: row.car_id,
        depoId: row.depo_id,
        maponUnitId: row.car.mapon_car_id,
        latestAt: row.car.latest_location_updated_at ? new Date(row.car.latest_location_updated_at) : null,
        trip,
      },
    ];
  });
}

interface CarRow {
  id: number;
  tenant_id: string;
  depo_id: number;
  mapon_car_id: string;
  latest_location_updated_at: string | null;
}

/** The tenants' active cars that carry a MapOn unit. */
export async function loadMaponCars(service: SupabaseClient, tenants: readonly SyncTenant[]): Promise<TrackedCar[]> {
  if (tenants.length === 0) return [];
  const rows: CarRow[] = [];
  for (let from = 0; rows.length < MAX_CARS_PER_TICK; from += PAGE) {
    const { data, error } = await service
      .from('cars')
      .select('id, tenant_id, depo_id, mapon_car_id, latest_location_updated_at')
      .in(
        'tenant_id',
        tenants.map((t) => t.id),
      )
      .eq('status', 'active')
      .is('deleted_at', null)
      .not('mapon_car_id', 'is', null)
      .order('id')
      .range(from, from + PAGE - 1);
    if (error) throw new Error(`reading MapOn cars failed: ${error.message}`);
    const page = (data ?? []) as CarRow[];
    rows.push(...page);
    if (page.length < PAGE) break;
  }
  return rows.map((row) => ({
    tenantId: row.tenant_id,
    carId: row.id,
    depoId: row.depo_id,
    maponUnitId: row.mapon_car_id.trim() || null,
    latestAt: row.latest_location_updated_at ? new Date(row.latest_location_updated_at) : null,
    trip: null,
  }));
}
