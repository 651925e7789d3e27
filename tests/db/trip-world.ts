import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { client, serviceClient } from '../support/clients.ts';
import { positionsApplied } from '../support/positions-applied.ts';
import { stackInfo } from '../support/stack-info.ts';

/** A point on the map. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A GPS fix as the GPS side writes it. */
export interface Fix extends LatLng {
  recorded_at: string;
}

export interface TripWorld {
  tenantId: string;
  depoId: number;
  carId: number;
  planEventId: number;
  /** The plan event's stops, by position (1-based). */
  stopIds: number[];
  /** The instant the simulated trip starts: noon of the tenant's today, so every fix is on the plan event's date. */
  startsAt: Date;
  /** Signs in as the trip's driver (works in the trip's depo) or as a depo admin of the tenant's other depo. */
  signIn(who: 'driver' | 'other depo admin'): Promise<SupabaseClient>;
  drop(): Promise<void>;
}

/** Runs SQL as the platform superuser. */
export async function asAdmin<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/**
 * A tenant of its own (so demo counts stay as they are) with one depo, a driver, a car and a plan event today
 * whose stops are at `stops`. `started` sets started_at (car_not_moving only applies to a started trip);
 * `depot` gives the depo's address coordinates (where a trip departs from).
 */
export async function createTripWorld(
  stops: LatLng[],
  options: { started?: boolean; timeZone?: string; depot?: LatLng } = {},
): Promise<TripWorld> {
  const slug = `zz-trip-${randomUUID().slice(0, 8)}`;
  const password = `pw-${randomUUID()}`;
  const email = `driver-${slug}@trips.test`;
  const otherEmail = `depo-admin-${slug}@trips.test`;
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const userId = created.data.user.id;
  const other = await serviceClient().auth.admin.createUser({ email: otherEmail, password, email_confirm: true });
  if (other.error) throw other.error;
  const otherId = other.data.user.id;
  return asAdmin(async (db) => {
    await db.query('begin');
    const {
      rows: [tenant],
    } = await db.query<{ id: string }>(
      `insert into public.tenants (slug, name, time_zone) values ($1, $1, $2) returning id`,
      [slug, options.timeZone ?? 'Europe/Copenhagen'],
    );
    const {
      rows: [depo],
    } = await db.query<{ id: string }>(
      `insert into public.depos (tenant_id, title, address, address_lat, address_lng) values ($1, 'Depo', 'Depovej 1', $2, $3) returning id`,
      [tenant.id, options.depot?.lat ?? null, options.depot?.lng ?? null],
    );
    const depoId = Number(depo.id);
    await db.query(
      `insert into public.staff_profiles (user_id, email, first_name, last_name) values ($1, $2, 'Trip', 'Driver')`,
      [userId, email],
    );
    await db.query(`insert into public.tenant_memberships (tenant_id, user_id, role) values ($1, $2, 'driver')`, [
      tenant.id,
      userId,
    ]);
    await db.query('insert into public.membership_depos (tenant_id, user_id, depo_id) values ($1, $2, $3)', [
      tenant.id,
      userId,
      depoId,
    ]);
    const {
      rows: [otherDepo],
    } = await db.query<{ id: string }>(
      `insert into public.depos (tenant_id, title, address) values ($1, 'Other depo', 'Depovej 2') returning id`,
      [tenant.id],
    );
    await db.query(
      `insert into public.staff_profiles (user_id, email, first_name, last_name) values ($1, $2, 'Other', 'Admin')`,
      [otherId, otherEmail],
    );
    await db.query(`insert into public.tenant_memberships (tenant_id, user_id, role) values ($1, $2, 'depo_admin')`, [
      tenant.id,
      otherId,
    ]);
    await db.query('insert into public.membership_depos (tenant_id, user_id, depo_id) values ($1, $2, $3)', [
      tenant.id,
      otherId,
      otherDepo.id,
    ]);
    const {
      rows: [car],
    } = await db.query<{ id: string }>(
      `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, 'T1', $3) returning id`,
      [tenant.id, depoId, slug.slice(-8)],
    );
    const {
      rows: [route],
    } = await db.query<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, 'Trip route') returning id`,
      [tenant.id, depoId],
    );
    const {
      rows: [clock],
    } = await db.query<{ today: string; noon: Date }>(
      `select to_char((now() at time zone t.time_zone)::date, 'YYYY-MM-DD') as today,
              (((now() at time zone t.time_zone)::date + time '12:00') at time zone t.time_zone) as noon
         from public.tenants t where t.id = $1`,
      [tenant.id],
    );
    const {
      rows: [event],
    } = await db.query<{ id: string }>(
      `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour, started_at)
       values ($1, $2, $3, $4, $5, $6, 12, $7) returning id`,
      [tenant.id, depoId, clock.today, route.id, userId, car.id, options.started === false ? null : clock.noon],
    );
    const stopIds: number[] = [];
    for (const [i, stop] of stops.entries()) {
      const {
        rows: [point],
      } = await db.query<{ id: string }>(
        `insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, lat, lng, arrival_date)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [tenant.id, event.id, depoId, i + 1, `Stop ${i + 1}`, stop.lat, stop.lng, clock.today],
      );
      stopIds.push(Number(point.id));
    }
    await db.query('commit');
    const tenantId = tenant.id;
    return {
      tenantId,
      depoId,
      carId: Number(car.id),
      planEventId: Number(event.id),
      stopIds,
      startsAt: new Date(clock.noon),
      async signIn(who) {
        const signedIn = client();
        const { error } = await signedIn.auth.signInWithPassword({
          email: who === 'driver' ? email : otherEmail,
          password,
        });
        if (error) throw error;
        await signedIn.realtime.setAuth();
        return signedIn;
      },
      async drop() {
        await asAdmin(async (admin) => {
          // Customers and SMS receivers some tests add.
          await admin.query('delete from public.sms_receivers where tenant_id = $1', [tenantId]);
          await admin.query('delete from public.customers where tenant_id = $1', [tenantId]);
          // A started plan event cannot be deleted: un-start it first (only clients are kept from doing so).
          await admin.query(`update public.plan_events set started_at = null where tenant_id = $1`, [tenantId]);
          await admin.query('delete from public.plan_events where tenant_id = $1', [tenantId]);
          await admin.query('delete from public.routes where tenant_id = $1', [tenantId]);
          // Positions go with their car (the depo's key on them does not cascade).
          await admin.query('delete from public.cars where tenant_id = $1', [tenantId]);
          await admin.query('delete from public.tenants where id = $1', [tenantId]);
        });
        await serviceClient().auth.admin.deleteUser(userId);
        await serviceClient().auth.admin.deleteUser(otherId);
      },
    };
  });
}

