import { randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb } from './sms-world.ts';

// The plan-event calendar's SQL (migration 20261127040000_plan_event_calendar.sql) on a car and routes of its own
// in hjem-is, on dates far from the demo world: conflicts refused by the database, series created and deleted,
// the started guard, delete multiple, request-key idempotence, and who may do it (roles, depos, tenants).

const members = new Map<string, DemoMember>();
let db: pg.Client;
let tenantId: string;
let depo: number;
/** A depo of hjem-is the depo admin does not work in. */
let otherDepo: number;
let foreignDepo: number;
let car: number;
let carNumber: string;
let routeA: number;
let routeB: number;
let multiDayRoute: number;
let driverA: string;
let driverB: string;
const tag = `calendar-${randomUUID().slice(0, 8)}`;
const made = { routes: [] as number[], cars: [] as number[] };

/** A Monday far from the demo world and other runs: 2040–2079. */
const monday = (() => {
  const base = new Date(Date.UTC(2040 + randomInt(40), 0, 1));
  base.setUTCDate(base.getUTCDate() + ((8 - base.getUTCDay()) % 7) + 7 * randomInt(40));
  return base;
})();
/** The date `days` after the chosen Monday, as YYYY-MM-DD. */
const day = (days: number): string => new Date(monday.getTime() + days * 86_400_000).toISOString().slice(0, 10);

const rpc = (who: string, fn: string, args: Record<string, unknown>) => members.get(who)!.client.rpc(fn, args);

