import { randomInt } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';

const CONCURRENT = 50;
const WARMUP = 2;
const RUNS = 10;

/**
 * 50 stock transfers at once on the same products, each on its own connection and in its own transaction:
 * hjem-is's primary depo warehouse and one car warehouse, half of them loading the car and half returning stock,
 * every transfer with all active products in a shuffled order (the worst case for lock order). Per run: the wall
 * time of the 50 (throughput), each transfer's time, deadlocks or other failures, and the ledger invariant
 * (`app_private.stock_ledger_mismatches()`: balance = sum of lines for every warehouse and product) checked after
 * every run over the whole database.
 */
export async function benchStockTransfers(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.dbUrl });
  await db.connect();
  const clients = await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      const c = new pg.Client({ connectionString: info.dbUrl });
      c.on('error', () => undefined);
      await c.connect();
      return c;
    }),
  );
  const made: string[] = [];
  try {
    const {
      rows: [world],
    } = await db.query<{ tenant_id: string; depo_id: string; depo_wh: string; car_wh: string; products: string[] }>(`
      select t.id as tenant_id, dw.depo_id, dw.id as depo_wh, cw.id as car_wh,
             array(select p.id from public.products p where p.tenant_id = t.id and p.status = 'active' order by p.id)::text[] as products
        from public.tenants t
        join public.warehouses dw on dw.tenant_id = t.id and dw."primary"
        join public.warehouses cw on cw.tenant_id = t.id and cw.depo_id = dw.depo_id and cw.owner_type = 'car'
       where t.slug = 'hjem-is' order by dw.id, cw.id limit 1`);
    const products = world.products.map(Number);
    const runs: Array<{ wall_ms: number; transfers_per_s: number; failures: number; mismatches: number }> = [];
    const each: number[] = [];

    const one = async (c: pg.Client, n: number) => {
      const loading = n % 2 === 0;
      const order = [...products];
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = randomInt(0, i + 1);
        [order[i], order[j]] = [order[j], order[i]];
      }
      const started = performance.now();
      try {
        await c.query('begin');
        const {
          rows: [t],
        } = await c.query<{ id: string }>(
          `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, to_warehouse_id, kind, description)
           values ($1, $2, $3, $4, 'regular', 'Bench transfer') returning id`,
          [
            world.tenant_id,
            world.depo_id,
            loading ? world.depo_wh : world.car_wh,
            loading ? world.car_wh : world.depo_wh,
          ],
        );
        made.push(t.id);
        await c.query(
          `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
           select $1, $2, $3, l.product_id, 1 + l.n % 5 from unnest($4::bigint[]) with ordinality l (product_id, n) order by l.n`,
          [world.tenant_id, t.id, world.depo_id, order],
        );
        await c.query('commit');
        return performance.now() - started;
      } catch (error) {
        await c.query('rollback').catch(() => undefined);
        return error as Error;
      }
    };

    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const started = performance.now();
      const results = await Promise.all(clients.map((c, n) => one(c, n + run)));
      const wall = performance.now() - started;
      const failures = results.filter((r) => r instanceof Error);
      const {
        rows: [check],
      } = await db.query<{ n: number }>('select count(*)::int as n from app_private.stock_ledger_mismatches()');
      if (failures.length)
        console.error(`run ${run}: ${failures.length} failed, first: ${(failures[0] as Error).message}`);
      if (run < WARMUP) continue;
      for (const r of results) if (typeof r === 'number') each.push(r);
      runs.push({
        wall_ms: round(wall),
        transfers_per_s: round((CONCURRENT * 1000) / wall, 1),
        failures: failures.length,
        mismatches: check.n,
      });
    }
    const throughput = runs.map((r) => r.transfers_per_s).sort((a, b) => a - b);
    return {
      load_average_1m: round(loadavg()[0]!),
      name: 'stock-transfers',
      description: `${CONCURRENT} concurrent stock transfers (own connection and transaction each) between a depo and a car warehouse in both directions, each with all ${products.length} active products in a shuffled order; the ledger invariant checked over the whole database after every run`,
      runs: RUNS,
      lines_per_transfer: products.length,
      median_transfers_per_s: throughput[Math.floor(throughput.length / 2)],
      per_transfer: summarise(each),
      failures_total: runs.reduce((sum, r) => sum + r.failures, 0),
      invariant_holds_after_every_run: runs.every((r) => r.mismatches === 0),
      per_run: runs,
    };
  } finally {
    // The bench stack is thrown away; the transfers are removed (their movements with them) for a kept stack.
    await db.query('delete from public.stock_transfers where id = any ($1::bigint[])', [made]);
    await Promise.all(clients.map((c) => c.end()));
    await db.end();
  }
}
