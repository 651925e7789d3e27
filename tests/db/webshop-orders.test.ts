import { randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribed, until } from '../contract/realtime/helpers.ts';
import { DATA_LOCK_WAIT_MS, HJEM_IS_OPERATIONS, holdDataLock } from '../support/data-lock.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb } from './sms-world.ts';

// E-shop and B2B web-shop orders (migration 20261128050000_webshop_order_rules.sql) on orders of their own in
// hjem-is: status rules and versions, print, change route, change depo, cleanup; who may, and what another
// tenant's, another depo's or a forged id answers.

const TENANT = 'hjem-is';
const NOT_FOUND = 'Not found';
const members = new Map<string, DemoMember>();
let db: pg.Client;
let tenantId: string;
let depoId: number;
/** A depo of hjem-is the depo admin does not work in. */
let otherDepoId: number;
let lock: { release: () => Promise<void> } | undefined;
const tag = `orders-${randomUUID().slice(0, 8)}`;
const made = { routes: [] as number[], planEvents: [] as number[], orders: [] as number[] };

/** A far-past day nobody else plans on (one plan event per route and per driver on a date). */
const freeDay = () => new Date(Date.UTC(2011, 0, 1) + randomInt(0, 3000) * 86_400_000).toISOString().slice(0, 10);

async function makeOrder(
  values: { kind?: 'eshop' | 'b2b'; status?: string; delivery_date?: string; depo?: number; tenant?: string } = {},
): Promise<number> {
  const id = Number(
    (
      await db.query(
        `insert into public.webshop_orders (tenant_id, depo_id, kind, status, eshop_id, delivery_date, total, customer_address)
     values ($1, $2, $3, $4, $5, $6, 99, 'Algade 1') returning id`,
        [
          values.tenant ?? tenantId,
          values.depo ?? depoId,
          values.kind ?? 'eshop',
          values.status ?? 'new',
          tag,
          values.delivery_date ?? freeDay(),
        ],
      )
    ).rows[0].id,
  );
  await db.query(
    `insert into public.webshop_order_line_items (tenant_id, webshop_order_id, depo_id, product_sku, quantity, price)
     select tenant_id, id, depo_id, 'IS-101', 2, 25 from public.webshop_orders where id = $1`,
    [id],
  );
  made.orders.push(id);
  return id;
}

/** A plan event of the depo with three stops, estimated at 10:15, 11:15 and 12:15 local time. */
async function makePlanEvent(depo = depoId): Promise<{ id: number; routeId: number; stops: number[]; date: string }> {
  const routeId = Number(
    (
      await db.query(`insert into public.routes (tenant_id, depo_id, name) values ($1, $2, $3) returning id`, [
        tenantId,
        depo,
        `${tag} ${made.routes.length}`,
      ])
    ).rows[0].id,
  );
  made.routes.push(routeId);
  const date = freeDay();
  const user = (await db.query(`select id from auth.users where email = $1`, [`admin@${TENANT}.test`])).rows[0].id;
  const car = (await db.query('select id from public.cars where depo_id = $1 order by id limit 1', [depo])).rows[0].id;
  const id = Number(
    (
      await db.query(
        `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id) values ($1, $2, $3, $4, $5, $6) returning id`,
        [tenantId, depo, date, routeId, user, car],
      )
    ).rows[0].id,
  );
  made.planEvents.push(id);
  const stops = (
    await db.query<{ id: string }>(
      `insert into public.plan_event_route_points (tenant_id, plan_event_id, depo_id, position, address, arrival_date, google_estimate_time)
     select $1, $2, $3, p, 'Stop ' || p, $4::date, ($4::date + time '10:15' + make_interval(hours => p - 1)) at time zone 'Europe/Copenhagen'
     from generate_series(1, 3) p order by p returning id`,
      [tenantId, id, depo, date],
    )
  ).rows.map((r) => Number(r.id));
  return { id, routeId, stops, date };
}

