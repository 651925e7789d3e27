import { randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMember, type AppRole, type DemoMember } from './roles.ts';
import { adminDb } from './sms-world.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';

// The heat map of a plan event (migration 20261128030000_plan_event_heat_map.sql) over a route of its own in
// hjem-is: which plan events are its history (the same route, the 2 years up to its date), the per-place
// aggregates (stops planned, visits, revenue of the sales made there), who may read it, and another tenant's,
// another depo's and forged ids.

interface HeatMap {
  plan_event: { id: number; date: string; route_name: string; from: string };
  events: Array<{ id: number; date: string }>;
  points: Array<{ lat: number; lng: number; stops: number; visits: number; revenue: number | string }>;
}

const TENANT = 'hjem-is';
const NOT_FOUND = 'Not found';
const members = new Map<string, DemoMember>();
const made = { routes: [] as number[], planEvents: [] as number[] };
let db: pg.Client;
let lock: { release: () => Promise<void> } | undefined;
let tenantId: string;
let depoId: number;
let carId: number;
let userId: string;

/** Two places the route stops at; the second one gets a stop a few metres off, which is the same place. */
const PLACE_A = { lat: 57.1, lng: 9.9 };
const PLACE_B = { lat: 57.2, lng: 10.0 };

const isoDay = (base: Date, days: number) => new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
// A far day no seed nor other test plans on (one plan event per driver and date).
const base = new Date(Date.UTC(2300, 0, 1) + randomInt(0, 20_000) * 86_400_000);
const subject = isoDay(base, 0);

async function makeRoute(): Promise<number> {
  const id = Number(
    (
      await db.query(
        `insert into public.routes (tenant_id, depo_id, name, radius) values ($1, $2, $3, 200) returning id`,
        [tenantId, depoId, `heat-${randomUUID().slice(0, 8)}`],
      )
    ).rows[0].id,
  );
  made.routes.push(id);
  return id;
}

/**
 * A driven trip of the route on a date: a stop at A arrived at 10:00, one at B (or just beside it) at 11:00;
 * `visited` says which were visited; `sales` are point-of-sale orders (minutes after 10:00, amount).
 */
async function makeTrip(
  routeId: number,
  date: string,
  options: { visited: [boolean, boolean]; sales: Array<[number, number]>; nearB?: boolean },
) {
  const id = Number(
    (
      await db.query(
        `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, started_at)
     values ($1, $2, $3, $4, $5, $6, $3::date + time '08:00') returning id`,
        [tenantId, depoId, date, routeId, userId, carId],
      )
    ).rows[0].id,
  );
  made.planEvents.push(id);
  const b = options.nearB ? { lat: PLACE_B.lat + 0.00002, lng: PLACE_B.lng - 0.00002 } : PLACE_B;
  for (const [index, place] of [PLACE_A, b].entries()) {
    const visited = options.visited[index];
    await db.query(
      `insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, lat, lng, point_visited,
                                                   actual_arrival_time, visited_at)
       values ($1, $2, $3, $4, 'Heat street', $5, $6, $7, case when $7 then $8::timestamptz end, case when $7 then $8::timestamptz end)`,
      [tenantId, id, depoId, index + 1, place.lat, place.lng, visited, `${date}T${10 + index}:00:00Z`],
    );
  }
  if (options.sales.length > 0) {
    const reportId = Number(
      (
        await db.query(
          `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id) values ($1, $2, $3, $4, $5) returning id`,
          [tenantId, depoId, id, carId, userId],
        )
      ).rows[0].id,
    );
    for (const [minutes, amount] of options.sales) {
      await db.query(
        `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, total_revenue)
         values ($1, $2, $3, $4::timestamptz + make_interval(mins => $5), $6)`,
        [tenantId, reportId, depoId, `${date}T10:00:00Z`, minutes, amount],
      );
    }
  }
  return id;
}

const heatMap = async (who: string, planEventId: number, tenant = TENANT) => {
  const { data, error } = await members
    .get(who)!
    .client.rpc('plan_event_heat_map', { tenant_slug: tenant, plan_event_id: planEventId });
  return { data: data as HeatMap | null, error };
};

let subjectId: number;
const inWindow: number[] = [];
let outside: number[] = [];

