import { randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import type { Database } from '../../src/shared/supabase/database.types.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb, randomPhone } from './sms-world.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';

// The route list and catalogue actions (migration 20261126030000_route_catalogue.sql) on routes of their own in
// hjem-is: copy and copy-and-reverse into a chosen depo, delete and undo, approve, similar routes, customers,
// unplanned sales, points by address; and who may do it (roles, depos, tenants, forged ids).

type Route = Database['public']['Tables']['routes']['Row'];
type Point = Pick<
  Database['public']['Tables']['route_points']['Row'],
  'position' | 'address' | 'separator' | 'arrival_time' | 'deleted_at'
>;

const NOT_FOUND = 'Not found';
const members = new Map<string, DemoMember>();
let db: pg.Client;
let tenantId: string;
/** Depos of hjem-is: the depo admin works in all but the last. */
let depos: number[];
let firstDepo: number;
let secondDepo: number;
let lastDepo: number;
let foreignDepo: number;
let foreignRoute: number;
const tag = `catalogue-${randomUUID().slice(0, 8)}`;
const made = { routes: [] as number[], planEvents: [] as number[], customers: [] as number[], b2b: [] as number[] };

const ADDRESSES = ['Algade 1', 'Borgergade 2', 'Christiansgade 3', 'Dalgade 4', 'Engvej 5'];

/** A route of its own in a depo: five points (the third a day's last stop), one deleted point, one B2B customer. */
async function makeRoute(depoId: number, name = `${tag} route`): Promise<number> {
  const route = Number(
    (
      await db.query(
        `insert into public.routes (tenant_id, depo_id, name, tag, radius, start_address, end_address, start_lat, start_lng, end_lat, end_lng, first_stop_arrival_time)
         values ($1, $2, $3, $4, 200, 'Start street', 'End street', 55.60, 12.30, 55.70, 12.40, '09:00') returning id`,
        [tenantId, depoId, name, tag],
      )
    ).rows[0].id,
  );
  made.routes.push(route);
  for (const [index, address] of ADDRESSES.entries()) {
    await db.query(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, separator, arrival_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        tenantId,
        route,
        depoId,
        index + 1,
        address,
        55.65 + index * 0.01,
        12.35 + index * 0.01,
        index === 2,
        `${10 + index}:00`,
      ],
    );
  }
  // A deleted point in the middle of the numbering: never copied.
  await db.query(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, deleted_at) values ($1, $2, $3, 3, 'Gone street', 55.9, 12.9, now())`,
    [tenantId, route, depoId],
  );
  const b2b = Number(
    (
      await db.query(
        `insert into public.b2b_customers (tenant_id, customer_name, customer_number, shop_id) values ($1, 'Catalogue shop', $2, 'S-1') returning id`,
        [tenantId, `${tag}-${randomInt(1e6)}`],
      )
    ).rows[0].id,
  );
  made.b2b.push(b2b);
  await db.query(
    `insert into public.route_point_b2b_customers (tenant_id, route_point_id, b2b_customer_id, depo_id)
     select tenant_id, id, $2, depo_id from public.route_points where route_id = $1 and position = 2 and deleted_at is null`,
    [route, b2b],
  );
  return route;
}

const livePoints = async (routeId: number): Promise<Point[]> =>
  (
    await db.query(
      `select position, address, separator, arrival_time, deleted_at from public.route_points where route_id = $1 and deleted_at is null order by position`,
      [routeId],
    )
  ).rows;
const routeRow = async (routeId: number): Promise<Route> => {
  const row = (await db.query(`select * from public.routes where id = $1`, [routeId])).rows[0];
  return { ...row, id: Number(row.id), depo_id: Number(row.depo_id) };
};
const rpc = (who: string, fn: string, args: Record<string, unknown>) => members.get(who)!.client.rpc(fn, args);

/** Remembers a route an action made, and returns its id. */
function remember(data: unknown): number {
  const id = (data as Route).id;
  made.routes.push(id);
  return id;
}

let lock: { release: () => Promise<void> } | undefined;

beforeAll(async () => {
  // Adds B2B customers, routes and plan events of hjem-is: not while the B2B list or the RLS matrix counts them.
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  db = await adminDb();
  tenantId = (await db.query(`select id from public.tenants where slug = 'hjem-is'`)).rows[0].id;
  depos = (await db.query(`select id from public.depos where tenant_id = $1 order by id`, [tenantId])).rows.map((r) =>
    Number(r.id),
  );
  [firstDepo, secondDepo] = depos;
  lastDepo = depos[depos.length - 1];
  foreignDepo = Number(
    (
      await db.query(
        `select d.id from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'den-norske-isbilen' order by d.id limit 1`,
      )
    ).rows[0].id,
  );
  foreignRoute = Number(
    (await db.query(`select id from public.routes where depo_id = $1 order by id limit 1`, [foreignDepo])).rows[0].id,
  );
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  if (made.planEvents.length) await db.query(`delete from public.plan_events where id = any ($1)`, [made.planEvents]);
  if (made.routes.length) await db.query(`delete from public.routes where id = any ($1)`, [made.routes]);
  if (made.customers.length) await db.query(`delete from public.customers where id = any ($1)`, [made.customers]);
  if (made.b2b.length) await db.query(`delete from public.b2b_customers where id = any ($1)`, [made.b2b]);
  await db.end();
  await lock?.release();
});

describe('copy_route', () => {
  it('copies a route with its live points in order, their B2B customers, into another depo, as a new unapproved route', async () => {
    const source = await makeRoute(firstDepo);
    await db.query(`update public.routes set should_approve = 'approved' where id = $1`, [source]);
    const { data, error } = await rpc('depo_admin', 'copy_route', { route_id: source, new_depo_id: secondDepo });
    expect(error).toBeNull();
    const copy = remember(data);
    const copied = await routeRow(copy);
    expect(copied).toMatchObject({
      depo_id: secondDepo,
      name: `${tag} route (copy)`,
      should_approve: 'pending',
      start_address: 'Start street',
      end_address: 'End street',
      radius: 200,
      tag,
    });
    const points = await livePoints(copy);
    expect(points.map((p) => [p.position, p.address, p.separator])).toEqual(
      ADDRESSES.map((a, i) => [i + 1, a, i === 2]),
    );
    expect(points[0].arrival_time).toBe('10:00:00');
    const b2b = await db.query(
      `select p.position, l.depo_id from public.route_point_b2b_customers l join public.route_points p on p.id = l.route_point_id where p.route_id = $1`,
      [copy],
    );
    expect(b2b.rows.map((r) => [r.position, Number(r.depo_id)])).toEqual([[2, secondDepo]]);
    // The source is untouched.
    expect((await livePoints(source)).map((p) => p.address)).toEqual(ADDRESSES);
  });

  it('copy and reverse keeps the points reversed and renumbered 1..n, swaps start and end, and keeps day ends between the same stops', async () => {
    const source = await makeRoute(firstDepo);
    const { data, error } = await rpc('admin', 'copy_route', {
      route_id: source,
      new_depo_id: lastDepo,
      reverse: true,
    });
    expect(error).toBeNull();
    const copy = remember(data);
    const copied = await routeRow(copy);
    expect(copied).toMatchObject({
      depo_id: lastDepo,
      name: `${tag} route (reversed copy)`,
      start_address: 'End street',
      end_address: 'Start street',
    });
    expect([copied.start_lat, copied.start_lng, copied.end_lat, copied.end_lng]).toEqual([55.7, 12.4, 55.6, 12.3]);
    expect(copied.first_stop_arrival_time).toBeNull();
    const points = await livePoints(copy);
    expect(points.map((p) => p.position)).toEqual([1, 2, 3, 4, 5]);
    expect(points.map((p) => p.address)).toEqual([...ADDRESSES].reverse());
    // Forward the day ended after Christiansgade (3rd); backward it ends after Dalgade, the stop before it.
    expect(points.filter((p) => p.separator).map((p) => p.address)).toEqual(['Dalgade 4']);
    expect(points.every((p) => p.arrival_time === null)).toBe(true);
    const b2b = await db.query(
      `select p.address from public.route_point_b2b_customers l join public.route_points p on p.id = l.route_point_id where p.route_id = $1`,
      [copy],
    );
    expect(b2b.rows.map((r) => r.address)).toEqual(['Borgergade 2']);
  });

  it("refuses a depo the member may not copy into: not theirs, another tenant's, forged; and copies nothing", async () => {
    const source = await makeRoute(firstDepo);
    const before = Number((await db.query(`select count(*) from public.routes where tag = $1`, [tag])).rows[0].count);
    for (const depo of [lastDepo, foreignDepo, 987_654_321]) {
      const { data, error } = await rpc('depo_admin', 'copy_route', { route_id: source, new_depo_id: depo });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
    expect(Number((await db.query(`select count(*) from public.routes where tag = $1`, [tag])).rows[0].count)).toBe(
      before,
    );
  });

  it("answers Not found for another tenant's route, a route of a depo the member does not work in, and a forged id", async () => {
    const inLastDepo = await makeRoute(lastDepo);
    const cases: Array<[string, number]> = [
      ['admin', foreignRoute],
      ['depo_admin', inLastDepo],
      ['depo_admin', 2_000_000_000],
      ['foreign admin', inLastDepo],
    ];
    for (const [who, route] of cases) {
      for (const [fn, args] of [
        ['copy_route', { route_id: route, new_depo_id: firstDepo }],
        ['approve_route', { route_id: route }],
        ['delete_route', { route_id: route }],
        ['similar_routes', { route_id: route }],
        ['route_customers', { route_id: route }],
        ['route_unplanned_sales', { route_id: route }],
        ['create_route_point', { route_id: route, address: 'Nowhere 1' }],
      ] as const) {
        const { data, error } = await rpc(who, fn, args);
        expect(data, `${who} ${fn} ${route}`).toBeNull();
        expect(error?.message, `${who} ${fn} ${route}`).toBe(NOT_FOUND);
      }
    }
    expect((await routeRow(inLastDepo)).deleted_at).toBeNull();
  });

  it('lets support and drivers read the catalogue of their depo but change nothing; anon may not call at all', async () => {
    const route = await makeRoute(firstDepo);
    for (const who of ['support', 'driver']) {
      expect((await rpc(who, 'similar_routes', { route_id: route })).error).toBeNull();
      for (const [fn, args] of [
        ['approve_route', { route_id: route }],
        ['copy_route', { route_id: route, new_depo_id: firstDepo }],
        ['delete_route', { route_id: route }],
        ['destroy_route_points_by_address', { route_id: route, address: 'Algade 1' }],
        ['create_route_point', { route_id: route, address: 'Nowhere 1' }],
      ] as const) {
        const { error } = await rpc(who, fn, args);
        expect(error?.code, `${who} ${fn}`).toBe('42501');
      }
    }
    const anon = await client().rpc('approve_route', { route_id: route });
    expect(anon.error?.code).toBe('42501');
    const after = await routeRow(route);
    expect([after.should_approve, after.deleted_at]).toEqual(['pending', null]);
    expect(await livePoints(route)).toHaveLength(5);
  });
});

describe('copy_route with a request key', () => {
  it('makes one copy for one request however often it arrives, also at once, and a new copy for a new key', async () => {
    const source = await makeRoute(firstDepo);
    const requestKey = randomUUID();
    const args = { route_id: source, new_depo_id: secondDepo, request_key: requestKey };
    const [a, b] = await Promise.all([rpc('depo_admin', 'copy_route', args), rpc('depo_admin', 'copy_route', args)]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    const copy = remember(a.data);
    expect((b.data as Route).id).toBe(copy);
    const retried = await rpc('depo_admin', 'copy_route', args);
    expect((retried.data as Route).id).toBe(copy);
    const copies = await db.query(`select count(*)::int as n from public.routes where tenant_id = $1 and name = $2`, [
      tenantId,
      `${tag} route (copy)`,
    ]);
    const another = await rpc('depo_admin', 'copy_route', { ...args, request_key: randomUUID() });
    remember(another.data);
    expect((another.data as Route).id).not.toBe(copy);
    const after = await db.query(`select count(*)::int as n from public.routes where tenant_id = $1 and name = $2`, [
      tenantId,
      `${tag} route (copy)`,
    ]);
    expect(after.rows[0].n).toBe(copies.rows[0].n + 1);
  });

  it("never answers another tenant's copy for its key", async () => {
    const source = await makeRoute(firstDepo);
    const requestKey = randomUUID();
    const mine = await rpc('depo_admin', 'copy_route', {
      route_id: source,
      new_depo_id: secondDepo,
      request_key: requestKey,
    });
    remember(mine.data);
    const theirs = await rpc('foreign admin', 'copy_route', {
      route_id: foreignRoute,
      new_depo_id: foreignDepo,
      request_key: requestKey,
    });
    expect(theirs.error).toBeNull();
    const theirCopy = remember(theirs.data);
    expect(theirCopy).not.toBe((mine.data as Route).id);
    expect((await routeRow(theirCopy)).depo_id).toBe(foreignDepo);
  });
});

describe('approve, delete and undo delete, and the list filters', () => {
  const listed = async (filter: string, depoId = firstDepo) => {
    const { data, error } = await rpc('depo_admin', 'depo_route_list', { p_depo_id: depoId, p_filter: filter });
    expect(error).toBeNull();
    return data as Array<{ id: number; stops_count: number }>;
  };

  it('approves a pending route once, and the list moves it from not approved to approved', async () => {
    const route = await makeRoute(firstDepo);
    expect((await listed('not_approved')).map((r) => r.id)).toContain(route);
    const { data, error } = await rpc('depo_admin', 'approve_route', { route_id: route });
    expect(error).toBeNull();
    expect((data as Route).should_approve).toBe('approved');
    expect((await rpc('depo_admin', 'approve_route', { route_id: route })).data).toMatchObject({
      id: route,
      should_approve: 'approved',
    });
    expect((await listed('approved')).map((r) => r.id)).toContain(route);
    // The approval is a change of the route: its version moved on once, and open editors were told.
    const approved = await routeRow(route);
    expect(approved.version).toBe((data as Route).version);
    const told = await db.query(
      `select payload - 'id' as payload from realtime.messages where topic = $1 and event = 'route_saved'`,
      [`depo:${firstDepo}:route:${route}`],
    );
    expect(told.rows.map((r) => r.payload)).toEqual([{ route_id: route, version: approved.version }]);
    expect((await listed('not_approved')).map((r) => r.id)).not.toContain(route);
  });

  it('deletes a route (it leaves the list for the deleted filter, with its points) and undo brings it back', async () => {
    const route = await makeRoute(firstDepo);
    const active = await listed('active');
    expect(active.find((r) => r.id === route)?.stops_count).toBe(5);
    const deleted = await rpc('depo_admin', 'delete_route', { route_id: route });
    expect(deleted.error).toBeNull();
    expect((deleted.data as Route).deleted_at).not.toBeNull();
    expect((await listed('active')).map((r) => r.id)).not.toContain(route);
    expect((await listed('deleted')).map((r) => r.id)).toContain(route);
    // A deleted route is not approved or copied.
    expect((await rpc('depo_admin', 'approve_route', { route_id: route })).error?.message).toBe(NOT_FOUND);
    const undone = await rpc('depo_admin', 'undo_delete_route', { route_id: route });
    expect(undone.error).toBeNull();
    expect((undone.data as Route).deleted_at).toBeNull();
    expect((await listed('active')).map((r) => r.id)).toContain(route);
    expect(await livePoints(route)).toHaveLength(5);
  });

  it("lists nothing for another tenant's depo or an unknown filter", async () => {
    expect(await listed('active', foreignDepo)).toEqual([]);
    expect(await listed('everything')).toEqual([]);
  });
});

describe('similar routes, customers and unplanned sales of a route', () => {
  it('finds routes sharing stops within the radius, most shared first, in depos the caller works in', async () => {
    const route = await makeRoute(firstDepo);
    const twin = await makeRoute(firstDepo, `${tag} twin`);
    const hidden = await makeRoute(lastDepo, `${tag} hidden`);
    const { data, error } = await rpc('depo_admin', 'similar_routes', { route_id: route });
    expect(error).toBeNull();
    const rows = data as Array<{ id: number; shared_stops: number; depo_title: string }>;
    expect(rows.find((r) => r.id === twin)?.shared_stops).toBe(5);
    expect(rows.map((r) => r.id)).not.toContain(route);
    expect(rows.map((r) => r.id)).not.toContain(hidden);
    expect(rows[0].shared_stops).toBeGreaterThanOrEqual(rows[rows.length - 1].shared_stops);
  });

  it('lists SMS subscribers and B2B customers of the route by stop', async () => {
    const route = await makeRoute(firstDepo);
    const customer = Number(
      (
        await db.query(
          `insert into public.customers (tenant_id, phone, name) values ($1, $2, 'Catalogue Customer') returning id`,
          [tenantId, randomPhone()],
        )
      ).rows[0].id,
    );
    made.customers.push(customer);
    await db.query(
      `insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id)
       select tenant_id, $2, id, depo_id from public.route_points where route_id = $1 and position = 4 and deleted_at is null`,
      [route, customer],
    );
    const { data, error } = await rpc('support', 'route_customers', { route_id: route });
    expect(error).toBeNull();
    expect(
      (data as Array<{ kind: string; name: string; position: number }>).map((c) => [c.kind, c.name, c.position]),
    ).toEqual([
      ['b2b', 'Catalogue shop', 2],
      ['customer', 'Catalogue Customer', 4],
    ]);
  });

  it("lists the stops made on the route's plan events that are not its points, with or without dates", async () => {
    const route = await makeRoute(firstDepo);
    const [{ car, user }] = (
      await db.query(
        `select (select id from public.cars where depo_id = $1 order by id limit 1) as car,
                (select m.user_id from public.tenant_memberships m where m.tenant_id = $2 order by m.user_id limit 1) as user`,
        [firstDepo, tenantId],
      )
    ).rows;
    const day = new Date(Date.UTC(2400, 0, 1) + randomInt(0, 2_000_000) * 86_400_000).toISOString().slice(0, 10);
    const planEvent = Number(
      (
        await db.query(
          `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id) values ($1, $2, $3, $4, $5, $6) returning id`,
          [tenantId, firstDepo, day, route, user, car],
        )
      ).rows[0].id,
    );
    made.planEvents.push(planEvent);
    await db.query(
      `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng, point_visited)
       select $1::uuid, $2::bigint, p.id, $3::bigint, p.position, p.address, p.lat, p.lng, true from public.route_points p where p.route_id = $4 and p.deleted_at is null
       union all select $1::uuid, $2::bigint, null, $3::bigint, 6, 'Unplanned square 9', 55.8, 12.5, true
       union all select $1::uuid, $2::bigint, null, $3::bigint, 7, 'Passed by 10', 55.81, 12.51, null`,
      [tenantId, planEvent, firstDepo, route],
    );
    const all = await rpc('depo_admin', 'route_unplanned_sales', { route_id: route });
    expect(all.error).toBeNull();
    expect((all.data as Array<{ address: string; date: string }>).map((s) => [s.address, s.date])).toEqual([
      ['Unplanned square 9', day],
    ]);
    const within = await rpc('depo_admin', 'route_unplanned_sales', {
      route_id: route,
      start_date: day,
      end_date: day,
    });
    expect((within.data as unknown[]).length).toBe(1);
    const before = await rpc('depo_admin', 'route_unplanned_sales', {
      route_id: route,
      start_date: '2000-01-01',
      end_date: '2000-01-31',
    });
    expect(before.data).toEqual([]);
  });
});

describe('points by address', () => {
  it("deletes the points at an address ('Route Point Deleted') and renumbers the rest; creates a point at a position ('Route Point created')", async () => {
    const route = await makeRoute(firstDepo);
    const removed = await rpc('depo_admin', 'destroy_route_points_by_address', {
      route_id: route,
      address: '  borgergade 2 ',
    });
    expect(removed.error).toBeNull();
    expect(removed.data).toBe(1);
    expect((await livePoints(route)).map((p) => [p.position, p.address])).toEqual([
      [1, 'Algade 1'],
      [2, 'Christiansgade 3'],
      [3, 'Dalgade 4'],
      [4, 'Engvej 5'],
    ]);
    expect(
      (await rpc('depo_admin', 'destroy_route_points_by_address', { route_id: route, address: 'Borgergade 2' })).error
        ?.message,
    ).toBe(NOT_FOUND);

    const created = await rpc('depo_admin', 'create_route_point', {
      route_id: route,
      address: 'Fjordvej 6',
      position: 2,
    });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ route_id: route, depo_id: firstDepo, position: 2, wait_time: 2 });
    const atEnd = await rpc('depo_admin', 'create_route_point', { route_id: route, address: 'Gammel Kongevej 7' });
    expect(atEnd.data).toMatchObject({ position: 6 });
    expect((await livePoints(route)).map((p) => p.address)).toEqual([
      'Algade 1',
      'Fjordvej 6',
      'Christiansgade 3',
      'Dalgade 4',
      'Engvej 5',
      'Gammel Kongevej 7',
    ]);
    const blank = await rpc('depo_admin', 'create_route_point', { route_id: route, address: '   ' });
    expect(blank.error?.message).toBe("Address can't be blank");
  });
});