const rpc = (who: string, fn: string, args: Record<string, unknown>) => members.get(who)!.client.rpc(fn, args);
const orderRow = async (id: number) =>
  (await db.query('select * from public.webshop_orders where id = $1', [id])).rows[0];
const versionsOf = async (id: number) =>
  (
    await db.query<{ serialized_object: Record<string, unknown>; user_id: string | null; depo_id: string }>(
      'select serialized_object, user_id, depo_id from public.webshop_order_versions where webshop_order_id = $1 order by id',
      [id],
    )
  ).rows;
const userId = async (who: string) => (await members.get(who)!.client.auth.getUser()).data.user!.id;

beforeAll(async () => {
  // Adds routes, plan events and orders to hjem-is: not while the matrix counts them.
  lock = await holdDataLock(HJEM_IS_OPERATIONS);
  db = await adminDb();
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as const)
    members.set(role, await demoMember(TENANT, role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  tenantId = members.get('admin')!.tenantId;
  depoId = members
    .get('support')!
    .depoIds.find((id) => ['depo_admin', 'driver'].every((r) => members.get(r)!.depoIds.includes(id)))!;
  otherDepoId = members.get('admin')!.depoIds.find((id) => !members.get('depo_admin')!.depoIds.includes(id))!;
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  if (db) {
    await db.query('delete from public.webshop_orders where id = any ($1)', [made.orders]);
    await db.query('delete from public.plan_events where id = any ($1)', [made.planEvents]);
    await db.query('delete from public.routes where id = any ($1)', [made.routes]);
    await db.end();
  }
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  await lock?.release();
});

describe('order status', () => {
  it('changes with a version naming the writer; the same status again is no change', async () => {
    const id = await makeOrder();
    const { data, error } = await rpc('support', 'set_webshop_order_status', { p_order_id: id, p_status: 'completed' });
    expect(error).toBeNull();
    expect(data).toEqual([{ id, status: 'completed', changed: true }]);
    const versions = await versionsOf(id);
    expect(versions.map((v) => v.serialized_object.status)).toEqual(['new', 'completed']);
    expect(versions[1].user_id).toBe(await userId('support'));
    expect(Object.keys(versions[1].serialized_object).sort()).toEqual([
      'comment',
      'delivery_date',
      'depo_id',
      'route_id',
      'status',
      'stop_id',
      'updated_at',
    ]);

    const again = await rpc('depo_admin', 'set_webshop_order_status', { p_order_id: id, p_status: 'completed' });
    expect(again.data).toEqual([{ id, status: 'completed', changed: false }]);
    expect(await versionsOf(id)).toHaveLength(2);
  });

  it('offers pickup only to e-shop orders of a tenant with the ice-cream layout', async () => {
    const eshop = await makeOrder();
    expect(
      (await rpc('admin', 'set_webshop_order_status', { p_order_id: eshop, p_status: 'pickup' })).error,
    ).toBeNull();
    const b2b = await makeOrder({ kind: 'b2b' });
    const refused = await rpc('admin', 'set_webshop_order_status', { p_order_id: b2b, p_status: 'pickup' });
    expect(refused.error?.code).toBe('23514');
    // Directly through REST too: the rule is the table's.
    const direct = await members
      .get('admin')!
      .client.from('webshop_orders')
      .update({ status: 'pickup' })
      .eq('id', b2b)
      .select();
    expect(direct.error?.code).toBe('23514');
    expect((await orderRow(b2b)).status).toBe('new');

    const foreign = members.get('foreign admin')!;
    const norwegian = await makeOrder({ tenant: foreign.tenantId, depo: foreign.depoIds[0] });
    expect(
      (await rpc('foreign admin', 'set_webshop_order_status', { p_order_id: norwegian, p_status: 'pickup' })).error
        ?.code,
    ).toBe('23514');
    expect(
      (await rpc('foreign admin', 'set_webshop_order_status', { p_order_id: norwegian, p_status: 'failed' })).error,
    ).toBeNull();
  });

  it('answers Not found to a driver, another tenant, another depo and a forged id, and changes nothing', async () => {
    const id = await makeOrder();
    const elsewhere = await makeOrder({ depo: otherDepoId });
    for (const [who, target] of [
      ['driver', id],
      ['foreign admin', id],
      ['depo_admin', elsewhere],
      ['admin', 9_000_000_000],
    ] as const) {
      const { data, error } = await rpc(who, 'set_webshop_order_status', { p_order_id: target, p_status: 'cancelled' });
      expect(data, who).toBeNull();
      expect(error?.message, who).toBe(NOT_FOUND);
    }
    expect((await orderRow(id)).status).toBe('new');
    expect((await orderRow(elsewhere)).status).toBe('new');
  });

  it('keeps versions as history: no client adds, changes or removes one', async () => {
    const id = await makeOrder();
    const admin = members.get('admin')!.client;
    const forged = await admin.from('webshop_order_versions').insert({
      tenant_id: tenantId,
      depo_id: depoId,
      webshop_order_id: id,
      serialized_object: { status: 'cancelled' },
    });
    expect(forged.error?.code).toBe('42501');
    const changed = await admin
      .from('webshop_order_versions')
      .update({ serialized_object: {} })
      .eq('webshop_order_id', id);
    expect(changed.error?.code).toBe('42501');
    const removed = await admin.from('webshop_order_versions').delete().eq('webshop_order_id', id);
    expect(removed.error?.code).toBe('42501');
    expect(await versionsOf(id)).toHaveLength(1);
  });

  it('reaches every open list of the depo live', async () => {
    const id = await makeOrder();
    const listener = members.get('depo_admin')!;
    const { data: session } = await listener.client.auth.getSession();
    await listener.client.realtime.setAuth(session.session!.access_token);
    const got: Array<{ payload: { record: { id: number; status: string } | null } }> = [];
    const channel: RealtimeChannel = await subscribed(
      listener.client
        .channel(`depo:${depoId}:webshop_orders`, { config: { private: true } })
        .on('broadcast', { event: 'UPDATE' }, (message) => got.push(message as never)),
    );
    try {
      await rpc('support', 'set_webshop_order_status', { p_order_id: id, p_status: 'failed' });
      const change = await until('the status broadcast', () => got.find((m) => m.payload.record?.id === id));
      expect(change.payload.record!.status).toBe('failed');
    } finally {
      await listener.client.removeChannel(channel);
    }
  });
});

describe('direct changes through REST', () => {
  it('lets staff change only the comment (with a version); what was ordered moves only through the order functions', async () => {
    const id = await makeOrder();
    const support = members.get('support')!.client;
    const commented = await support
      .from('webshop_orders')
      .update({ comment: 'Ring på' })
      .eq('id', id)
      .select('comment')
      .single();
    expect(commented.error).toBeNull();
    expect(commented.data).toEqual({ comment: 'Ring på' });
    const versions = await versionsOf(id);
    expect(versions.at(-1)).toMatchObject({
      serialized_object: { comment: 'Ring på' },
      user_id: await userId('support'),
    });

    const { routeId } = await makePlanEvent();
    const forged = [
      { total: 1 },
      { customer_address: 'Elsewhere 9' },
      { payment_type: 'free' },
      { status: 'completed' },
      { printed_at: new Date().toISOString() },
      { route_id: routeId },
      { delivery_date: freeDay() },
      { eshop_id: 'X' },
      { comment: 'Both', total: 0 },
    ];
    for (const values of forged) {
      const refused = await members.get('admin')!.client.from('webshop_orders').update(values).eq('id', id).select();
      expect(refused.error?.code, JSON.stringify(values)).toBe('42501');
    }
    expect(await orderRow(id)).toMatchObject({
      total: '99.00',
      customer_address: 'Algade 1',
      status: 'new',
      printed_at: null,
      route_id: null,
      comment: 'Ring på',
    });
  });
});

describe('print', () => {
  it('sets printed_at of the checked orders', async () => {
    const ids = [await makeOrder(), await makeOrder({ kind: 'b2b' })];
    const { data, error } = await rpc('support', 'mark_webshop_orders_printed', { p_order_ids: ids });
    expect(error).toBeNull();
    expect((data as Array<{ id: number }>).map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await orderRow(id)).printed_at).not.toBeNull();
  });

  it("changes nothing when one id is not the caller's", async () => {
    const own = await makeOrder();
    const elsewhere = await makeOrder({ depo: otherDepoId });
    const { error } = await rpc('depo_admin', 'mark_webshop_orders_printed', { p_order_ids: [own, elsewhere] });
    expect(error?.message).toBe(NOT_FOUND);
    expect((await orderRow(own)).printed_at).toBeNull();
    expect((await rpc('admin', 'mark_webshop_orders_printed', { p_order_ids: [] })).error?.code).toBe('22023');
  });
});

