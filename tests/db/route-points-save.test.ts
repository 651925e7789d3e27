import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb } from './sms-world.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';

// The route-points editor's SQL (migration 20261126040000_route_points_editor.sql): one save renumbers the points
// by their place in the list and marks removed ones deleted, a stale version is refused, moves between routes,
// B2B customers on a point, and who may do any of it.

let db: pg.Client;
let hjemIs: string;
const members = new Map<string, DemoMember>();
const routes: number[] = [];

/** A throwaway route of a depo with points named P1..Pn at positions 1..n. */
async function makeRoute(depoId: number, pointCount: number, tenantId = hjemIs): Promise<number> {
  const route = await db.query<{ id: string }>(
    `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`,
    [tenantId, depoId, `route-points-save ${randomUUID().slice(0, 8)}`],
  );
  const id = Number(route.rows[0]!.id);
  routes.push(id);
  await db.query(
    `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
     select $1, $2, $3, n, 'P' || n, 55.6 + n / 1000.0, 12.5 from generate_series(1, $4::int) n`,
    [tenantId, id, depoId, pointCount],
  );
  return id;
}

async function livePoints(routeId: number): Promise<Array<{ id: number; position: number; address: string }>> {
  const { rows } = await db.query(
    `select id, position, address from public.route_points where route_id = $1 and deleted_at is null order by position`,
    [routeId],
  );
  return rows.map((row) => ({ id: Number(row.id), position: Number(row.position), address: String(row.address) }));
}

async function version(routeId: number): Promise<number> {
  return Number((await db.query(`select version from public.routes where id = $1`, [routeId])).rows[0]!.version);
}

const asSaved = (points: Array<{ id: number; address: string }>) =>
  points.map((point) => ({ id: point.id, address: point.address, lat: 55.7, lng: 12.5, wait_time: 2 }));

let lock: { release: () => Promise<void> } | undefined;

beforeAll(async () => {
  // Puts hjem-is B2B customers on points: not while the B2B list or the RLS matrix counts them.
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  db = await adminDb();
  hjemIs = String((await db.query(`select id from public.tenants where slug = 'hjem-is'`)).rows[0]!.id);
  members.set('admin', await demoMember('hjem-is', 'admin'));
  members.set('depo_admin', await demoMember('hjem-is', 'depo_admin'));
  members.set('support', await demoMember('hjem-is', 'support'));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  if (routes.length) await db.query(`delete from public.routes where id = any ($1::bigint[])`, [routes]);
  await db.end();
  await lock?.release();
});

const admin = () => members.get('admin')!.client;