const EARTH_RADIUS_M = 6_371_000;

/** Moves `meters` from a point along a bearing (degrees from north). */
export function offset(from: LatLng, meters: number, bearingDeg: number): LatLng {
  const bearing = (bearingDeg * Math.PI) / 180;
  const dLat = (meters * Math.cos(bearing)) / EARTH_RADIUS_M;
  const dLng = (meters * Math.sin(bearing)) / (EARTH_RADIUS_M * Math.cos((from.lat * Math.PI) / 180));
  return { lat: from.lat + (dLat * 180) / Math.PI, lng: from.lng + (dLng * 180) / Math.PI };
}

/** Builds a trip's fixes every `everyS` seconds: drive legs at a speed, wait at points. */
export class TripScript {
  readonly fixes: Fix[] = [];
  private at: Date;
  private here: LatLng;

  constructor(
    start: LatLng,
    startsAt: Date,
    private readonly everyS = 5,
  ) {
    this.here = start;
    this.at = startsAt;
    this.emit();
  }

  private emit(): void {
    this.fixes.push({ lat: this.here.lat, lng: this.here.lng, recorded_at: this.at.toISOString() });
  }

  private tick(): void {
    this.at = new Date(this.at.getTime() + this.everyS * 1000);
  }

  /** Drives in a straight line to `to` at `kmh`. */
  driveTo(to: LatLng, kmh: number): this {
    const from = this.here;
    const meters = distanceM(from, to);
    const steps = Math.max(1, Math.ceil(meters / ((kmh / 3.6) * this.everyS)));
    for (let i = 1; i <= steps; i += 1) {
      this.tick();
      this.here = {
        lat: from.lat + ((to.lat - from.lat) * i) / steps,
        lng: from.lng + ((to.lng - from.lng) * i) / steps,
      };
      this.emit();
    }
    return this;
  }

  /** Stays where it is for `seconds`, with GPS noise of a few metres. */
  wait(seconds: number): this {
    const spot = this.here;
    for (let s = this.everyS; s <= seconds; s += this.everyS) {
      this.tick();
      this.here = offset(spot, 3 + (s % 4), (s * 37) % 360);
      this.emit();
    }
    this.here = spot;
    return this;
  }
}

export function distanceM(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/**
 * Writes fixes the way the GPS sync does (multi-row inserts through PostgREST with the service role, 500 a
 * request) and waits until the database has applied them to the car and its trip.
 */
export async function writeFixes(world: Pick<TripWorld, 'tenantId' | 'carId' | 'depoId'>, fixes: Fix[]): Promise<void> {
  for (let i = 0; i < fixes.length; i += 500) {
    const rows = fixes.slice(i, i + 500).map((f) => ({
      tenant_id: world.tenantId,
      car_id: world.carId,
      depo_id: world.depoId,
      recorded_at: f.recorded_at,
      lat: f.lat,
      lng: f.lng,
      speed_kmh: 30,
      heading: 90,
    }));
    const { error } = await serviceClient().from('car_positions').insert(rows);
    if (error) throw new Error(`writing fixes: ${error.message}`);
  }
  await positionsApplied({ tenantId: world.tenantId, carIds: [world.carId] });
}

/** Decodes a Google encoded polyline (precision 5). */
export function decodePolyline(encoded: string): LatLng[] {
  const points: LatLng[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push({ lat: lat / 1e5, lng: lng / 1e5 });
  }
  return points;
}