beforeAll(async () => {
  // Adds routes and plan events of hjem-is: not while the lists that count them run.
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  db = await adminDb();
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember(TENANT, role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  tenantId = members.get('admin')!.tenantId;
  const shared = members
    .get('support')!
    .depoIds.filter((id) => ['depo_admin', 'driver'].every((r) => members.get(r)!.depoIds.includes(id)));
  depoId = shared[0]!;
  carId = Number(
    (await db.query('select id from public.cars where depo_id = $1 order by id limit 1', [depoId])).rows[0].id,
  );
  userId = (await db.query(`select id from auth.users where email = $1`, [`admin@${TENANT}.test`])).rows[0].id;

  const routeId = await makeRoute();
  // The subject: A visited with sales of 100 (10:05) and 50 (10:59); B visited with 30 (11:10). A sale at 09:30,
  // before the first arrival, is no place's.
  subjectId = await makeTrip(routeId, subject, {
    visited: [true, true],
    sales: [
      [5, 100],
      [59, 50],
      [70, 30],
      [-30, 999],
    ],
  });
  // A week before: A skipped (no arrival), B visited a few metres off with a sale of 20 (11:15).
  inWindow.push(await makeTrip(routeId, isoDay(base, -7), { visited: [false, true], sales: [[75, 20]], nearB: true }));
  // The window's first day (2 years back, plus one day), planned only. Two years back as Postgres counts them
  // (29 February back to the 28th).
  const yearsBack = new Date(
    `${(await db.query<{ day: string }>(`select ($1::date - interval '2 years')::date::text as day`, [subject])).rows[0].day}T00:00:00Z`,
  );
  inWindow.push(await makeTrip(routeId, isoDay(yearsBack, 1), { visited: [false, false], sales: [] }));
  // Outside: exactly 2 years back, and after the subject's date; and another route on the subject's week.
  outside = [
    await makeTrip(routeId, isoDay(yearsBack, 0), { visited: [true, true], sales: [[5, 7000]] }),
    await makeTrip(routeId, isoDay(base, 7), { visited: [true, true], sales: [[5, 8000]] }),
  ];
  const otherRoute = await makeRoute();
  outside.push(await makeTrip(otherRoute, isoDay(base, -1), { visited: [true, true], sales: [[5, 9000]] }));
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  if (db) {
    await db.query('delete from public.end_of_day_reports where plan_event_id = any ($1)', [made.planEvents]);
    await db.query('update public.plan_events set started_at = null where id = any ($1)', [made.planEvents]);
    await db.query('delete from public.plan_events where id = any ($1)', [made.planEvents]);
    await db.query('delete from public.routes where id = any ($1)', [made.routes]);
    await db.end();
  }
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  await lock?.release();
});

describe('plan_event_heat_map', () => {
  it("lists as history the same route's plan events of the 2 years up to the plan event's date, newest first", async () => {
    const { data, error } = await heatMap('admin', subjectId);
    expect(error).toBeNull();
    expect(data!.events.map((e) => e.id)).toEqual([subjectId, ...inWindow]);
    expect(data!.plan_event.date).toBe(subject);
    for (const id of outside) expect(data!.events.map((e) => e.id)).not.toContain(id);
  });

  it('answers one point per place with its stops, visits and the revenue sold there', async () => {
    const { data } = await heatMap('admin', subjectId);
    const points = data!.points.map((p) => ({ ...p, revenue: Number(p.revenue) }));
    expect(points).toHaveLength(2);
    const at = (place: { lat: number; lng: number }) =>
      points.find((p) => Math.abs(p.lat - place.lat) < 0.001 && Math.abs(p.lng - place.lng) < 0.001)!;
    // A: planned 3 times, visited once, 150 sold while the truck stood there (the 09:30 sale was before any arrival).
    expect(at(PLACE_A)).toMatchObject({ stops: 3, visits: 1, revenue: 150 });
    // B: planned 3 times (once a few metres off), visited twice, 30 + 20 sold.
    expect(at(PLACE_B)).toMatchObject({ stops: 3, visits: 2, revenue: 50 });
  });

  it('is read by every role of the depo', async () => {
    for (const role of ['depo_admin', 'support', 'driver'] satisfies AppRole[]) {
      const { data, error } = await heatMap(role, subjectId);
      expect(error, role).toBeNull();
      expect(data!.points).toHaveLength(2);
    }
  });

  it("answers Not found for another tenant, under another slug, for a forged id and outside the caller's depos", async () => {
    expect((await heatMap('foreign admin', subjectId)).error?.message).toBe(NOT_FOUND);
    expect((await heatMap('foreign admin', subjectId, TENANT)).error?.message).toBe(NOT_FOUND);
    expect((await heatMap('admin', subjectId, 'den-norske-isbilen')).error?.message).toBe(NOT_FOUND);
    expect((await heatMap('admin', 9_000_000_000_000)).error?.message).toBe(NOT_FOUND);
    const otherDepo = (
      await db.query<{ id: string }>(
        'select id from public.depos where tenant_id = $1 and not (id = any ($2)) order by id limit 1',
        [tenantId, members.get('depo_admin')!.depoIds],
      )
    ).rows[0];
    if (otherDepo) {
      const car = Number(
        (await db.query('select id from public.cars where depo_id = $1 order by id limit 1', [otherDepo.id])).rows[0]
          .id,
      );
      const route = Number(
        (
          await db.query(
            `insert into public.routes (tenant_id, depo_id, name, radius) values ($1, $2, $3, 200) returning id`,
            [tenantId, otherDepo.id, `heat-other-${randomUUID().slice(0, 8)}`],
          )
        ).rows[0].id,
      );
      made.routes.push(route);
      const event = Number(
        (
          await db.query(
            `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id) values ($1, $2, $3, $4, $5, $6) returning id`,
            [tenantId, otherDepo.id, isoDay(base, 3), route, userId, car],
          )
        ).rows[0].id,
      );
      made.planEvents.push(event);
      expect((await heatMap('depo_admin', event)).error?.message).toBe(NOT_FOUND);
      expect((await heatMap('admin', event)).error).toBeNull();
    }
  });

  it('is not for anon', async () => {
    const { client } = await import('../support/clients.ts');
    const { error } = await client().rpc('plan_event_heat_map', { tenant_slug: TENANT, plan_event_id: subjectId });
    expect(error).not.toBeNull();
  });
});