async function makeRoute(name: string, separators: number[] = []): Promise<number> {
  const route = Number(
    (
      await db.query(`insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`, [
        tenantId,
        depo,
        name,
      ])
    ).rows[0].id,
  );
  made.routes.push(route);
  for (let position = 1; position <= 4; position += 1) {
    await db.query(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, separator) values ($1, $2, $3, $4, $5, 55.6, 12.3, $6)`,
      [tenantId, route, depo, position, `${name} stop ${position}`, separators.includes(position)],
    );
  }
  return route;
}

const eventsOfCar = async (): Promise<Array<{ id: number; date: string; series_id: number | null }>> =>
  (
    await db.query(
      `select id, to_char(date, 'YYYY-MM-DD') as date, series_id from public.plan_events where car_id = $1 order by date`,
      [car],
    )
  ).rows.map((r) => ({
    id: Number(r.id),
    date: r.date,
    series_id: r.series_id === null ? null : Number(r.series_id),
  }));

const clearCar = () =>
  db
    .query(`update public.plan_events set started_at = null where car_id = $1; `, [car])
    .then(() => db.query(`delete from public.plan_events where car_id = $1`, [car]));

async function create(args: Record<string, unknown>, who = 'depo_admin') {
  return rpc(who, 'create_plan_events', {
    p_depo_id: depo,
    p_car_id: car,
    p_route_id: routeA,
    p_user_id: driverA,
    ...args,
  });
}

beforeAll(async () => {
  db = await adminDb();
  tenantId = (await db.query(`select id from public.tenants where slug = 'hjem-is'`)).rows[0].id;
  const depos = (await db.query(`select id from public.depos where tenant_id = $1 order by id`, [tenantId])).rows.map(
    (r) => Number(r.id),
  );
  depo = depos[0];
  otherDepo = depos[depos.length - 1];
  foreignDepo = Number(
    (
      await db.query(
        `select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'den-norske-isbilen' order by d.id limit 1`,
      )
    ).rows[0].id,
  );
  carNumber = `${tag}-car`.slice(0, 40);
  car = Number(
    (
      await db.query(
        `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, $4) returning id`,
        [tenantId, depo, carNumber, tag.slice(-8)],
      )
    ).rows[0].id,
  );
  made.cars.push(car);
  routeA = await makeRoute(`${tag} A`);
  routeB = await makeRoute(`${tag} B`);
  multiDayRoute = await makeRoute(`${tag} two days`, [2]);
  const drivers = (
    await db.query(
      `select m.user_id from public.tenant_memberships m join auth.users u on u.id = m.user_id
        where m.tenant_id = $1 and m.role = 'driver' and m.status = 'active' order by u.email limit 2`,
      [tenantId],
    )
  ).rows.map((r) => String(r.user_id));
  [driverA, driverB] = drivers;
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
}, 60_000);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  await clearCar();
  await db.query(
    `delete from public.plan_event_series where tenant_id = $1 and not exists (select 1 from public.plan_events pe where pe.series_id = plan_event_series.id) and start_date >= $2`,
    [tenantId, day(0)],
  );
  if (made.routes.length) await db.query(`delete from public.routes where id = any ($1)`, [made.routes]);
  if (made.cars.length) {
    await db.query(`update public.plan_events set started_at = null where car_id = any ($1)`, [made.cars]);
    await db.query(`delete from public.plan_events where car_id = any ($1)`, [made.cars]);
    await db.query(`delete from public.cars where id = any ($1)`, [made.cars]);
  }
  await db.end();
});

describe('create_plan_events', () => {
  it("plans a route and driver on a car for a list of dates, with the route's stops, all shown on the week", async () => {
    await clearCar();
    const { data, error } = await create({ p_dates: [day(0), day(2)] });
    expect(error).toBeNull();
    expect((data as Array<{ date: string }>).map((e) => e.date)).toEqual([day(0), day(2)]);
    const stops = await db.query(
      `select count(*)::int as n from public.plan_event_route_points s join public.plan_events pe on pe.id = s.plan_event_id where pe.car_id = $1`,
      [car],
    );
    expect(stops.rows[0].n).toBe(8);
    const week = await rpc('support', 'plan_event_calendar_events', { p_depo_id: depo, p_week_start: day(0) });
    expect(week.error).toBeNull();
    const mine = (
      week.data as Array<{ car_id: number; route_name: string; date: string; can_be_deleted: boolean }>
    ).filter((e) => e.car_id === car);
    expect(mine.map((e) => [e.date, e.route_name, e.can_be_deleted])).toEqual([
      [day(0), `${tag} A`, true],
      [day(2), `${tag} A`, true],
    ]);
    // Open calendars hear of it: one message for the statement, with the dates it touched.
    const told = await db.query(
      `select payload -> 'dates' as dates from realtime.messages where topic = $1 and event = 'plan_events_changed' and payload -> 'dates' ? $2 order by inserted_at desc limit 1`,
      [`depo:${depo}:plan_event_calendar`, day(2)],
    );
    expect(told.rows[0]?.dates).toEqual([day(0), day(2)]);
    const cars = await rpc('support', 'plan_event_calendar_cars', { p_depo_id: depo, p_week_start: day(0) });
    expect(
      (cars.data as Array<{ id: number; is_current_depo: boolean }>).find((c) => c.id === car)?.is_current_depo,
    ).toBe(true);
  });

  it('refuses a route or a driver already planned on a date, naming it, and creates nothing of the request', async () => {
    await clearCar();
    expect((await create({ p_dates: [day(1)] })).error).toBeNull();
    const otherCar = Number(
      (
        await db.query(
          `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, $4) returning id`,
          [tenantId, depo, `${carNumber}-2`.slice(0, 40), 'X2'],
        )
      ).rows[0].id,
    );
    made.cars.push(otherCar);
    // Same route on day 1 from another car, within a request whose first date is free: nothing is created.
    const sameRoute = await rpc('depo_admin', 'create_plan_events', {
      p_depo_id: depo,
      p_car_id: otherCar,
      p_route_id: routeA,
      p_user_id: driverB,
      p_dates: [day(3), day(1)],
    });
    expect(sameRoute.error?.message).toBe(
      `Route ${tag} A is already planned on ${day(1).split('-').reverse().join('-')}`,
    );
    const sameDriver = await rpc('depo_admin', 'create_plan_events', {
      p_depo_id: depo,
      p_car_id: otherCar,
      p_route_id: routeB,
      p_user_id: driverA,
      p_dates: [day(1)],
    });
    expect(sameDriver.error?.message).toMatch(/^Driver .+ already has a plan event on /);
    const sameCar = await create({ p_route_id: routeB, p_user_id: driverB, p_dates: [day(1)] });
    expect(sameCar.error?.message).toBe(
      `Car ${carNumber} already has a plan event on ${day(1).split('-').reverse().join('-')}`,
    );
    const left = await db.query(`select count(*)::int as n from public.plan_events where car_id = $1`, [otherCar]);
    expect(left.rows[0].n).toBe(0);
    // The unique keys hold even for a writer going around the functions.
    const direct = await members
      .get('depo_admin')!
      .client.from('plan_events')
      .insert({
        tenant_id: tenantId,
        depo_id: depo,
        date: day(1),
        route_id: routeA,
        user_id: driverB,
        car_id: otherCar,
      });
    expect(direct.error?.code).toBe('23505');
  });

  it('creates a recurring series every interval up to the end date, and refuses a bad interval or end date', async () => {
    await clearCar();
    const { data, error } = await create({ p_dates: [day(0)], p_recurrence_interval: 14, p_series_end: day(60) });
    expect(error).toBeNull();
    const dates = (data as Array<{ date: string }>).map((e) => e.date);
    expect(dates).toEqual([0, 14, 28, 42, 56].map(day));
    const events = await eventsOfCar();
    const series = events[0].series_id;
    expect(series).not.toBeNull();
    expect(events.every((e) => e.series_id === series)).toBe(true);
    const row = await db.query(
      `select to_char(start_date, 'YYYY-MM-DD') s, to_char(end_date, 'YYYY-MM-DD') e, recurrence_interval from public.plan_event_series where id = $1`,
      [series],
    );
    expect(row.rows[0]).toEqual({ s: day(0), e: day(60), recurrence_interval: 14 });
    expect(
      (await create({ p_route_id: routeB, p_dates: [day(70)], p_recurrence_interval: 0, p_series_end: day(90) })).error
        ?.message,
    ).toBe('Invalid!');
    expect(
      (await create({ p_route_id: routeB, p_dates: [day(70)], p_recurrence_interval: 7, p_series_end: day(60) })).error
        ?.message,
    ).toBe('Invalid!');
  });

  it('answers a repeated request key with the first answer instead of creating twice', async () => {
    await clearCar();
    const key = randomUUID();
    const first = await create({ p_dates: [day(4)], p_request_key: key });
    const again = await create({ p_dates: [day(4)], p_request_key: key });
    expect(first.error).toBeNull();
    expect(again.error).toBeNull();
    expect((again.data as Array<{ id: number }>).map((e) => e.id)).toEqual(
      (first.data as Array<{ id: number }>).map((e) => e.id),
    );
    expect((await eventsOfCar()).length).toBe(1);
    // A new key for the same date is a new request, and meets the conflict.
    expect((await create({ p_dates: [day(4)], p_request_key: randomUUID() })).error?.message).toMatch(
      /already planned/,
    );
  });

  it('spans a multi-day route over its days and holds the car on each', async () => {
    await clearCar();
    const { data, error } = await create({ p_route_id: multiDayRoute, p_dates: [day(0)] });
    expect(error).toBeNull();
    expect((data as Array<{ day_span: number }>)[0].day_span).toBe(2);
    const next = await create({ p_route_id: routeB, p_user_id: driverB, p_dates: [day(1)] });
    expect(next.error?.message).toMatch(/^Car .+ already has a plan event on /);
  });
});

describe('changing plan events', () => {
  it('changes route and driver (refusing conflicts) and the start time', async () => {
    await clearCar();
    const created = await create({ p_dates: [day(0), day(1)] });
    const [first, second] = (created.data as Array<{ id: number }>).map((e) => e.id);
    const moved = await rpc('admin', 'update_plan_event_assignment', {
      p_plan_event_id: second,
      p_route_id: routeB,
      p_user_id: driverB,
    });
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ route_id: routeB, user_id: driverB });
    const stops = await db.query(
      `select address from public.plan_event_route_points where plan_event_id = $1 order by position`,
      [second],
    );
    expect(stops.rows[0].address).toBe(`${tag} B stop 1`);
    // Another car drives route B with driver B on day 0: the day-0 event may take neither.
    const spare = Number(
      (
        await db.query(
          `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, $3, 'SP1') returning id`,
          [tenantId, depo, `${carNumber}-s`.slice(0, 40)],
        )
      ).rows[0].id,
    );
    made.cars.push(spare);
    await db.query(
      `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id) values ($1, $2, $3, $4, $5, $6)`,
      [tenantId, depo, day(0), routeB, driverB, spare],
    );
    const routeClash = await rpc('admin', 'update_plan_event_assignment', {
      p_plan_event_id: first,
      p_route_id: routeB,
      p_user_id: driverA,
    });
    expect(routeClash.error?.message).toBe(
      `Route ${tag} B is already planned on ${day(0).split('-').reverse().join('-')}`,
    );
    const driverClash = await rpc('admin', 'update_plan_event_assignment', {
      p_plan_event_id: first,
      p_route_id: routeA,
      p_user_id: driverB,
    });
    expect(driverClash.error?.message).toMatch(/^Driver .+ already has a plan event on /);
    await db.query(`delete from public.plan_events where car_id = $1`, [spare]);
    const start = await rpc('depo_admin', 'update_plan_event_start', { p_plan_event_id: first, p_hour: 6, p_min: 45 });
    expect(start.data).toMatchObject({ start_at_hour: 6, start_at_min: 45 });
    expect(
      (await rpc('depo_admin', 'update_plan_event_start', { p_plan_event_id: first, p_hour: 24, p_min: 0 })).error
        ?.message,
    ).toBe('must be between 0 and 23');
  });
});

describe('deleting plan events', () => {
  it("deletes one event, and refuses a started one with the spec's sentence", async () => {
    await clearCar();
    const [one, two] = ((await create({ p_dates: [day(0), day(1)] })).data as Array<{ id: number }>).map((e) => e.id);
    expect((await rpc('depo_admin', 'delete_plan_event', { p_plan_event_id: one })).error).toBeNull();
    await db.query(`update public.plan_events set started_at = now() where id = $1`, [two]);
    const refused = await rpc('depo_admin', 'delete_plan_event', { p_plan_event_id: two });
    expect(refused.error?.message).toBe("You can't destory because, plan event has already started");
    expect((await eventsOfCar()).map((e) => e.id)).toEqual([two]);
    const week = await rpc('admin', 'plan_event_calendar_events', { p_depo_id: depo, p_week_start: day(0) });
    expect(
      (week.data as Array<{ id: number; can_be_deleted: boolean }>).find((e) => e.id === two)?.can_be_deleted,
    ).toBe(false);
  });

  it('deletes a series except its started events, and refuses from a started event', async () => {
    await clearCar();
    const events = (
      (await create({ p_dates: [day(0)], p_recurrence_interval: 7, p_series_end: day(28) })).data as Array<{
        id: number;
      }>
    ).map((e) => e.id);
    expect(events).toHaveLength(5);
    await db.query(`update public.plan_events set started_at = now() where id = $1`, [events[0]]);
    expect((await rpc('depo_admin', 'delete_plan_event_series', { p_plan_event_id: events[0] })).error?.message).toBe(
      "You can't destory because, plan event has already started",
    );
    const deleted = await rpc('depo_admin', 'delete_plan_event_series', { p_plan_event_id: events[2] });
    expect(deleted.error).toBeNull();
    expect((deleted.data as Array<{ id: number }>).map((e) => e.id)).toEqual(events.slice(1));
    expect((await eventsOfCar()).map((e) => e.id)).toEqual([events[0]]);
  });

  it("deletes a car's events within a date range and answers the deleted list", async () => {
    await clearCar();
    await create({ p_dates: [day(0), day(3), day(6), day(9)] });
    const started = (await eventsOfCar())[1].id;
    await db.query(`update public.plan_events set started_at = now() where id = $1`, [started]);
    const { data, error } = await rpc('admin', 'delete_plan_events_in_range', {
      p_car_id: car,
      p_start_date: day(0),
      p_end_date: day(6),
    });
    expect(error).toBeNull();
    expect(
      (data as Array<{ date: string; car_internal_number: string }>).map((e) => [e.date, e.car_internal_number]),
    ).toEqual([
      [day(0), carNumber],
      [day(6), carNumber],
    ]);
    expect((await eventsOfCar()).map((e) => e.date)).toEqual([day(3), day(9)]);
  });
});

describe('who may use the calendar', () => {
  it('refuses drivers, support writing, a depo the depo admin does not work in, and another tenant', async () => {
    await clearCar();
    const { data } = await create({ p_dates: [day(0)] });
    const event = (data as Array<{ id: number }>)[0].id;
    const driverRead = await rpc('driver', 'plan_event_calendar_events', { p_depo_id: depo, p_week_start: day(0) });
    expect(driverRead.error?.code).toBe('42501');
    expect((await create({ p_dates: [day(5)] }, 'driver')).error?.code).toBe('42501');
    expect((await create({ p_dates: [day(5)] }, 'support')).error?.code).toBe('42501');
    expect((await rpc('support', 'delete_plan_event', { p_plan_event_id: event })).error?.code).toBe('42501');
    expect(
      (await rpc('driver', 'delete_plan_events_in_range', { p_car_id: car, p_start_date: day(0), p_end_date: day(6) }))
        .error?.code,
    ).toBe('42501');
    // Another tenant's admin: every id is simply not found.
    for (const [fn, args] of [
      ['delete_plan_event', { p_plan_event_id: event }],
      ['update_plan_event_start', { p_plan_event_id: event, p_hour: 5, p_min: 0 }],
      ['delete_plan_events_in_range', { p_car_id: car, p_start_date: day(0), p_end_date: day(6) }],
      ['plan_event_calendar_cars', { p_depo_id: depo, p_week_start: day(0) }],
    ] as const) {
      expect((await rpc('foreign admin', fn, args)).error?.message).toBe('Not found');
    }
    // A depo of its own tenant the depo admin does not work in, and an id of another tenant's depo.
    expect(
      (await rpc('depo_admin', 'plan_event_calendar_events', { p_depo_id: otherDepo, p_week_start: day(0) })).error
        ?.message,
    ).toBe('Not found');
    expect(
      (await rpc('admin', 'plan_event_calendar_events', { p_depo_id: foreignDepo, p_week_start: day(0) })).error
        ?.message,
    ).toBe('Not found');
    // A car of this depo planned from another depo's calendar is refused.
    const fromOther = await rpc('admin', 'create_plan_events', {
      p_depo_id: otherDepo,
      p_car_id: car,
      p_route_id: routeA,
      p_user_id: driverA,
      p_dates: [day(5)],
    });
    expect(fromOther.error?.message).toBe('Not found');
    expect((await eventsOfCar()).map((e) => e.id)).toEqual([event]);
  });
});
