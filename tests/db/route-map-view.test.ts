import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb, randomPhone } from './sms-world.ts';

// The route map view's functions (migration 20261127020000_route_map_view.sql) on a world of their own in
// hjem-is, away from the demo data: customers in a box with where they belong, routes sharing selected
// customers, their phones, moving them to a stop, the local reverse geocoder; and who may do it (roles,
// tenants, forged and foreign ids).

const NOT_FOUND = 'Not found';
const tag = `map-${randomUUID().slice(0, 8)}`;
// A corner of Jutland far from the demo towns' stops, so the box holds only this file's customers.
const BASE = { lat: 56.9, lng: 8.4 };
const BOX = { west: BASE.lng - 0.05, south: BASE.lat - 0.05, east: BASE.lng + 0.05, north: BASE.lat + 0.05 };

const members = new Map<string, DemoMember>();
let db: pg.Client;
let tenantId: string;
let depo: number;
let route: number;
let otherRoute: number;
let pointA1: number;
let pointA2: number;
let foreignCustomer: number;
const customer: Record<'current' | 'other' | 'numbered' | 'none' | 'neighbour' | 'far', number> = {
  current: 0,
  other: 0,
  numbered: 0,
  none: 0,
  neighbour: 0,
  far: 0,
};
const phones: Record<string, string> = {};
const made = { routes: [] as number[], customers: [] as number[] };

const rpc = (who: string, fn: string, args: Record<string, unknown>) => members.get(who)!.client.rpc(fn, args);

async function makeRoute(name: string, points: Array<[number, number]>): Promise<{ id: number; points: number[] }> {
  const id = Number(
    (
      await db.query(`insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`, [
        tenantId,
        depo,
        name,
      ])
    ).rows[0].id,
  );
  made.routes.push(id);
  const ids: number[] = [];
  for (const [index, [lat, lng]] of points.entries()) {
    ids.push(
      Number(
        (
          await db.query(
            `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
            [tenantId, id, depo, index + 1, `${name} stop ${index + 1}`, lat, lng],
          )
        ).rows[0].id,
      ),
    );
  }
  return { id, points: ids };
}

async function makeCustomer(
  name: keyof typeof customer,
  lat: number,
  lng: number,
  extra: { address?: string; routeNumber?: string } = {},
): Promise<number> {
  phones[name] = randomPhone();
  const id = Number(
    (
      await db.query(
        `insert into public.customers (tenant_id, phone, name, address, lat, lng, route_number) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [
          tenantId,
          phones[name],
          `${tag} ${name}`,
          extra.address ?? `${tag} ${name} street 1`,
          lat,
          lng,
          extra.routeNumber ?? null,
        ],
      )
    ).rows[0].id,
  );
  made.customers.push(id);
  customer[name] = id;
  return id;
}

const subscribe = (customerId: number, routePointId: number) =>
  db.query(
    `insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id) values ($1, $2, $3, $4)`,
    [tenantId, customerId, routePointId, depo],
  );

const liveSubscriptions = async (customerId: number) =>
  (
    await db.query(
      `select route_point_id from public.stop_subscriptions where customer_id = $1 and unsubscribed_at is null order by route_point_id`,
      [customerId],
    )
  ).rows.map((row) => Number(row.route_point_id));

beforeAll(async () => {
  db = await adminDb();
  tenantId = (await db.query(`select id from public.tenants where slug = 'hjem-is'`)).rows[0].id;
  depo = Number(
    (await db.query(`select id from public.depos where tenant_id = $1 order by id limit 1`, [tenantId])).rows[0].id,
  );
  const a = await makeRoute(`${tag} A`, [
    [BASE.lat, BASE.lng],
    [BASE.lat + 0.01, BASE.lng],
  ]);
  const b = await makeRoute(`${tag} B`, [[BASE.lat + 0.02, BASE.lng + 0.01]]);
  route = a.id;
  otherRoute = b.id;
  [pointA1, pointA2] = a.points;
  await subscribe(await makeCustomer('current', BASE.lat + 0.001, BASE.lng), pointA1);
  await subscribe(await makeCustomer('other', BASE.lat + 0.002, BASE.lng), b.points[0]!);
  await makeCustomer('numbered', BASE.lat + 0.003, BASE.lng, { routeNumber: 'R-17' });
  await makeCustomer('none', BASE.lat + 0.004, BASE.lng);
  // Lives with 'current': the phone list of 'current' has both.
  await makeCustomer('neighbour', BASE.lat + 0.001, BASE.lng, { address: `${tag} current street 1` });
  await makeCustomer('far', BASE.lat + 1, BASE.lng);
  foreignCustomer = Number(
    (
      await db.query(
        `select c.id from public.customers c join public.tenants t on t.id = c.tenant_id where t.slug = 'den-norske-isbilen' order by c.id limit 1`,
      )
    ).rows[0].id,
  );
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
}, 60_000);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  if (made.routes.length) await db.query(`delete from public.routes where id = any ($1)`, [made.routes]);
  if (made.customers.length) await db.query(`delete from public.customers where id = any ($1)`, [made.customers]);
  await db.end();
});