describe('saving a route with its points', () => {
  it('numbers the points by their place in the list, marks removed ones deleted and adds new ones', async () => {
    const routeId = await makeRoute(4, 5);
    const before = await livePoints(routeId);
    // Reverse, drop P2 and P4, add a new point in the middle.
    const kept = [before[4]!, before[2]!, before[0]!];
    const points = [
      ...asSaved(kept.slice(0, 2)),
      { address: 'New stop', lat: 55.8, lng: 12.6, wait_time: 0.5 },
      ...asSaved(kept.slice(2)),
      { id: before[1]!.id, deleted: true },
      { id: before[3]!.id, deleted: true },
    ];
    const { data, error } = await admin().rpc('save_route_points', {
      route_id: routeId,
      expected_version: await version(routeId),
      route: { first_stop_arrival_time: '08:00', route_duration: 7.5 },
      points,
    });
    expect(error).toBeNull();
    const after = await livePoints(routeId);
    expect(after.map((p) => [p.position, p.address])).toEqual([
      [1, 'P5'],
      [2, 'P3'],
      [3, 'New stop'],
      [4, 'P1'],
    ]);
    const deleted = await db.query(
      `select count(*)::int as n from public.route_points where route_id = $1 and deleted_at is not null`,
      [routeId],
    );
    expect(deleted.rows[0].n).toBe(2);
    expect((data as { points: unknown[] }).points).toHaveLength(4);
    const route = (
      await db.query(`select first_stop_arrival_time::text, route_duration::float8 from public.routes where id = $1`, [
        routeId,
      ])
    ).rows[0];
    expect(route).toEqual({ first_stop_arrival_time: '08:00:00', route_duration: 7.5 });
  });

  it('closes gaps left by earlier writes, and keeps points the list leaves out after the listed ones', async () => {
    const routeId = await makeRoute(4, 4);
    await db.query(`update public.route_points set position = position * 10 where route_id = $1`, [routeId]);
    const before = await livePoints(routeId);
    const { error } = await admin().rpc('save_route_points', {
      route_id: routeId,
      expected_version: await version(routeId),
      route: {},
      points: asSaved([before[3]!, before[1]!]),
    });
    expect(error).toBeNull();
    expect((await livePoints(routeId)).map((p) => [p.position, p.address])).toEqual([
      [1, 'P4'],
      [2, 'P2'],
      [3, 'P1'],
      [4, 'P3'],
    ]);
  });

  it('refuses a save over a newer version instead of overwriting it, and a save without any address', async () => {
    const routeId = await makeRoute(4, 3);
    const loaded = await version(routeId);
    const points = asSaved(await livePoints(routeId));
    expect(
      (await admin().rpc('save_route_points', { route_id: routeId, expected_version: loaded, route: {}, points }))
        .error,
    ).toBeNull();
    const stale = await members.get('depo_admin')!.client.rpc('save_route_points', {
      route_id: routeId,
      expected_version: loaded,
      route: {},
      points: points.reverse(),
    });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe('This route was saved by someone else after you opened it');
    expect((await livePoints(routeId)).map((p) => p.address)).toEqual(['P1', 'P2', 'P3']);
    const blank = await admin().rpc('save_route_points', {
      route_id: routeId,
      expected_version: loaded + 1,
      route: {},
      points: [{ address: ' ' }],
    });
    expect(blank.error?.message).toBe('At least one route point needs an address');
  });

  it('keeps the numbering 1..n when two people save the same route at once', async () => {
    const routeId = await makeRoute(4, 6);
    const points = await livePoints(routeId);
    const v = await version(routeId);
    const [a, b] = await Promise.all([
      admin().rpc('save_route_points', {
        route_id: routeId,
        expected_version: v,
        route: {},
        points: asSaved(points.slice().reverse()),
      }),
      members.get('depo_admin')!.client.rpc('save_route_points', {
        route_id: routeId,
        expected_version: v,
        route: {},
        points: [...asSaved(points.slice(1)), { id: points[0]!.id, deleted: true }],
      }),
    ]);
    // One wins, the other is told the route changed; never a mix.
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = await livePoints(routeId);
    expect(after.map((p) => p.position)).toEqual(after.map((_, i) => i + 1));
    expect(after.map((p) => p.address)).toEqual(
      a.status === 200 ? ['P6', 'P5', 'P4', 'P3', 'P2', 'P1'] : ['P2', 'P3', 'P4', 'P5', 'P6'],
    );
  });

  it("refuses forged point ids, another tenant's or depo's route, readers and huge input", async () => {
    const routeId = await makeRoute(4, 2);
    const otherRoute = await makeRoute(4, 2);
    const foreignPoint = (await livePoints(otherRoute))[0]!;
    const v = await version(routeId);
    const forged = await admin().rpc('save_route_points', {
      route_id: routeId,
      expected_version: v,
      route: {},
      points: asSaved([foreignPoint]),
    });
    expect(forged.error?.message).toBe(`Route point ${foreignPoint.id} is not a point of this route`);
    expect((await livePoints(otherRoute))[0]!.position).toBe(1);

    const points = asSaved(await livePoints(routeId));
    for (const who of ['foreign admin', 'support']) {
      const refused = await members
        .get(who)!
        .client.rpc('save_route_points', { route_id: routeId, expected_version: v, route: {}, points });
      expect(refused.error?.message).toBe('You are not allowed to edit this route');
    }
    const depo6Route = await makeRoute(6, 2);
    const depoAdmin = await members.get('depo_admin')!.client.rpc('save_route_points', {
      route_id: depo6Route,
      expected_version: await version(depo6Route),
      route: {},
      points: asSaved(await livePoints(depo6Route)),
    });
    expect(depoAdmin.error?.message).toBe('You are not allowed to edit this route');
    expect(
      (await client().rpc('save_route_points', { route_id: routeId, expected_version: v, route: {}, points })).error,
    ).not.toBeNull();

    const many = Array.from({ length: 501 }, (_, i) => ({ address: `Stop ${i}` }));
    expect(
      (await admin().rpc('save_route_points', { route_id: routeId, expected_version: v, route: {}, points: many }))
        .error?.message,
    ).toBe('A route can have at most 500 points');
    const long = await admin().rpc('save_route_points', {
      route_id: routeId,
      expected_version: v,
      route: {},
      points: [{ address: 'x'.repeat(501) }],
    });
    expect(long.error?.message).toBe('Address is too long (maximum is 500 characters)');
    const own = (await livePoints(routeId))[0]!;
    const twice = await admin().rpc('save_route_points', {
      route_id: routeId,
      expected_version: v,
      route: {},
      points: asSaved([own, own]),
    });
    expect(twice.error?.message).toBe(`Route point ${own.id} is not a point of this route`);
    expect(await version(routeId)).toBe(v);
  });

  it("lets only members of the route's depo read it for the editor", async () => {
    const routeId = await makeRoute(4, 2);
    const read = await members.get('support')!.client.rpc('route_points_for_editor', { route_id: routeId });
    expect(read.error).toBeNull();
    expect(read.data as { can_edit: boolean; points: unknown[] }).toMatchObject({ can_edit: false });
    expect((read.data as { points: unknown[] }).points).toHaveLength(2);
    const foreign = await members.get('foreign admin')!.client.rpc('route_points_for_editor', { route_id: routeId });
    expect(foreign.data).toBeNull();
    expect(foreign.status).toBe(404);
  });
});