describe('change route', () => {
  it('needs a plan event and a stop unless the first stop is ticked', async () => {
    const id = await makeOrder();
    const event = await makePlanEvent();
    const noEvent = await rpc('admin', 'change_webshop_order_route', {
      p_order_id: id,
      p_plan_event_id: null,
      p_point_id: null,
      p_first_stop: false,
    });
    expect(noEvent.error?.message).toBe("Can't be blank");
    const noStop = await rpc('admin', 'change_webshop_order_route', {
      p_order_id: id,
      p_plan_event_id: event.id,
      p_point_id: null,
      p_first_stop: false,
    });
    expect(noStop.error?.message).toBe("Can't be blank");
  });

  it('delivers at the chosen stop (or the first) with its date and local estimate, and records a version', async () => {
    const id = await makeOrder();
    const event = await makePlanEvent();
    const { data, error } = await rpc('depo_admin', 'change_webshop_order_route', {
      p_order_id: id,
      p_plan_event_id: event.id,
      p_point_id: event.stops[1],
      p_first_stop: false,
    });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id,
        route_id: event.routeId,
        plan_event_route_point_id: event.stops[1],
        delivery_date: event.date,
        delivery_time: '11:15:00',
      },
    ]);
    const first = await rpc('depo_admin', 'change_webshop_order_route', {
      p_order_id: id,
      p_plan_event_id: event.id,
      p_point_id: null,
      p_first_stop: true,
    });
    expect((first.data as Array<{ plan_event_route_point_id: number; delivery_time: string }>)[0]).toMatchObject({
      plan_event_route_point_id: event.stops[0],
      delivery_time: '10:15:00',
    });
    expect((await versionsOf(id)).map((v) => v.serialized_object.stop_id)).toEqual([
      null,
      event.stops[1],
      event.stops[0],
    ]);
  });

  it('refuses a plan event of another depo and a stop of another plan event', async () => {
    const id = await makeOrder();
    const event = await makePlanEvent();
    const elsewhere = await makePlanEvent(otherDepoId);
    const other = await rpc('admin', 'change_webshop_order_route', {
      p_order_id: id,
      p_plan_event_id: elsewhere.id,
      p_point_id: elsewhere.stops[0],
      p_first_stop: false,
    });
    expect(other.error?.message).toBe(NOT_FOUND);
    const mixed = await rpc('admin', 'change_webshop_order_route', {
      p_order_id: id,
      p_plan_event_id: event.id,
      p_point_id: elsewhere.stops[0],
      p_first_stop: false,
    });
    expect(mixed.error?.message).toBe(NOT_FOUND);
    expect((await orderRow(id)).plan_event_route_point_id).toBeNull();
  });
});

