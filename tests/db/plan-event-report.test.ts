import { randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import type { Database } from '../../src/shared/supabase/database.types.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb, randomPhone } from './sms-world.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';

// The plan-event report and convert to route (migration 20261127050000_plan_event_report.sql) on plan events of
// their own in hjem-is: what the report holds (header, revenue, stop statuses, times, subscribers, trail), who may
// read it and convert, another tenant's and forged ids, a second conversion and a taken name.

type Route = Database['public']['Tables']['routes']['Row'];

interface ReportStop {
  position: number;
  address: string;
  status: string;
  point_visited: boolean | null;
  actual_arrival_time: string | null;
  duration_seconds: number | null;
  original_estimate: string | null;
  estimate: string | null;
  subscribers: number;
}
interface Report {
  plan_event: Record<string, unknown> & { trail: string; revenue: number | null; converted_route_id: number | null };
  stops: ReportStop[];
}

const TENANT = 'hjem-is';
const NOT_FOUND = 'Not found';
const members = new Map<string, DemoMember>();
let db: pg.Client;
let tenantId: string;
let depoId: number;
let carId: number;
let adminUserId: string;
const tag = `report-${randomUUID().slice(0, 8)}`;
const made = { routes: [] as number[], planEvents: [] as number[], customers: [] as number[], b2b: [] as number[] };
const ADDRESSES = ['Algade 1', 'Borgergade 2', 'Christiansgade 3', 'Unplanned sale 4', 'Dalgade 5'];
const TRAIL = { lats: [57.05, 57.06, 57.07], lngs: [9.92, 9.93, 9.94] };

/** A day far in the past nobody else plans on (one plan event per route, and per driver, on a date). */
const freeDay = (offset: number) => {
  const day = new Date(Date.UTC(2010, 0, 1) + (randomInt(0, 1500) * 3 + offset) * 86_400_000);
  return day.toISOString().slice(0, 10);
};

/**
 * A plan event of its own: stop 1 visited (with a subscriber), 2 skipped, 3 an e-shop delivery, 4 a sale where no
 * stop was planned (no route point), 5 not reached; with an end-of-day report and a driven trail when asked.
 */
async function makePlanEvent(
  options: { eod?: boolean } = {},
): Promise<{ planEventId: number; routeName: string; date: string }> {
  const routeName = `${tag} ${made.routes.length + 1}`;
  const routeId = Number(
    (
      await db.query(
        `insert into public.routes (tenant_id, depo_id, name, radius, first_stop_arrival_time) values ($1, $2, $3, 200, '09:00') returning id`,
        [tenantId, depoId, routeName],
      )
    ).rows[0].id,
  );
  made.routes.push(routeId);
  for (const [index, address] of ADDRESSES.entries()) {
    if (index === 3) continue; // the unplanned sale is no point of the route
    await db.query(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, arrival_time, wait_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 0.25)`,
      [tenantId, routeId, depoId, index + 1, address, 57.05 + index * 0.01, 9.92 + index * 0.01, `${10 + index}:00`],
    );
  }
  const date = freeDay(made.planEvents.length);
  const planEventId = Number(
    (
      await db.query(
        `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, started_at)
     values ($1, $2, $3, $4, $5, $6, $3::date + time '08:00') returning id`,
        [tenantId, depoId, date, routeId, adminUserId, carId],
      )
    ).rows[0].id,
  );
  made.planEvents.push(planEventId);
  await db.query(
    `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng,
                                                 original_google_estimate_time, google_estimate_time, point_visited, visited_at,
                                                 actual_arrival_time, stop_duration)
     select $1, $2, rp.id, $3, p.position, x.address, 57.05 + (p.position - 1) * 0.01, 9.92 + (p.position - 1) * 0.01,
            $4::date + time '10:00' + make_interval(hours => p.position - 1),
            $4::date + time '10:05' + make_interval(hours => p.position - 1),
            x.visited, case when x.visited then $4::date + time '10:07' + make_interval(hours => p.position - 1) end,
            case when x.visited then $4::date + time '10:06' + make_interval(hours => p.position - 1) end,
            case when x.visited then interval '5 minutes' end
       from unnest($5::text[], array[true, false, true, true, null]::boolean[]) with ordinality x(address, visited, ord)
       cross join lateral (select x.ord::int as position) p
       left join public.route_points rp on rp.route_id = $6 and rp.address = x.address`,
    [tenantId, planEventId, depoId, date, ADDRESSES, routeId],
  );
  const stopId = async (position: number) =>
    Number(
      (
        await db.query('select id from public.plan_event_route_points where plan_event_id = $1 and position = $2', [
          planEventId,
          position,
        ])
      ).rows[0].id,
    );
  await db.query(
    `insert into public.webshop_orders (tenant_id, depo_id, kind, status, delivery_date, total, plan_event_route_point_id)
     values ($1, $2, 'eshop', 'completed', $3, 150, $4)`,
    [tenantId, depoId, date, await stopId(3)],
  );
  const customerId = Number(
    (
      await db.query(`insert into public.customers (tenant_id, phone) values ($1, $2) returning id`, [
        tenantId,
        randomPhone(),
      ])
    ).rows[0].id,
  );
  made.customers.push(customerId);
  await db.query(
    `insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id) values ($1, $2, $3, $4)`,
    [tenantId, customerId, await stopId(1), depoId],
  );
  if (options.eod) {
    await db.query(
      `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id, total, final_total)
       values ($1, $2, $3, $4, $5, 1234.5, 1234.5)`,
      [tenantId, depoId, planEventId, carId, adminUserId],
    );
    await db.query(
      `insert into app_private.plan_event_trail_chunks (tenant_id, plan_event_id, chunk, encoded, points)
       values ($1, $2, 0, app_private.encode_polyline($3::float8[], $4::float8[]), 3)`,
      [tenantId, planEventId, TRAIL.lats, TRAIL.lngs],
    );
  }
  return { planEventId, routeName, date };
}

const report = async (who: string, planEventId: number, tenant = TENANT) => {
  const { data, error } = await members
    .get(who)!
    .client.rpc('plan_event_report', { tenant_slug: tenant, plan_event_id: planEventId });
  return { data: data as Report | null, error };
};
const convert = async (who: string, planEventId: number, withUnvisited = false) => {
  const { data, error } = await members
    .get(who)!
    .client.rpc('convert_to_route', { plan_event_id: planEventId, with_unvisited_stops: withUnvisited });
  if (data) made.routes.push((data as Route).id);
  return { data: data as Route | null, error };
};
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');
const pointsOf = async (routeId: number) =>
  (
    await db.query<{ position: number; address: string; arrival_time: string }>(
      'select position, address, arrival_time::text from public.route_points where route_id = $1 and deleted_at is null order by position',
      [routeId],
    )
  ).rows;

let driven: { planEventId: number; routeName: string; date: string };

let lock: { release: () => Promise<void> } | undefined;

beforeAll(async () => {
  // Adds B2B customers, routes and plan events of hjem-is: not while the B2B list or the RLS matrix counts them.
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  db = await adminDb();
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember(TENANT, role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  tenantId = members.get('admin')!.tenantId;
  // A depo every demo role of hjem-is works in, so each reads its plan events.
  const shared = members
    .get('support')!
    .depoIds.filter((id) => ['depo_admin', 'driver'].every((r) => members.get(r)!.depoIds.includes(id)));
  depoId = shared[0]!;
  carId = Number(
    (await db.query('select id from public.cars where depo_id = $1 order by id limit 1', [depoId])).rows[0].id,
  );
  adminUserId = (await db.query(`select id from auth.users where email = $1`, [`admin@${TENANT}.test`])).rows[0].id;
  driven = await makePlanEvent({ eod: true });
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  if (db) {
    await db.query('delete from public.end_of_day_reports where plan_event_id = any ($1)', [made.planEvents]);
    await db.query('update public.plan_events set started_at = null where id = any ($1)', [made.planEvents]);
    await db.query('delete from public.plan_events where id = any ($1)', [made.planEvents]);
    await db.query('delete from public.routes where id = any ($1)', [made.routes]);
    await db.query('delete from public.customers where id = any ($1)', [made.customers]);
    await db.query('delete from public.b2b_customers where id = any ($1)', [made.b2b]);
    await db.end();
  }
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  await lock?.release();
});

describe('plan_event_report', () => {
  it('gives the header (route, driver, car, revenue in the EOD total) and the driven trail', async () => {
    const { data, error } = await report('admin', driven.planEventId);
    expect(error).toBeNull();
    const header = data!.plan_event;
    expect(header.route_name).toBe(driven.routeName);
    expect(header.date).toBe(driven.date);
    expect(header.driver_email).toBe(`admin@${TENANT}.test`);
    expect(header.car_internal_number).toBeTruthy();
    expect(Number(header.revenue)).toBe(1234.5);
    expect(header.title).toBe(`${driven.routeName} ${ddmmyyyy(driven.date)}`);
    const {
      rows: [expected],
    } = await db.query<{ trail: string }>('select app_private.encode_polyline($1::float8[], $2::float8[]) as trail', [
      TRAIL.lats,
      TRAIL.lngs,
    ]);
    expect(header.trail).toBe(expected.trail);
    expect(header.on_road).toBe(false); // a trip of a past day
    expect(header.converted_route_id).toBeNull();
  });

  it('lists every stop in order with its status, arrival, duration, estimates and subscribers', async () => {
    const { data } = await report('admin', driven.planEventId);
    const stops = data!.stops;
    expect(stops.map((s) => s.address)).toEqual(ADDRESSES);
    expect(stops.map((s) => s.status)).toEqual(['visited', 'skipped', 'eshop', 'unplanned', 'planned']);
    expect(stops.map((s) => s.point_visited)).toEqual([true, false, true, true, null]);
    expect(stops[0].duration_seconds).toBe(300);
    expect(stops[0].actual_arrival_time).not.toBeNull();
    expect(stops[1].actual_arrival_time).toBeNull();
    expect(new Date(stops[0].estimate!).getTime() - new Date(stops[0].original_estimate!).getTime()).toBe(5 * 60_000);
    expect(stops.map((s) => s.subscribers)).toEqual([1, 0, 0, 0, 0]);
  });

  it('has no revenue without an end-of-day report', async () => {
    const plain = await makePlanEvent();
    const { data, error } = await report('admin', plain.planEventId);
    expect(error).toBeNull();
    expect(data!.plan_event.revenue).toBeNull();
    expect(data!.plan_event.trail).toBe('');
  });

  it('is read by every role of the depo, drivers too', async () => {
    for (const who of ['depo_admin', 'support', 'driver']) {
      const { data, error } = await report(who, driven.planEventId);
      expect(error, who).toBeNull();
      expect(data!.stops).toHaveLength(ADDRESSES.length);
    }
  });

  it("answers Not found for another tenant's admin, a plan event named under another tenant, and a forged id", async () => {
    const foreign = await report('foreign admin', driven.planEventId, 'den-norske-isbilen');
    expect(foreign.data).toBeNull();
    expect(foreign.error!.message).toBe(NOT_FOUND);
    // Even as the foreign tenant's own slug plus this tenant's id, or this tenant's slug from outside it.
    expect((await report('foreign admin', driven.planEventId)).error!.message).toBe(NOT_FOUND);
    expect((await report('admin', driven.planEventId, 'den-norske-isbilen')).error!.message).toBe(NOT_FOUND);
    expect((await report('admin', 9_000_000_000)).error!.message).toBe(NOT_FOUND);
    const anon = await client().rpc('plan_event_report', { tenant_slug: TENANT, plan_event_id: driven.planEventId });
    expect(anon.error).not.toBeNull();
  });
});

describe('Stop SMS from the report', () => {
  it("is the SMS engine's: drivers are refused with the spec's sentence, support may stop", async () => {
    const target = await makePlanEvent();
    const refused = await members.get('driver')!.client.rpc('stop_sending_sms', { plan_event_id: target.planEventId });
    expect(refused.error!.message).toBe('You are not allowed to stop sms sendout for this plan event');
    const stopped = await members.get('support')!.client.rpc('stop_sending_sms', { plan_event_id: target.planEventId });
    expect(stopped.error).toBeNull();
    expect(stopped.data).toBe(1);
    const { data } = await report('support', target.planEventId);
    expect(data!.plan_event.sms_stopped_at).not.toBeNull();
  });
});

describe('convert_to_route', () => {
  it('is refused to depo admins, support and drivers, and Not found for another tenant', async () => {
    const target = await makePlanEvent();
    for (const who of ['depo_admin', 'support', 'driver']) {
      const { error } = await convert(who, target.planEventId);
      expect(error!.code, who).toBe('42501');
    }
    expect((await convert('foreign admin', target.planEventId)).error!.message).toBe(NOT_FOUND);
    expect((await convert('admin', 9_000_000_000)).error!.message).toBe(NOT_FOUND);
    const {
      rows: [pe],
    } = await db.query('select converted_route_id from public.plan_events where id = $1', [target.planEventId]);
    expect(pe.converted_route_id).toBeNull();
  });

  it('makes a pending route of the visited stops in the order driven, remembered on the plan event; a second time is refused', async () => {
    // The first stop's point serves a B2B customer: the new route's point keeps it.
    const b2b = Number(
      (
        await db.query(
          `insert into public.b2b_customers (tenant_id, customer_name, customer_number, shop_id) values ($1, 'Report shop', $2, 'S-1') returning id`,
          [tenantId, `${tag}-${randomInt(1e6)}`],
        )
      ).rows[0].id,
    );
    made.b2b.push(b2b);
    await db.query(
      `insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
       select s.tenant_id, s.route_point_id, $2, s.depo_id from public.plan_event_route_points s where s.plan_event_id = $1 and s.position = 1`,
      [driven.planEventId, b2b],
    );
    const { data: route, error } = await convert('admin', driven.planEventId);
    expect(error).toBeNull();
    const { rows: kept } = await db.query(
      `select p.position from public.route_point_b2b_customers b join public.route_points p on p.id = b.route_point_id
        where p.route_id = $1 and b.b2b_customer_id = $2`,
      [route!.id, b2b],
    );
    expect(kept.map((r) => r.position)).toEqual([1]);
    expect(route!.name).toBe(`${driven.routeName} ${ddmmyyyy(driven.date)}`);
    expect(route!.depo_id).toBe(depoId);
    expect(route!.should_approve).toBe('pending');
    const points = await pointsOf(route!.id);
    // Visited: stop 1, the e-shop stop 3 and the unplanned sale; each at the local time the truck arrived.
    expect(points.map((p) => [p.position, p.address])).toEqual([
      [1, ADDRESSES[0]],
      [2, ADDRESSES[2]],
      [3, ADDRESSES[3]],
    ]);
    expect(points[0].arrival_time).toMatch(/^\d\d:06:00$/);
    const {
      rows: [pe],
    } = await db.query('select converted_route_id, converted_at, converted_by from public.plan_events where id = $1', [
      driven.planEventId,
    ]);
    expect(Number(pe.converted_route_id)).toBe(route!.id);
    expect(pe.converted_at).not.toBeNull();
    expect(pe.converted_by).toBe(adminUserId);
    const seen = await report('support', driven.planEventId);
    expect(seen.data!.plan_event.converted_route_id).toBe(route!.id);
    expect(seen.data!.plan_event.converted_route_name).toBe(route!.name);

    const again = await convert('admin', driven.planEventId, true);
    expect(again.data).toBeNull();
    expect(again.error!.message).toBe(`Route has already been created or another one exists with name ${route!.name}`);
  });

  it('takes every stop with unvisited stops, in plan order', async () => {
    const target = await makePlanEvent();
    const { data: route, error } = await convert('admin', target.planEventId, true);
    expect(error).toBeNull();
    const points = await pointsOf(route!.id);
    expect(points.map((p) => p.address)).toEqual(ADDRESSES);
    // An unvisited stop keeps the route point's planned time.
    expect(points[4].arrival_time).toBe('14:00:00');
  });

  it('refuses a name a live route of the depo already has, and leaves the plan event unconverted', async () => {
    const target = await makePlanEvent();
    const title = `${target.routeName} ${ddmmyyyy(target.date)}`;
    made.routes.push(
      Number(
        (
          await db.query('insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id', [
            tenantId,
            depoId,
            title,
          ])
        ).rows[0].id,
      ),
    );
    const { data, error } = await convert('admin', target.planEventId);
    expect(data).toBeNull();
    expect(error!.message).toBe(`Route has already been created or another one exists with name ${title}`);
    const {
      rows: [pe],
    } = await db.query('select converted_route_id from public.plan_events where id = $1', [target.planEventId]);
    expect(pe.converted_route_id).toBeNull();
  });
});