describe('moving points to another route', () => {
  it('appends the checked points with their B2B customers, and removes them here unless keep_points', async () => {
    const source = await makeRoute(4, 4);
    const target = await makeRoute(4, 2);
    const points = await livePoints(source);
    const b2b = Number(
      (await db.query(`select id from public.b2b_customers where tenant_id = $1 order by id limit 1`, [hjemIs]))
        .rows[0]!.id,
    );
    expect(
      (await admin().rpc('add_b2b_customer_to_route_point', { route_point_id: points[2]!.id, b2b_customer_id: b2b }))
        .error,
    ).toBeNull();

    const moved = await admin().rpc('move_route_points', {
      route_id: source,
      expected_version: await version(source),
      point_ids: [points[2]!.id, points[0]!.id],
      target_route_id: target,
      keep_points: false,
    });
    expect(moved.error).toBeNull();
    expect(moved.data).toBe(2);
    expect((await livePoints(source)).map((p) => [p.position, p.address])).toEqual([
      [1, 'P2'],
      [2, 'P4'],
    ]);
    const inTarget = await livePoints(target);
    expect(inTarget.map((p) => [p.position, p.address])).toEqual([
      [1, 'P1'],
      [2, 'P2'],
      [3, 'P1'],
      [4, 'P3'],
    ]);
    const customers = await db.query(
      `select route_point_id from public.route_point_b2b_customers where route_point_id = $1`,
      [inTarget[3]!.id],
    );
    expect(customers.rowCount).toBe(1);

    const kept = await admin().rpc('move_route_points', {
      route_id: source,
      expected_version: await version(source),
      point_ids: [(await livePoints(source))[0]!.id],
      target_route_id: target,
      keep_points: true,
    });
    expect(kept.error).toBeNull();
    expect(await livePoints(source)).toHaveLength(2);
    expect(await livePoints(target)).toHaveLength(5);
  });

  it('refuses a target route the caller may not edit and points of another route', async () => {
    const source = await makeRoute(4, 2);
    const depo6 = await makeRoute(6, 1);
    const other = await makeRoute(4, 1);
    const point = (await livePoints(source))[0]!.id;
    const depoAdmin = await members.get('depo_admin')!.client.rpc('move_route_points', {
      route_id: source,
      expected_version: await version(source),
      point_ids: [point],
      target_route_id: depo6,
      keep_points: false,
    });
    expect(depoAdmin.error?.message).toBe('You are not allowed to edit this route');
    const forged = await admin().rpc('move_route_points', {
      route_id: source,
      expected_version: await version(source),
      point_ids: [(await livePoints(other))[0]!.id],
      target_route_id: depo6,
      keep_points: false,
    });
    expect(forged.error?.message).toBe('Select points of this route to move');
    expect(await livePoints(source)).toHaveLength(2);
    expect(await livePoints(depo6)).toHaveLength(1);
  });
});

