import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';
import { createEodWorld, type EodWorld } from '../db/eod-world.ts';
import { asAdmin, offset } from '../db/trip-world.ts';
import { addFunctionEnv, eventually, perTenant } from './functions/admin/support/function-env.ts';

// The pos-orders function end to end (service role, as the wallmob relay calls it): orders land once in the
// driver's end-of-day report of the day, a sale within 50 m of a stop marks it visited, and a wrong tenant or a
// malformed batch stores nothing.

const STOPS = [{ lat: 56.1572, lng: 10.2107 }, offset({ lat: 56.1572, lng: 10.2107 }, 1500, 90)];

async function post(
  body: unknown,
  key = stackInfo().serviceRoleKey,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stackInfo().apiUrl}/functions/v1/pos-orders`, {
    method: 'POST',
    headers: { apikey: stackInfo().anonKey, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface StoredOrder {
  wallmob_order_id: string;
  end_of_day_report_id: string;
  plan_event_id: string | null;
  total_revenue: string;
  plan_event_route_point_id: string | null;
  lines: number;
}

async function storedOrders(world: EodWorld): Promise<StoredOrder[]> {
  return asAdmin(
    async (db) =>
      (
        await db.query<StoredOrder>(
          `select o.wallmob_order_id, o.end_of_day_report_id, e.plan_event_id, o.total_revenue, o.plan_event_route_point_id,
            (select count(*)::int from public.eod_order_line_items li where li.eod_order_id = o.id) as lines
       from public.eod_orders o join public.end_of_day_reports e on e.id = o.end_of_day_report_id
      where o.tenant_id = $1 order by o.wallmob_order_id`,
          [world.tenantId],
        )
      ).rows,
  );
}

describe('pos-orders', () => {
  let world: EodWorld;
  let trip: { planEventId: number; stopIds: number[] };
  let soldAt: string;
  beforeAll(async () => {
    world = await createEodWorld();
    trip = await world.trip({ dayOffset: 0, stops: STOPS });
    // Noon of the tenant's today: on the trip's date whatever the hour the test runs.
    soldAt = await asAdmin(async (db) =>
      (
        await db.query<{ at: Date }>(
          `select (((now() at time zone t.time_zone)::date + time '12:00') at time zone t.time_zone) as at from public.tenants t where t.id = $1`,
          [world.tenantId],
        )
      ).rows[0].at.toISOString(),
    );
  });
  afterAll(async () => {
    await world?.drop();
  });

  const order = (id: string, at: { lat: number; lng: number }, extra: Record<string, unknown> = {}) => ({
    id,
    cash_register_id: world.cashRegisterId,
    wallmob_user_id: 'wm-driver',
    sold_at: soldAt,
    lat: at.lat,
    lng: at.lng,
    payment: 'card',
    lines: [
      { sku: 'EOD-1', product_name: 'Vanilje', category_name: 'Ice cream', quantity: 2, amount: 20 },
      { sku: 'NOT-IN-STOCK', product_name: 'Balloon', quantity: 1, amount: 5, discount: 1 },
    ],
    ...extra,
  });

  it("stores the orders in the driver's report of the trip and marks the stop sold at (within 50 m) visited", async () => {
    const batch = {
      tenant: world.slug,
      orders: [order('WM-1', offset(STOPS[0], 30, 0)), order('WM-2', offset(STOPS[1], 200, 0))],
    };
    const answer = await post(batch);
    expect(answer).toEqual({ status: 200, body: { inserted: 2, duplicates: 0, stops_visited: 1 } });
    const orders = await storedOrders(world);
    expect(orders.map((o) => [o.wallmob_order_id, o.plan_event_id, o.total_revenue, o.lines])).toEqual([
      ['WM-1', String(trip.planEventId), '25.00', 2],
      ['WM-2', String(trip.planEventId), '25.00', 2],
    ]);
    expect(orders[0].plan_event_route_point_id).toBe(String(trip.stopIds[0]));
    expect(orders[1].plan_event_route_point_id).toBeNull();
    const visited = await asAdmin(
      async (db) =>
        (
          await db.query<{ point_visited: boolean | null }>(
            'select point_visited from public.plan_event_route_points where plan_event_id = $1 order by position',
            [trip.planEventId],
          )
        ).rows,
    );
    expect(visited.map((v) => v.point_visited)).toEqual([true, null]);
    const report = await asAdmin(
      async (db) =>
        (
          await db.query(
            `select total, card, local_card_amount, discount_total, status from public.end_of_day_reports where id = $1`,
            [orders[0].end_of_day_report_id],
          )
        ).rows[0],
    );
    expect(report).toEqual({
      total: '50.00',
      card: '50.00',
      local_card_amount: '50.00',
      discount_total: '2.00',
      status: 'pending',
    });
    // The line whose SKU is no product carries the tooltip's flag.
    const presence = await asAdmin(
      async (db) =>
        (
          await db.query<{ wallmob_sku: string; inventory_presence: boolean }>(
            `select wallmob_sku, inventory_presence from public.eod_order_line_items where tenant_id = $1 and wallmob_sku = 'NOT-IN-STOCK' limit 1`,
            [world.tenantId],
          )
        ).rows[0],
    );
    expect(presence.inventory_presence).toBe(false);
  });

  it('stores each POS order once: a retried batch and two copies sent at once add nothing', async () => {
    const batch = { tenant: world.slug, orders: [order('WM-1', STOPS[0]), order('WM-2', STOPS[1])] };
    expect((await post(batch)).body).toEqual({ inserted: 0, duplicates: 2, stops_visited: 0 });
    const twice = { tenant: world.slug, orders: [order('WM-3', STOPS[1])] };
    const answers = await Promise.all([post(twice), post(twice)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.inserted).sort()).toEqual([0, 1]);
    expect((await storedOrders(world)).map((o) => o.wallmob_order_id)).toEqual(['WM-1', 'WM-2', 'WM-3']);
  });

  it('puts a sale by a till user with no plan event that day into an unmapped report', async () => {
    const answer = await post({
      tenant: world.slug,
      orders: [order('WM-U', STOPS[0], { wallmob_user_id: 'wm-nobody' })],
    });
    expect(answer.body).toMatchObject({ inserted: 1, stops_visited: 0 });
    expect((await storedOrders(world)).find((o) => o.wallmob_order_id === 'WM-U')?.plan_event_id).toBeNull();
  });

  it("refuses another tenant's cash register and an unknown tenant with Not found, storing nothing", async () => {
    const before = (await storedOrders(world)).length;
    expect(await post({ tenant: 'hjem-is', orders: [order('WM-X', STOPS[0])] })).toMatchObject({
      status: 404,
      body: { error: 'Not found' },
    });
    expect(await post({ tenant: 'zz-no-such-tenant', orders: [order('WM-Y', STOPS[0])] })).toMatchObject({
      status: 404,
    });
    expect((await storedOrders(world)).length).toBe(before);
    const hjemIs = await asAdmin(async (db) =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from public.eod_orders where wallmob_order_id in ('WM-X', 'WM-Y')`,
          )
        ).rows[0].n,
      ),
    );
    expect(hjemIs).toBe(0);
  });

  it('refuses malformed input: not JSON, missing lines, negative or text amounts, half a position, too many orders', async () => {
    const good = order('WM-M', STOPS[0]);
    expect((await post('{"tenant":')).status).toBe(400);
    for (const bad of [
      { ...good, lines: [] },
      { ...good, lines: [{ ...good.lines[0], quantity: -1 }] },
      { ...good, lines: [{ ...good.lines[0], amount: '20' }] },
      { ...good, lat: undefined },
      { ...good, sold_at: 'yesterday' },
      { ...good, id: 'x'.repeat(81) },
    ]) {
      expect((await post({ tenant: world.slug, orders: [bad] })).status).toBe(422);
    }
    const many = Array.from({ length: 501 }, (_, i) => order(`WM-MANY-${i}`, STOPS[0]));
    expect((await post({ tenant: world.slug, orders: many })).status).toBe(422);
    expect((await storedOrders(world)).some((o) => o.wallmob_order_id.startsWith('WM-M'))).toBe(false);
  });

  it('answers only the service role', async () => {
    const signedIn = (await world.admin.auth.getSession()).data.session!.access_token;
    for (const key of [stackInfo().anonKey, signedIn]) {
      const answer = await post({ tenant: world.slug, orders: [order('WM-A', STOPS[0])] }, key);
      expect(answer.status).toBe(403);
    }
  });
});