describe('route_map_customers', () => {
  it('answers the customers in the box with where they belong; a tenant hiding route numbers gets only that one exists', async () => {
    const { data, error } = await rpc('admin', 'route_map_customers', { route_id: route, ...BOX });
    expect(error).toBeNull();
    const byId = new Map((data as Array<Record<string, unknown>>).map((row) => [Number(row.customer_id), row]));
    expect(byId.has(customer.far)).toBe(false);
    expect(byId.get(customer.current)).toMatchObject({
      exists_in_current_route: true,
      exists_in_other_route: false,
      other_route: null,
      phone: phones.current,
    });
    expect(byId.get(customer.other)).toMatchObject({
      exists_in_current_route: false,
      exists_in_other_route: true,
      other_route: `${tag} B`,
    });
    // hjem-is hides route numbers on customers (hides_customer_route_number): the map knows one exists, not which.
    expect(byId.get(customer.numbered)).toMatchObject({
      exists_in_current_route: false,
      exists_in_other_route: false,
      route_number: null,
      has_route_number: true,
    });
    expect(byId.get(customer.none)).toMatchObject({
      exists_in_current_route: false,
      exists_in_other_route: false,
      has_route_number: false,
    });
    expect(byId.get(customer.none)).toMatchObject({
      address: `${tag} none street 1`,
      lat: BASE.lat + 0.004,
      lng: BASE.lng,
    });
  });

  it('shows the route number itself to a tenant that does not hide it', async () => {
    await db.query(`update public.tenants set hides_customer_route_number = false where id = $1`, [tenantId]);
    try {
      const { data } = await rpc('admin', 'route_map_customers', { route_id: route, ...BOX });
      expect(
        (data as Array<{ customer_id: number; route_number: string | null }>).find(
          (row) => Number(row.customer_id) === customer.numbered,
        )?.route_number,
      ).toBe('R-17');
    } finally {
      await db.query(`update public.tenants set hides_customer_route_number = true where id = $1`, [tenantId]);
    }
  });

  it("is refused for another tenant's staff, a driver, a forged route and an upside-down box", async () => {
    expect((await rpc('foreign admin', 'route_map_customers', { route_id: route, ...BOX })).error?.message).toBe(
      NOT_FOUND,
    );
    expect((await rpc('admin', 'route_map_customers', { route_id: 2 ** 40, ...BOX })).error?.message).toBe(NOT_FOUND);
    expect((await rpc('driver', 'route_map_customers', { route_id: route, ...BOX })).error?.code).toBe('42501');
    expect(
      (await rpc('admin', 'route_map_customers', { route_id: route, ...BOX, west: BOX.east + 1 })).error?.message,
    ).toBe('Invalid map bounds');
  });
});

