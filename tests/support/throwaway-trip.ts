import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { asPostgres, client, serviceClient } from './clients.ts';
import { positionsApplied } from './positions-applied.ts';

/** A signed-in member of a tenant with the given role and depos (created through the Auth admin API). */
export interface Member {
  id: string;
  client: SupabaseClient;
  remove(): Promise<void>;
}

export async function addMember(
  tenantId: string,
  role: 'admin' | 'depo_admin' | 'support' | 'driver',
  depoIds: number[],
): Promise<Member> {
  const email = `${role}-${randomUUID().slice(0, 8)}@contract.test`;
  const password = `pw-${randomUUID()}`;
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const id = created.data.user.id;
  await asPostgres(async (db) => {
    // A driver's or support's one depo is checked at commit: membership and depos go in together.
    await db.query('begin');
    await db.query(
      `insert into public.staff_profiles (user_id, email, first_name, last_name) values ($1, $2, 'Test', $3)`,
      [id, email, role],
    );
    await db.query(`insert into public.tenant_memberships (tenant_id, user_id, role) values ($1, $2, $3)`, [
      tenantId,
      id,
      role,
    ]);
    await db.query(
      `insert into public.membership_depos (tenant_id, user_id, depo_id) select $1, $2, unnest($3::bigint[])`,
      [tenantId, id, depoIds],
    );
    await db.query('commit');
  });
  const memberClient = client();
  const signedIn = await memberClient.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return { id, client: memberClient, remove: async () => void (await serviceClient().auth.admin.deleteUser(id)) };
}

export interface TripStop {
  id: number;
  uuid: string;
  position: number;
  lat: number;
  lng: number;
}

export interface Trip {
  planEventId: number;
  carId: number;
  routeId: number;
  stops: TripStop[];
}

export interface TripOptions {
  tenantId: string;
  depoId: number;
  /** A member of the tenant; one plan event per member and date. */
  userId: string;
  stops: number;
  /** Days from the tenant's today. Default 0. */
  dayOffset?: number;
  startAt?: { hour: number; min: number };
  started?: boolean;
  /** Stops 1..visited are visited already. */
  visited?: number;
  /** Give every stop an original (and current) estimate already, so no planned estimate is due. */
  planned?: boolean;
  waitHours?: number;
}

/**
 * A route north of Aarhus (stop i about 0.55 km × i from the route's start), a car, and a plan event on it,
 * with its stops copied as the calendar does. Remove it with removeTrip (or with the tenant).
 */
export async function createTrip(options: TripOptions): Promise<Trip> {
  return asPostgres(async (db) => {
    const tag = randomUUID().slice(0, 8);
    const car = await db.query<{ id: string }>(
      `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, $3) returning id`,
      [options.tenantId, options.depoId, `T-${tag}`],
    );
    const route = await db.query<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name, start_lat, start_lng) values ($1, $2, $3, 56.15, 10.2) returning id`,
      [options.tenantId, options.depoId, `Trip ${tag}`],
    );
    await db.query(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, wait_time)
       select $1, $2, $3, i, 'Testvej ' || i, 56.15 + i * 0.005, 10.2, $5 from generate_series(1, $4::int) i`,
      [options.tenantId, route.rows[0]!.id, options.depoId, options.stops, options.waitHours ?? 0.1],
    );
    const event = await db.query<{ id: string }>(
      `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour, start_at_min, started_at)
       select t.id, $2, (now() at time zone t.time_zone)::date + $5::int, $3, $4, $6, $7, $8, case when $9 then now() - interval '1 hour' end
       from public.tenants t where t.id = $1 returning id`,
      [
        options.tenantId,
        options.depoId,
        route.rows[0]!.id,
        options.userId,
        options.dayOffset ?? 0,
        car.rows[0]!.id,
        options.startAt?.hour ?? 8,
        options.startAt?.min ?? 0,
        options.started ?? false,
      ],
    );
    const stops = await db.query<TripStop>(
      `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng,
                                                   original_google_estimate_time, google_estimate_time, point_visited, visited_at)
       select rp.tenant_id, $2, rp.id, rp.depo_id, rp.position, rp.address, rp.lat, rp.lng,
              case when $3 then now() + make_interval(mins => rp.position * 5) end,
              case when $3 then now() + make_interval(mins => rp.position * 5) end,
              case when rp.position <= $4 then true end, case when rp.position <= $4 then now() - interval '30 minutes' end
       from public.route_points rp where rp.route_id = $1
       returning id::int, uuid, position, lat, lng`,
      [route.rows[0]!.id, event.rows[0]!.id, options.planned ?? false, options.visited ?? 0],
    );
    return {
      planEventId: Number(event.rows[0]!.id),
      carId: Number(car.rows[0]!.id),
      routeId: Number(route.rows[0]!.id),
      stops: stops.rows.sort((a, b) => a.position - b.position),
    };
  });
}

/** Removes a tenant's plan events (started ones too) and car positions, so the tenant and its routes can go. */
export async function removeTrips(tenantId: string): Promise<void> {
  await asPostgres(async (db) => {
    await db.query('delete from public.car_positions where tenant_id = $1', [tenantId]);
    await db.query('update public.plan_events set started_at = null where tenant_id = $1', [tenantId]);
    await db.query('delete from public.plan_events where tenant_id = $1', [tenantId]);
  });
}

/** Records a GPS fix of the trip's car, as the positions feed does, once applied to the car; returns its time. */
export async function reportPosition(
  trip: Trip,
  at: { lat: number; lng: number },
  recordedAt = new Date(),
): Promise<Date> {
  const {
    rows: [car],
  } = await asPostgres((db) =>
    db.query<{ tenant_id: string }>(
      `insert into public.car_positions (tenant_id, car_id, depo_id, recorded_at, lat, lng)
       select tenant_id, id, depo_id, $2, $3, $4 from public.cars where id = $1 returning tenant_id`,
      [trip.carId, recordedAt.toISOString(), at.lat, at.lng],
    ),
  );
  await positionsApplied({ tenantId: car.tenant_id, carIds: [trip.carId] });
  return recordedAt;
}

export interface StopEstimateRow {
  id: number;
  position: number;
  google_estimate_time: Date | null;
  original_google_estimate_time: Date | null;
}

export async function stopEstimates(trip: Trip): Promise<StopEstimateRow[]> {
  return asPostgres(
    async (db) =>
      (
        await db.query<StopEstimateRow>(
          `select id::int, position, google_estimate_time, original_google_estimate_time
       from public.plan_event_route_points where plan_event_id = $1 order by position`,
          [trip.planEventId],
        )
      ).rows,
  );
}