describe('B2B customers on a point', () => {
  it('adds and removes a customer, says Already deleted the second time, and refuses other tenants', async () => {
    const routeId = await makeRoute(4, 1);
    const point = (await livePoints(routeId))[0]!.id;
    const b2b = Number(
      (await db.query(`select id from public.b2b_customers where tenant_id = $1 order by id desc limit 1`, [hjemIs]))
        .rows[0]!.id,
    );
    const start = await version(routeId);
    const added = await admin().rpc('add_b2b_customer_to_route_point', { route_point_id: point, b2b_customer_id: b2b });
    const addedAnswer = added.data as { b2b_customers: Array<{ id: number }>; version: number };
    expect(addedAnswer.b2b_customers.map((c) => c.id)).toEqual([b2b]);
    // A change of the route: its version moves on, and the editor that made it learns the new one.
    expect(addedAnswer.version).toBe(start + 1);
    expect(await version(routeId)).toBe(start + 1);
    const addedAgain = await admin().rpc('add_b2b_customer_to_route_point', {
      route_point_id: point,
      b2b_customer_id: b2b,
    });
    expect((addedAgain.data as { version: number }).version).toBe(start + 1);
    const foreign = await members
      .get('foreign admin')!
      .client.rpc('remove_b2b_customer_from_route_point', { route_point_id: point, b2b_customer_id: b2b });
    expect(foreign.error?.message).toBe('You are not allowed to edit this route');
    const removed = await admin().rpc('remove_b2b_customer_from_route_point', {
      route_point_id: point,
      b2b_customer_id: b2b,
    });
    expect(removed.data).toEqual({ b2b_customers: [], version: start + 2 });
    const again = await admin().rpc('remove_b2b_customer_from_route_point', {
      route_point_id: point,
      b2b_customer_id: b2b,
    });
    expect(again.error?.message).toBe('Already deleted');
    const norwegian = Number(
      (
        await db.query(
          `select b.id from public.b2b_customers b join public.tenants t on t.id = b.tenant_id where t.slug = 'den-norske-isbilen' limit 1`,
        )
      ).rows[0]!.id,
    );
    const crossTenant = await admin().rpc('add_b2b_customer_to_route_point', {
      route_point_id: point,
      b2b_customer_id: norwegian,
    });
    expect(crossTenant.error?.message).toBe('The B2B customer was not found');
  });
});

describe('what the editor shows about a point', () => {
  it("lists other live routes stopping at the same place, and counts the point's active customers", async () => {
    const a = await makeRoute(4, 2);
    const b = await makeRoute(4, 2);
    const pointOfA = (await livePoints(a))[0]!.id;
    const alternatives = await admin().rpc('route_point_alternative_routes', { route_point_id: pointOfA });
    expect((alternatives.data as Array<{ id: number }>).map((r) => r.id)).toContain(b);
    await db.query(`update public.routes set deleted_at = now() where id = $1`, [b]);
    const afterDelete = await admin().rpc('route_point_alternative_routes', { route_point_id: pointOfA });
    expect((afterDelete.data as Array<{ id: number }>).map((r) => r.id)).not.toContain(b);
    const foreign = await members
      .get('foreign admin')!
      .client.rpc('route_point_alternative_routes', { route_point_id: pointOfA });
    expect(foreign.data).toEqual([]);

    const customer = await db.query(`select id from public.customers where tenant_id = $1 limit 1`, [hjemIs]);
    await db.query(
      `insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id) values ($1, $2, $3, 4)`,
      [hjemIs, customer.rows[0]!.id, pointOfA],
    );
    const read = await admin().rpc('route_points_for_editor', { route_id: a });
    expect(
      (read.data as { points: Array<{ id: number; active_customers_count: number }> }).points.find(
        (p) => p.id === pointOfA,
      )?.active_customers_count,
    ).toBe(1);
  });
});