describe('change depo', () => {
  it("moves the order with its lines and versions, and clears the old depo's route", async () => {
    const id = await makeOrder();
    const event = await makePlanEvent();
    await rpc('admin', 'change_webshop_order_route', {
      p_order_id: id,
      p_plan_event_id: event.id,
      p_point_id: null,
      p_first_stop: true,
    });
    const { data, error } = await rpc('admin', 'move_webshop_order_to_depo', {
      p_order_id: id,
      p_depo_id: otherDepoId,
    });
    expect(error).toBeNull();
    expect(data).toEqual([{ id, depo_id: otherDepoId }]);
    const row = await orderRow(id);
    expect([Number(row.depo_id), row.route_id, row.plan_event_route_point_id]).toEqual([otherDepoId, null, null]);
    const lines = (
      await db.query('select depo_id from public.webshop_order_line_items where webshop_order_id = $1', [id])
    ).rows;
    expect(lines.map((l) => Number(l.depo_id))).toEqual([otherDepoId]);
    const versions = await versionsOf(id);
    expect(new Set(versions.map((v) => Number(v.depo_id)))).toEqual(new Set([otherDepoId]));
    expect(versions.at(-1)!.serialized_object.depo_id).toBe(otherDepoId);
  });

  it('answers Not found for a depo the caller does not work in or of another tenant; a direct update stays refused', async () => {
    const id = await makeOrder();
    const foreignDepo = members.get('foreign admin')!.depoIds[0];
    expect(
      (await rpc('depo_admin', 'move_webshop_order_to_depo', { p_order_id: id, p_depo_id: otherDepoId })).error
        ?.message,
    ).toBe(NOT_FOUND);
    expect(
      (await rpc('admin', 'move_webshop_order_to_depo', { p_order_id: id, p_depo_id: foreignDepo })).error?.message,
    ).toBe(NOT_FOUND);
    const direct = await members
      .get('admin')!
      .client.from('webshop_orders')
      .update({ depo_id: otherDepoId })
      .eq('id', id)
      .select();
    expect(direct.error?.code).toBe('23514');
    expect(Number((await orderRow(id)).depo_id)).toBe(depoId);
  });
});