/** wallmob's webhook as the till system sends it: the body signed with the tenant's secret, over loopback. */
interface Signed {
  body: string;
  secret?: string;
  /** Seconds from now of the timestamp header. */
  skew?: number;
  /** Signature headers to leave out or replace. */
  headers?: Record<string, string | null>;
  tenant?: string;
  chunked?: boolean;
}

describe("pos-orders as wallmob's webhook (shared secret, HMAC-SHA256)", () => {
  const SECRET = `whsec-${randomUUID()}`;
  let world: EodWorld;
  let undoEnv: (() => void) | undefined;
  let soldAt: string;
  beforeAll(async () => {
    world = await createEodWorld();
    await world.trip({ dayOffset: 0, stops: STOPS });
    soldAt = new Date().toISOString();
    undoEnv = addFunctionEnv({ [perTenant('WALLMOB_WEBHOOK_SECRET', world.slug)]: SECRET });
  });
  afterAll(async () => {
    undoEnv?.();
    await world?.drop();
  });

  const batch = (id: string) =>
    JSON.stringify({
      tenant: world.slug,
      orders: [
        {
          id,
          cash_register_id: world.cashRegisterId,
          wallmob_user_id: 'wm-driver',
          sold_at: soldAt,
          payment: 'cash',
          lines: [{ sku: 'EOD-1', product_name: 'Vanilje', quantity: 1, amount: 10 }],
        },
      ],
    });

  async function send({
    body,
    secret = SECRET,
    skew = 0,
    headers = {},
    tenant = world.slug,
    chunked = false,
  }: Signed): Promise<{ status: number; body: Record<string, unknown> }> {
    const timestamp = String(Math.floor(Date.now() / 1000) + skew);
    const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
    const all: Record<string, string | null> = {
      'Content-Type': 'application/json',
      'X-Wallmob-Timestamp': timestamp,
      'X-Wallmob-Signature': signature,
      ...headers,
    };
    const sent = Object.fromEntries(
      Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null),
    );
    const payload = chunked
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(body));
            controller.close();
          },
        })
      : body;
    // No apikey and no JWT: wallmob has neither.
    const response = await fetch(`${stackInfo().apiUrl}/functions/v1/pos-orders?tenant=${tenant}`, {
      method: 'POST',
      headers: sent,
      body: payload,
      ...(chunked ? { duplex: 'half' } : {}),
    } as RequestInit);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  const stored = async (prefix: string) =>
    (await storedOrders(world)).filter((o) => o.wallmob_order_id.startsWith(prefix));

  it('accepts a correctly signed batch once: a replay within the window stores nothing twice', async () => {
    const body = batch('WH-1');
    // The function workers pick the new secret up after a restart.
    await eventually(async () => (await send({ body })).status === 200);
    expect((await send({ body })).body).toEqual({ inserted: 0, duplicates: 1, stops_visited: 0 });
    const orders = await stored('WH-1');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ total_revenue: '10.00', lines: 1 });
  });

  it("refuses a wrong, missing, stale or replayed-under-a-new-time signature and another tenant's batch, storing nothing", async () => {
    const body = batch('WH-BAD');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const otherBodySignature = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.`).update(batch('WH-OTHER')).digest('hex')}`;
    const answers = [
      await send({ body, secret: 'not-the-secret' }),
      await send({ body, headers: { 'X-Wallmob-Signature': otherBodySignature, 'X-Wallmob-Timestamp': timestamp } }),
      await send({ body, headers: { 'X-Wallmob-Signature': 'sha256=zz' } }),
      await send({ body, headers: { 'X-Wallmob-Timestamp': null } }),
      await send({ body, skew: -600 }),
      await send({ body, skew: 600 }),
      // The secret of this tenant does not sign for a tenant without one, nor for another tenant's orders.
      await send({ body, tenant: 'hjem-is' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect(answers[4].body.error).toBe('The request timestamp is outside the allowed window');
    expect(answers[0].body.error).toBe('The request signature is not valid');
    expect((await send({ body, headers: { 'X-Wallmob-Signature': null, 'X-Wallmob-Timestamp': null } })).status).toBe(
      403,
    );
    const foreign = JSON.stringify({ ...(JSON.parse(body) as object), tenant: 'hjem-is' });
    expect(await send({ body: foreign })).toMatchObject({ status: 404, body: { error: 'Not found' } });
    expect(await stored('WH-')).toHaveLength((await stored('WH-1')).length);
  });

  it('refuses oversized bodies (413, with or without a length) and malformed ones (400, 422), even when signed', async () => {
    const huge = JSON.stringify({ tenant: world.slug, orders: [], padding: 'x'.repeat(1_010_000) });
    expect((await send({ body: huge })).status).toBe(413);
    expect((await send({ body: huge, chunked: true })).status).toBe(413);
    expect((await send({ body: '{"tenant":' })).status).toBe(400);
    expect((await send({ body: JSON.stringify({ tenant: world.slug, orders: [{ id: 'WH-M' }] }) })).status).toBe(422);
    expect(await stored('WH-M')).toHaveLength(0);
    // Five requests, each of which may meet a function worker restarting because another test file edited
    // edge-functions/.env meanwhile (a cold start takes seconds on a busy machine).
  }, 90_000);
});

describe('the local POS simulator', () => {
  let world: EodWorld;
  beforeAll(async () => {
    world = await createEodWorld();
  });
  afterAll(async () => {
    await world?.drop();
  });

  it('sells once at each stop the simulated truck visited today, through the same ingestion', async () => {
    const trip = await world.trip({ dayOffset: 0, stops: STOPS });
    await asAdmin(async (db) => {
      await db.query(`update public.tenants set pos_provider = 'simulator' where id = $1`, [world.tenantId]);
      // Visited at noon of the tenant's today, so the sale falls on the trip's date whatever the hour.
      await db.query(
        `update public.plan_event_route_points s set point_visited = true,
                visited_at = (((now() at time zone t.time_zone)::date + time '12:00') at time zone t.time_zone)
           from public.tenants t where t.id = s.tenant_id and s.id = $1`,
        [trip.stopIds[0]],
      );
    });
    const sell = () =>
      asAdmin(
        async (db) =>
          (await db.query<{ n: number }>('select app_private.simulate_pos_sales($1) as n', [world.tenantId])).rows[0].n,
      );
    expect(await sell()).toBe(1);
    expect(await sell()).toBe(0);
    const orders = await storedOrders(world);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      wallmob_order_id: `SIM-${trip.stopIds[0]}`,
      plan_event_id: String(trip.planEventId),
      plan_event_route_point_id: String(trip.stopIds[0]),
    });
    expect(orders[0].lines).toBeGreaterThan(0);
  });
});
