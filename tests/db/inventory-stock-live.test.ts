import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeOutcome, subscribed, until } from '../contract/realtime/helpers.ts';
import { createEodWorld, SKUS, type EodWorld } from './eod-world.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { asAdmin } from './trip-world.ts';

// Live inventory (migration 20261129030000_inventory_stock_live.sql): a statement that moves stock, or changes a
// stock order or its lines, sends one 'stock_changed' message per depo touched on `depo:<id>:stock`. Only that
// depo's members may join; another depo of the tenant and another tenant hear nothing.

interface StockChanged {
  event: string;
  payload: { table: string; warehouse_ids: number[] };
}

let world: EodWorld;
let otherDepo: { id: number; warehouseId: number };
let foreignAdmin: DemoMember;
let foreignDepoAdmin: DemoMember;
const channels: RealtimeChannel[] = [];
// What the world's admin hears on its depo's topic and on the other depo's (one channel per topic for the file).
const here: StockChanged[] = [];
const there: StockChanged[] = [];

const topic = (depoId: number) => `depo:${depoId}:stock`;

async function listen(depoId: number, got: StockChanged[]): Promise<void> {
  await world.admin.realtime.setAuth();
  channels.push(
    await subscribed(
      world.admin
        .channel(topic(depoId), { config: { private: true } })
        .on('broadcast', { event: '*' }, (message) => got.push(message as unknown as StockChanged)),
    ),
  );
}

const messagesOn = async (depoId: number) =>
  asAdmin(async (db) =>
    Number(
      (
        await db.query(`select count(*) from realtime.messages where topic = $1 and event = 'stock_changed'`, [
          topic(depoId),
        ])
      ).rows[0].count,
    ),
  );

/** One transfer of several lines into a warehouse of the depo (one statement for the lines, as writers do). */
const transferInto = (depoId: number, warehouseId: number, amount: number) =>
  asAdmin(async (db) => {
    const {
      rows: [transfer],
    } = await db.query<{ id: string }>(
      `insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, description, kind) values ($1, $2, $3, 'Load', 'regular') returning id`,
      [world.tenantId, depoId, warehouseId],
    );
    await db.query(
      `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
     select $1, $2, $3, unnest($4::bigint[]), $5`,
      [world.tenantId, transfer.id, depoId, SKUS.map((sku) => world.products.get(sku)), amount],
    );
  });

beforeAll(async () => {
  world = await createEodWorld();
  otherDepo = await asAdmin(async (db) => {
    const {
      rows: [depo],
    } = await db.query<{ id: string }>(
      `insert into public.depos (tenant_id, title, address) values ($1, 'Other depo', 'Andenvej 2') returning id`,
      [world.tenantId],
    );
    const {
      rows: [warehouse],
    } = await db.query<{ id: string }>(
      `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) values ($1, $2, $3, 'Other main', 'depo') returning id`,
      [world.tenantId, depo.id, `OM-${world.slug}`],
    );
    return { id: Number(depo.id), warehouseId: Number(warehouse.id) };
  });
  await listen(world.depoId, here);
  await listen(otherDepo.id, there);
  [foreignAdmin, foreignDepoAdmin] = await Promise.all([
    demoMember('hjem-is', 'admin'),
    demoMember('hjem-is', 'depo_admin'),
  ]);
});

afterAll(async () => {
  for (const channel of channels) await world?.admin.removeChannel(channel);
  for (const member of [foreignAdmin, foreignDepoAdmin]) await member?.client.auth.signOut({ scope: 'local' });
  if (world) {
    await asAdmin(async (db) => {
      await db.query('delete from public.stock_orders where tenant_id = $1', [world.tenantId]);
      await db.query('delete from public.stock_transfers where tenant_id = $1 and depo_id = $2', [
        world.tenantId,
        otherDepo?.id,
      ]);
      await db.query('delete from public.warehouse_product_balances where tenant_id = $1 and depo_id = $2', [
        world.tenantId,
        otherDepo?.id,
      ]);
      await db.query('delete from public.warehouses where tenant_id = $1 and depo_id = $2', [
        world.tenantId,
        otherDepo?.id,
      ]);
      await db.query('delete from public.depos where tenant_id = $1 and id = $2', [world.tenantId, otherDepo?.id]);
    });
    await world.drop();
  }
});

describe('live stock', () => {
  it('tells the depo once per statement which of its warehouses moved, and tells another depo nothing', async () => {
    const otherBefore = await messagesOn(otherDepo.id);

    await transferInto(world.depoId, world.warehouseId, 7);
    const message = await until('the stock message', () =>
      here.find((m) => m.payload.table === 'warehouse_product_balances'),
    );
    expect(message).toMatchObject({ event: 'stock_changed', payload: { warehouse_ids: [world.warehouseId] } });
    // Three products in one statement: one message, not one per balance row.
    expect(here.filter((m) => m.payload.table === 'warehouse_product_balances')).toHaveLength(1);
    expect(await messagesOn(otherDepo.id)).toBe(otherBefore);

    // The other depo's listener is live: its own stock move reaches it, and it is the only thing it heard.
    await transferInto(otherDepo.id, otherDepo.warehouseId, 2);
    await until("the other depo's message", () => there.find((m) => m.payload.table === 'warehouse_product_balances'));
    expect(there.map((m) => m.payload.warehouse_ids)).toEqual([[otherDepo.warehouseId]]);
  });

  it("announces a pending order and its lines to the order's depo only", async () => {
    here.length = 0;
    const otherBefore = await messagesOn(otherDepo.id);
    await asAdmin(async (db) => {
      const {
        rows: [order],
      } = await db.query<{ id: string }>(
        `insert into public.stock_orders (tenant_id, depo_id, to_warehouse_id) values ($1, $2, $3) returning id`,
        [world.tenantId, world.depoId, world.warehouseId],
      );
      await db.query(
        'insert into public.stock_order_line_items (tenant_id, stock_order_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 3)',
        [world.tenantId, order.id, world.depoId, world.products.get(SKUS[0])],
      );
    });
    for (const table of ['stock_orders', 'stock_order_line_items']) {
      expect(await until(table, () => here.find((m) => m.payload.table === table))).toMatchObject({
        payload: { warehouse_ids: [world.warehouseId] },
      });
    }
    expect(await messagesOn(otherDepo.id)).toBe(otherBefore);
  });

  it("refuses the topic to another tenant's admin and depo admin", async () => {
    for (const member of [foreignAdmin, foreignDepoAdmin]) {
      await member.client.realtime.setAuth();
      const outcome = await subscribeOutcome(member.client.channel(topic(world.depoId), { config: { private: true } }));
      expect(outcome.status, member.role).toBe('CHANNEL_ERROR');
      await member.client.removeAllChannels();
    }
  });
});