describe('cleanup', () => {
  it("closes the depo's new e-shop orders delivered in the interval and says how many", async () => {
    // A far-past month of its own: no demo order is delivered then.
    const start = '2009-03-01';
    const inside = [await makeOrder({ delivery_date: '2009-03-01' }), await makeOrder({ delivery_date: '2009-03-31' })];
    const outside = await makeOrder({ delivery_date: '2009-04-01' });
    const b2b = await makeOrder({ kind: 'b2b', delivery_date: '2009-03-10' });
    const failed = await makeOrder({ status: 'failed', delivery_date: '2009-03-10' });
    const { data, error } = await rpc('depo_admin', 'cleanup_webshop_orders', {
      p_depo_id: depoId,
      p_start_date: start,
      p_end_date: '2009-03-31',
    });
    expect(error).toBeNull();
    expect(data).toBe(2);
    for (const id of inside) expect((await orderRow(id)).status).toBe('completed');
    for (const [id, status] of [
      [outside, 'new'],
      [b2b, 'new'],
      [failed, 'failed'],
    ] as const)
      expect((await orderRow(id)).status).toBe(status);
  });

  it("is refused outside the caller's depos, without the ice-cream layout and for a reversed interval", async () => {
    const foreign = members.get('foreign admin')!;
    expect(
      (
        await rpc('driver', 'cleanup_webshop_orders', {
          p_depo_id: depoId,
          p_start_date: '2009-01-01',
          p_end_date: '2009-12-31',
        })
      ).error?.message,
    ).toBe(NOT_FOUND);
    expect(
      (
        await rpc('foreign admin', 'cleanup_webshop_orders', {
          p_depo_id: depoId,
          p_start_date: '2009-01-01',
          p_end_date: '2009-12-31',
        })
      ).error?.message,
    ).toBe(NOT_FOUND);
    expect(
      (
        await rpc('foreign admin', 'cleanup_webshop_orders', {
          p_depo_id: foreign.depoIds[0],
          p_start_date: '2009-01-01',
          p_end_date: '2009-12-31',
        })
      ).error?.message,
    ).toBe(NOT_FOUND);
    expect(
      (
        await rpc('admin', 'cleanup_webshop_orders', {
          p_depo_id: depoId,
          p_start_date: '2009-12-31',
          p_end_date: '2009-01-01',
        })
      ).error?.code,
    ).toBe('22023');
  });
});
