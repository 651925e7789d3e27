import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';
import { createEodWorld, SKUS, type EodWorld } from './eod-world.ts';
import { asAdmin } from './trip-world.ts';

// The stock ledger (migration ..._inventory_ledger.sql): a balance is the sum of its transfer lines and changes
// only through them; transfers, EOD approvals and counting transfers racing on the same warehouse and products
// over several connections lose no update and never deadlock; a negative balance is explained by its lines.

interface Mismatch {
  warehouse_id: string;
  product_id: string;
  balance_amount: string;
  ledger_amount: string;
}

const mismatches = (tenantId: string) =>
  asAdmin(
    async (db) => (await db.query<Mismatch>('select * from app_private.stock_ledger_mismatches($1)', [tenantId])).rows,
  );

const balanceOf = (warehouseId: number, productId: number) =>
  asAdmin(async (db) => {
    const { rows } = await db.query<{ balance_amount: string }>(
      'select balance_amount from public.warehouse_product_balances where warehouse_id = $1 and product_id = $2',
      [warehouseId, productId],
    );
    return rows.length === 0 ? 0 : Number(rows[0].balance_amount);
  });

type Line = [productId: number, amount: number];

/** One transfer with all its lines in one statement, the lines in the order given. */
async function transfer(
  db: pg.Client,
  world: EodWorld,
  from: number | null,
  to: number | null,
  kind: string,
  lines: Line[],
) {
  await db.query('begin');
  const {
    rows: [t],
  } = await db.query<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, kind, description)
     values ($1, $2, $3, $4, $5, 'Ledger test') returning id`,
    [world.tenantId, world.depoId, from, to, kind],
  );
  await db.query(
    `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
     select $1, $2, $3, l.product_id, l.amount from unnest($4::bigint[], $5::numeric[]) with ordinality l (product_id, amount, n) order by n`,
    [world.tenantId, t.id, world.depoId, lines.map((l) => l[0]), lines.map((l) => l[1])],
  );
  await db.query('commit');
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

describe('the stock ledger', () => {
  let world: EodWorld;
  let depoWarehouseId: number;
  let productIds: number[];
  beforeAll(async () => {
    world = await createEodWorld();
    productIds = SKUS.map((sku) => world.products.get(sku)!);
    depoWarehouseId = await asAdmin(async (db) =>
      Number(
        (
          await db.query<{ id: string }>(
            `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, "primary")
       values ($1, $2, $3, 'Ledger depo', 'depo', true) returning id`,
            [world.tenantId, world.depoId, `LD-${world.slug}`],
          )
        ).rows[0].id,
      ),
    );
  });
  afterAll(async () => {
    await world?.drop();
  });

  it('keeps every balance equal to its lines under concurrent transfers, EOD approvals and counting transfers', async () => {
    const car = world.warehouseId;
    const depo = depoWarehouseId;
    const expected = new Map<string, number>();
    const add = (warehouse: number, product: number, amount: number) =>
      expected.set(`${warehouse}:${product}`, (expected.get(`${warehouse}:${product}`) ?? 0) + amount);
    for (const product of productIds) {
      add(car, product, await balanceOf(car, product));
      add(depo, product, await balanceOf(depo, product));
    }
    // Enough stock in the car that every approval passes its stock check whatever runs before it.
    const opening: Line[] = productIds.map((p) => [p, 1000]);
    await asAdmin((db) => transfer(db, world, depo, car, 'regular', opening));
    for (const [p, a] of opening) {
      add(depo, p, -a);
      add(car, p, a);
    }

    const reports: Array<{ id: number; sold: number }> = [];
    for (let i = 0; i < 6; i += 1) {
      const { planEventId } = await world.trip();
      const sold = randomInt(1, 5);
      reports.push({
        id: await world.report(
          planEventId,
          SKUS.map((sku) => ({ sku, quantity: sold })),
        ),
        sold,
      });
    }

    const CONNECTIONS = 6;
    const ROUNDS = 8;
    const connections = await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
        await db.connect();
        return db;
      }),
    );
    try {
      const work = connections.map(async (db, c) => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const lines: Line[] = shuffled(productIds).map((p) => [p, randomInt(1, 20)]);
          const kind = (c + round) % 3;
          if (kind === 0) {
            await transfer(db, world, depo, car, 'regular', lines);
            for (const [p, a] of lines) {
              add(depo, p, -a);
              add(car, p, a);
            }
          } else if (kind === 1) {
            await transfer(db, world, car, depo, 'regular', lines);
            for (const [p, a] of lines) {
              add(car, p, -a);
              add(depo, p, a);
            }
          } else {
            // An approved counting: its differences, up or down, into the warehouse counted.
            const counted: Line[] = lines.map(([p, a]) => [p, round % 2 === 0 ? a : -a]);
            const warehouse = c % 2 === 0 ? car : depo;
            await transfer(db, world, null, warehouse, 'manual_counting', counted);
            for (const [p, a] of counted) add(warehouse, p, a);
          }
        }
      });
      const approvals = reports.map(async ({ id, sold }) => {
        const { error } = await world.admin.rpc('approve_end_of_day_report', { p_report_id: id });
        expect(error).toBeNull();
        for (const p of productIds) add(car, p, -sold);
      });
      await Promise.all([...work, ...approvals]);
    } finally {
      await Promise.all(connections.map((db) => db.end()));
    }

    expect(await mismatches(world.tenantId)).toEqual([]);
    for (const product of productIds) {
      expect(await balanceOf(car, product)).toBe(expected.get(`${car}:${product}`));
      expect(await balanceOf(depo, product)).toBe(expected.get(`${depo}:${product}`));
    }
  });

  it('lets a balance go negative only as its lines say, and shows it as a negative balance', async () => {
    const product = productIds[0];
    const before = await balanceOf(world.warehouseId, product);
    await asAdmin((db) => transfer(db, world, world.warehouseId, null, 'sales', [[product, before + 7]]));
    expect(await balanceOf(world.warehouseId, product)).toBe(-7);
    expect(await mismatches(world.tenantId)).toEqual([]);
    await asAdmin((db) => transfer(db, world, depoWarehouseId, world.warehouseId, 'regular', [[product, 7]]));
    expect(await balanceOf(world.warehouseId, product)).toBe(0);
  });

  it('refuses any change of an amount outside a transfer, for every role, and keeps the future quantity editable', async () => {
    const product = productIds[1];
    await asAdmin((db) => transfer(db, world, null, depoWarehouseId, 'regular', [[product, 5]]));
    const balance = await balanceOf(depoWarehouseId, product);
    const spare = await asAdmin(async (db) =>
      Number(
        (
          await db.query<{ id: string }>(
            `insert into public.products (tenant_id, sku, description) values ($1, $2, 'Spare') returning id`,
            [world.tenantId, `SP-${world.slug}`],
          )
        ).rows[0].id,
      ),
    );
    const refused = [
      [
        'update public.warehouse_product_balances set balance_amount = balance_amount + 1 where warehouse_id = $1 and product_id = $2',
        [depoWarehouseId, product],
      ],
      // Onto a product with no balance there yet, so only the ledger rule stands in the way.
      [
        'update public.warehouse_product_balances set product_id = $3 where warehouse_id = $1 and product_id = $2',
        [depoWarehouseId, product, spare],
      ],
      [
        'delete from public.warehouse_product_balances where warehouse_id = $1 and product_id = $2',
        [depoWarehouseId, product],
      ],
      [
        `insert into public.warehouse_product_balances (tenant_id, warehouse_id, product_id, depo_id, balance_amount)
        select tenant_id, $1, id, $3, 3 from public.products where id = $2`,
        [depoWarehouseId, spare, world.depoId],
      ],
    ] as const;
    for (const [sql, params] of refused) {
      const error = await asAdmin((db) =>
        db.query(sql, [...params]).then(
          () => null,
          (e: pg.DatabaseError) => e,
        ),
      );
      expect(error?.message).toBe('A balance changes only through a stock transfer');
    }
    const own = await world.admin
      .from('warehouse_product_balances')
      .update({ balance_amount: 999 })
      .eq('warehouse_id', depoWarehouseId)
      .eq('product_id', product)
      .select();
    expect(own.error?.message).toBe('A balance changes only through a stock transfer');

    const future = await world.admin
      .from('warehouse_product_balances')
      .update({ future_inventory_quantity: 12, future_inventory_date: '2030-01-02' })
      .eq('warehouse_id', depoWarehouseId)
      .eq('product_id', product)
      .select('balance_amount, future_inventory_quantity')
      .single();
    expect(future.error).toBeNull();
    expect(future.data).toEqual({ balance_amount: balance, future_inventory_quantity: 12 });
  });

  it("keeps lines final, and takes a removed transfer's movements out with it", async () => {
    const product = productIds[2];
    const car = await balanceOf(world.warehouseId, product);
    const depo = await balanceOf(depoWarehouseId, product);
    const transferId = await asAdmin(async (db) => {
      await transfer(db, world, depoWarehouseId, world.warehouseId, 'regular', [[product, 11]]);
      return Number(
        (
          await db.query<{ id: string }>('select max(id) as id from public.stock_transfers where tenant_id = $1', [
            world.tenantId,
          ])
        ).rows[0].id,
      );
    });
    const edit = await world.admin
      .from('stock_transfer_line_items')
      .update({ amount: 1 })
      .eq('stock_transfer_id', transferId)
      .select();
    expect(edit.error?.code).toBe('42501');
    expect(await balanceOf(world.warehouseId, product)).toBe(car + 11);

    await asAdmin((db) => db.query('delete from public.stock_transfers where id = $1', [transferId]));
    expect(await balanceOf(world.warehouseId, product)).toBe(car);
    expect(await balanceOf(depoWarehouseId, product)).toBe(depo);
    expect(await mismatches(world.tenantId)).toEqual([]);
  });
});
