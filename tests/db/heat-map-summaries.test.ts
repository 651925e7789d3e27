import { randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb } from './sms-world.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';

// The heat map's summaries of finished trips (migration 20261128080000_heat_map_trip_summaries.sql): a finished trip
// answers what it answered while under way, and its figures follow a late sale, a visit recorded afterwards, a
// deleted order, report, stop or trip, and the trip being reopened. Each check reads the heat map as a user does.

interface Point {
  lat: number;
  lng: number;
  stops: number;
  visits: number;
  revenue: number | string;
}

const TENANT = 'hjem-is';
const PLACE_A = { lat: 57.3, lng: 9.7 };
const PLACE_B = { lat: 57.4, lng: 9.8 };
let admin: DemoMember;
let db: pg.Client;
let lock: { release: () => Promise<void> } | undefined;
let tenantId: string;
let depoId: number;
let carId: number;
let userId: string;
let routeId: number;
const planEvents: number[] = [];

const isoDay = (base: Date, days: number) => new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
// A far day no seed nor other test plans on (one plan event per driver and date).
const base = new Date(Date.UTC(2400, 0, 1) + randomInt(0, 20_000) * 86_400_000);
const subjectDay = isoDay(base, 0);
// Two months before: always in a calendar month wholly inside the subject's 2 years (read from the months' sums).
const earlierDay = isoDay(base, -62);

/** A trip with a stop at A (arrived 10:00 when visited) and B (11:00), and one report with these sales (minutes after 10:00, amount). */
async function makeTrip(date: string, visited: [boolean, boolean], sales: Array<[number, number]>) {
  const id = Number(
    (
      await db.query(
        `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, started_at)
     values ($1, $2, $3, $4, $5, $6, $3::date + time '08:00') returning id`,
        [tenantId, depoId, date, routeId, userId, carId],
      )
    ).rows[0].id,
  );
  planEvents.push(id);
  const stops: number[] = [];
  for (const [index, place] of [PLACE_A, PLACE_B].entries()) {
    stops.push(
      Number(
        (
          await db.query(
            `insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, lat, lng, point_visited,
                                                   actual_arrival_time, visited_at)
       values ($1, $2, $3, $4, 'Summary street', $5, $6, $7, case when $7 then $8::timestamptz end, case when $7 then $8::timestamptz end)
       returning id`,
            [tenantId, id, depoId, index + 1, place.lat, place.lng, visited[index], `${date}T${10 + index}:00:00Z`],
          )
        ).rows[0].id,
      ),
    );
  }
  const reportId = Number(
    (
      await db.query(
        `insert into public.end_of_day_reports (tenant_id, depo_id, plan_event_id, car_id, user_id) values ($1, $2, $3, $4, $5) returning id`,
        [tenantId, depoId, id, carId, userId],
      )
    ).rows[0].id,
  );
  for (const [minutes, amount] of sales) await sell(reportId, date, minutes, amount);
  return { id, stops, reportId };
}

async function sell(reportId: number, date: string, minutes: number, amount: number): Promise<number> {
  return Number(
    (
      await db.query(
        `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, total_revenue)
     values ($1, $2, $3, $4::timestamptz + make_interval(mins => $5), $6) returning id`,
        [tenantId, reportId, depoId, `${date}T10:00:00Z`, minutes, amount],
      )
    ).rows[0].id,
  );
}

const finish = (id: number) =>
  db.query(`update public.plan_events set trip_finished_at = date + time '17:00' where id = $1`, [id]);

/** The heat map of the subject as the admin reads it: per place stops, visits and revenue. */
async function places(subjectId: number) {
  const { data, error } = await admin.client.rpc('plan_event_heat_map', {
    tenant_slug: TENANT,
    plan_event_id: subjectId,
  });
  expect(error).toBeNull();
  const points = (data as { points: Point[] }).points.map((p) => ({ ...p, revenue: Number(p.revenue) }));
  const at = (place: { lat: number; lng: number }) => {
    const point = points.find((p) => Math.abs(p.lat - place.lat) < 0.001 && Math.abs(p.lng - place.lng) < 0.001)!;
    return { stops: point.stops, visits: point.visits, revenue: point.revenue };
  };
  return { points, a: at(PLACE_A), b: at(PLACE_B) };
}

const summaryRows = async (id: number) =>
  Number(
    (
      await db.query(
        'select coalesce(sum(cardinality(place)), 0) as count from app_private.heat_map_trips where plan_event_id = $1',
        [id],
      )
    ).rows[0].count,
  );

let subject: Awaited<ReturnType<typeof makeTrip>>;
let earlier: Awaited<ReturnType<typeof makeTrip>>;