describe('route_map_similar_routes and route_map_phones', () => {
  it('lists the other routes the selected customers stop on, with their stops', async () => {
    const { data, error } = await rpc('support', 'route_map_similar_routes', {
      route_id: route,
      customer_ids: [customer.current, customer.other, customer.none],
    });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: otherRoute,
        name: `${tag} B`,
        depo_title: expect.any(String),
        shared_customers: 1,
        stops: [{ position: 1, lat: BASE.lat + 0.02, lng: BASE.lng + 0.01 }],
      },
    ]);
  });

  it("answers the phones at the selected customers' addresses, neighbours included", async () => {
    const { data, error } = await rpc('depo_admin', 'route_map_phones', {
      route_id: route,
      customer_ids: [customer.current],
    });
    expect(error).toBeNull();
    expect((data as Array<{ phone: string }>).map((row) => row.phone).sort()).toEqual(
      [phones.current, phones.neighbour].sort(),
    );
  });

  it("refuses another tenant's customer ids and another tenant's staff, telling nothing about them", async () => {
    for (const fn of ['route_map_similar_routes', 'route_map_phones']) {
      const mixed = await rpc('admin', fn, { route_id: route, customer_ids: [customer.current, foreignCustomer] });
      expect(mixed.error?.message).toBe(NOT_FOUND);
      expect(mixed.data).toBeNull();
      expect((await rpc('admin', fn, { route_id: route, customer_ids: [2 ** 40] })).error?.message).toBe(NOT_FOUND);
      expect(
        (await rpc('foreign admin', fn, { route_id: route, customer_ids: [customer.current] })).error?.message,
      ).toBe(NOT_FOUND);
      expect((await rpc('admin', fn, { route_id: route, customer_ids: [] })).error?.message).toBe(
        'Select customers on the map first',
      );
    }
  });
});

describe('update_multiple_customers', () => {
  it('subscribes the selected customers at the stop and ends their other stops on this route, keeping other routes', async () => {
    const { data, error } = await rpc('depo_admin', 'update_multiple_customers', {
      route_point_id: pointA2,
      customer_ids: [customer.current, customer.other],
    });
    expect(error).toBeNull();
    expect(data).toBe(2);
    expect(await liveSubscriptions(customer.current)).toEqual([pointA2]);
    const [otherPoint] = (
      await db.query(`select id from public.route_points where route_id = $1`, [otherRoute])
    ).rows.map((row) => Number(row.id));
    expect(await liveSubscriptions(customer.other)).toEqual([otherPoint, pointA2].sort((x, y) => x - y));
    // Back to the first stop: the ended subscription there comes back, the second ends.
    expect(
      (await rpc('admin', 'update_multiple_customers', { route_point_id: pointA1, customer_ids: [customer.current] }))
        .data,
    ).toBe(1);
    expect(await liveSubscriptions(customer.current)).toEqual([pointA1]);
  });

  it("is only for those who edit the route, and never with another tenant's customers", async () => {
    const before = await liveSubscriptions(customer.none);
    expect(
      (await rpc('support', 'update_multiple_customers', { route_point_id: pointA2, customer_ids: [customer.none] }))
        .error?.code,
    ).toBe('42501');
    expect(
      (await rpc('driver', 'update_multiple_customers', { route_point_id: pointA2, customer_ids: [customer.none] }))
        .error?.code,
    ).toBe('42501');
    expect(
      (
        await rpc('foreign admin', 'update_multiple_customers', {
          route_point_id: pointA2,
          customer_ids: [customer.none],
        })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await rpc('admin', 'update_multiple_customers', {
          route_point_id: pointA2,
          customer_ids: [customer.none, foreignCustomer],
        })
      ).error?.message,
    ).toBe(NOT_FOUND);
    expect(await liveSubscriptions(customer.none)).toEqual(before);
    expect(await liveSubscriptions(foreignCustomer)).not.toContain(pointA2);
  });
});

describe('reverse_known_address', () => {
  it('names the nearest stop or depo address of the country within the distance, else nothing; service role only', async () => {
    const service = serviceClient();
    // 0.0005° of latitude is about 56 m north of stop 1 of route A.
    const near = await service.rpc('reverse_known_address', {
      p_country_code: 'DK',
      p_lat: BASE.lat + 0.0005,
      p_lng: BASE.lng,
    });
    expect(near.error).toBeNull();
    expect(near.data).toEqual([
      { id: `route_point.${pointA1}`, place_name: `${tag} A stop 1`, lat: BASE.lat, lng: BASE.lng },
    ]);
    expect(
      (await service.rpc('reverse_known_address', { p_country_code: 'NO', p_lat: BASE.lat + 0.0005, p_lng: BASE.lng }))
        .data,
    ).toEqual([]);
    expect(
      (await service.rpc('reverse_known_address', { p_country_code: 'DK', p_lat: BASE.lat - 0.03, p_lng: BASE.lng }))
        .data,
    ).toEqual([]);
    expect(
      (await rpc('admin', 'reverse_known_address', { p_country_code: 'DK', p_lat: BASE.lat, p_lng: BASE.lng })).error
        ?.code,
    ).toBe('42501');
  });
});