beforeAll(async () => {
  // Adds routes and plan events of hjem-is: not while the lists that count them run.
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  db = await adminDb();
  admin = await demoMember(TENANT, 'admin');
  tenantId = admin.tenantId;
  depoId = admin.depoIds[0]!;
  carId = Number(
    (await db.query('select id from public.cars where depo_id = $1 order by id limit 1', [depoId])).rows[0].id,
  );
  userId = (await db.query(`select id from auth.users where email = $1`, [`admin@${TENANT}.test`])).rows[0].id;
  routeId = Number(
    (
      await db.query(
        `insert into public.routes (tenant_id, depo_id, name, radius) values ($1, $2, $3, 200) returning id`,
        [tenantId, depoId, `heat-summary-${randomUUID().slice(0, 8)}`],
      )
    ).rows[0].id,
  );
  // The subject: A visited with 100 (10:05), B visited with 30 (11:10), 999 before any arrival (no place's).
  subject = await makeTrip(
    subjectDay,
    [true, true],
    [
      [5, 100],
      [70, 30],
      [-30, 999],
    ],
  );
  // Two months before: A skipped, B visited; 60 at 10:30 (before its first arrival: no place's), 20 at 11:15 (B).
  earlier = await makeTrip(
    earlierDay,
    [false, true],
    [
      [30, 60],
      [75, 20],
    ],
  );
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  if (db) {
    await db.query('delete from public.end_of_day_reports where plan_event_id = any ($1)', [planEvents]);
    await db.query('update public.plan_events set started_at = null where id = any ($1)', [planEvents]);
    await db.query('delete from public.plan_events where id = any ($1)', [planEvents]);
    await db.query('delete from public.routes where id = $1', [routeId]);
    await db.end();
  }
  await admin?.client.auth.signOut({ scope: 'local' });
  await lock?.release();
});

describe('the heat map of finished trips', () => {
  it('answers for finished trips what it answered while they were under way', async () => {
    const live = await places(subject.id);
    expect(live.a).toEqual({ stops: 2, visits: 1, revenue: 100 });
    expect(live.b).toEqual({ stops: 2, visits: 2, revenue: 50 });
    await finish(subject.id);
    await finish(earlier.id);
    expect(await summaryRows(subject.id)).toBe(2);
    expect(await summaryRows(earlier.id)).toBe(2);
    expect((await places(subject.id)).points).toEqual(live.points);
  });

  it('counts a sale added to a finished trip afterwards', async () => {
    const late = await sell(earlier.reportId, earlierDay, 80, 40);
    expect((await places(subject.id)).b).toEqual({ stops: 2, visits: 2, revenue: 90 });
    // A deleted order leaves the figures again.
    await db.query('delete from public.eod_orders where id = $1', [late]);
    expect((await places(subject.id)).b).toEqual({ stops: 2, visits: 2, revenue: 50 });
  });

  it('counts a visit recorded after the trip finished, with the sales made there', async () => {
    await db.query(
      `update public.plan_event_route_points set point_visited = true, actual_arrival_time = $2::timestamptz, visited_at = $2::timestamptz
        where id = $1`,
      [earlier.stops[0], `${earlierDay}T10:00:00Z`],
    );
    // A now visited twice, and the 10:30 sale (no place's before) was made there.
    expect((await places(subject.id)).a).toEqual({ stops: 2, visits: 2, revenue: 160 });
  });

  it('leaves out the sales of a deleted report and the stops of a deleted one', async () => {
    await db.query('delete from public.end_of_day_reports where id = $1', [earlier.reportId]);
    const after = await places(subject.id);
    expect(after.a).toEqual({ stops: 2, visits: 2, revenue: 100 });
    expect(after.b).toEqual({ stops: 2, visits: 2, revenue: 30 });
    await db.query('delete from public.plan_event_route_points where id = $1', [earlier.stops[1]]);
    expect((await places(subject.id)).b).toEqual({ stops: 1, visits: 1, revenue: 30 });
  });

  it('computes a reopened trip live again, with the changes made to it meanwhile', async () => {
    await db.query('update public.plan_events set trip_finished_at = null where id = $1', [subject.id]);
    expect(await summaryRows(subject.id)).toBe(0);
    await sell(subject.reportId, subjectDay, 10, 5);
    expect((await places(subject.id)).a).toEqual({ stops: 2, visits: 2, revenue: 105 });
    await finish(subject.id);
    expect((await places(subject.id)).a).toEqual({ stops: 2, visits: 2, revenue: 105 });
  });

  it('leaves out a deleted finished trip', async () => {
    await db.query('update public.plan_events set started_at = null where id = $1', [earlier.id]);
    await db.query('delete from public.plan_events where id = $1', [earlier.id]);
    const after = await places(subject.id);
    expect(after.a).toEqual({ stops: 1, visits: 1, revenue: 105 });
    expect(after.b).toEqual({ stops: 1, visits: 1, revenue: 30 });
  });
});
