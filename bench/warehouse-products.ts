// The warehouse show page's Products tab with 2,000 products in one depo warehouse (every product with a balance,
// a depo minimum and a future quantity): `warehouse_products_balance` over REST as the admin (all pages, as the tab reads it) and the same function
// in Postgres, and, through Chromium against the built app, the time from a client-side navigation to the tab until
// its first row is on screen (first paint) and until the grid has taken over, with how many rows the page holds
// (the grid draws only the rows in view). `npm run bench -- warehouse-products`.
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { CHROMIUM } from '../tests/support/ensure-chromium.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';
import { navigateInApp, signInAsDemoAdmin } from './support/staff-browser.ts';

const PRODUCTS = 2_000;
const ROUNDS = 30;

interface World {
  tenantId: string;
  depoId: number;
  warehouseId: number;
}

/** A depo of its own in hjem-is with one warehouse holding 2,000 new products (one transfer of 2,000 lines). */
async function arrange(db: pg.Client): Promise<World> {
  await db.query('begin');
  const {
    rows: [depo],
  } = await db.query<{ id: string; tenant_id: string }>(
    `insert into public.depos (tenant_id, title, address) select id, 'BENCH products', 'Bench street 2' from public.tenants where slug = 'hjem-is'
     returning id, tenant_id`,
  );
  const {
    rows: [warehouse],
  } = await db.query<{ id: string }>(
    `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) values ($1, $2, $3, 'Bench products', 'depo') returning id`,
    [depo.tenant_id, depo.id, `BENCH-WHP-${depo.id}`],
  );
  await db.query(
    `insert into public.products (tenant_id, sku, description, packaging_size, sequence_number)
     select $1, 'BENCH-WHP-' || lpad(n::text, 4, '0'), 'Bench product ' || n, 1 + n % 12, n from generate_series(1, $2::int) n`,
    [depo.tenant_id, PRODUCTS],
  );
  await db.query(
    `insert into public.minimum_required_balances (tenant_id, product_id, depo_id, minimum_for_depo, minimum_for_cars)
     select p.tenant_id, p.id, $2, 100, 20 from public.products p where p.tenant_id = $1 and p.sku like 'BENCH-WHP-%'`,
    [depo.tenant_id, depo.id],
  );
  const {
    rows: [transfer],
  } = await db.query<{ id: string }>(
    `insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, kind, description) values ($1, $2, $3, 'regular', 'Bench load') returning id`,
    [depo.tenant_id, depo.id, warehouse.id],
  );
  // Some balances below zero (red rows) among them: a sales transfer out of every tenth product.
  await db.query(
    `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount)
     select p.tenant_id, $2, $3, p.id, 1 + p.sequence_number % 150 from public.products p where p.tenant_id = $1 and p.sku like 'BENCH-WHP-%'`,
    [depo.tenant_id, transfer.id, depo.id],
  );
  await db.query(
    `update public.warehouse_product_balances set future_inventory_quantity = 10, future_inventory_date = current_date + 7 where warehouse_id = $1`,
    [warehouse.id],
  );
  await db.query('commit');
  // What autovacuum does within its minute after such a load. Without it the first rounds ran on statistics that
  // knew the tenant's ~14 products, not 2,014: the planner joined balances and minimums by nested loops reading the
  // warehouse's whole 2,000 rows per product (~4 million rows, 0.4–3 s a call) until autoanalyze caught up (issue 15).
  await db.query(
    'analyze public.products, public.warehouse_product_balances, public.minimum_required_balances, public.stock_transfer_line_items',
  );
  return { tenantId: depo.tenant_id, depoId: Number(depo.id), warehouseId: Number(warehouse.id) };
}

async function cleanUp(db: pg.Client, world: World): Promise<void> {
  await db.query('delete from public.stock_transfers where tenant_id = $1 and depo_id = $2', [
    world.tenantId,
    world.depoId,
  ]);
  await db.query('delete from public.warehouse_product_balances where tenant_id = $1 and depo_id = $2', [
    world.tenantId,
    world.depoId,
  ]);
  await db.query('delete from public.minimum_required_balances where tenant_id = $1 and depo_id = $2', [
    world.tenantId,
    world.depoId,
  ]);
  await db.query(`delete from public.products where tenant_id = $1 and sku like 'BENCH-WHP-%'`, [world.tenantId]);
  await db.query('delete from public.warehouses where tenant_id = $1 and depo_id = $2', [world.tenantId, world.depoId]);
  await db.query('delete from public.depos where tenant_id = $1 and id = $2', [world.tenantId, world.depoId]);
}

export async function benchWarehouseProducts(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.adminDbUrl });
  await db.connect();
  let world: World | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    world = await arrange(db);
    const { warehouseId, depoId } = world;

    const api = createClient(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const { error } = await api.auth.signInWithPassword({ email: 'admin@hjem-is.test', password: info.demoPassword });
    if (error) throw error;
    const rest: number[] = [];
    let rowCount = 0;
    for (let i = 0; i <= ROUNDS; i += 1) {
      const started = performance.now();
      // As the page asks: PostgREST answers 1,000 rows at most, so the tab reads page after page.
      rowCount = 0;
      for (let from = 0; ; from += 1000) {
        const answer = await api
          .rpc('warehouse_products_balance', { p_warehouse_id: warehouseId })
          .range(from, from + 999);
        if (answer.error) throw new Error(answer.error.message);
        rowCount += answer.data.length;
        if (answer.data.length < 1000) break;
      }
      if (i > 0) rest.push(performance.now() - started);
    }

    const adminId = String((await db.query(`select id from auth.users where email = 'admin@hjem-is.test'`)).rows[0].id);
    const direct: number[] = [];
    await db.query('begin');
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: adminId, role: 'authenticated' }),
    ]);
    for (let i = 0; i <= ROUNDS; i += 1) {
      const started = performance.now();
      await db.query('select * from public.warehouse_products_balance($1)', [warehouseId]);
      if (i > 0) direct.push(performance.now() - started);
    }
    await db.query('rollback');

    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInAsDemoAdmin(page, info);
    const path = `${info.apiUrl}/hjem-is/inventory/depo/${depoId}/warehouses/${warehouseId}/products`;
    const region = page.getByRole('region', { name: 'Warehouse products' });
    const firstRow = region.getByRole('checkbox', { name: /^Select (?!all)/ }).first();
    const paint: number[] = [];
    const grid: number[] = [];
    let rowsInPage = 0;
    for (let i = 0; i <= ROUNDS; i += 1) {
      await page.goto(`${info.apiUrl}/hjem-is`);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      const started = Date.now();
      await navigateInApp(page, path);
      await firstRow.waitFor();
      const painted = Date.now();
      await region.locator('.ag-row').first().waitFor();
      const drawn = Date.now();
      rowsInPage = await region.locator('.ag-row[row-index]').count();
      // The first round warms the caches and the route's chunks.
      if (i > 0) {
        paint.push(painted - started);
        grid.push(drawn - started);
      }
    }
    return {
      name: 'warehouse-products',
      products_in_tab: rowCount,
      rounds: ROUNDS,
      viewport: '1440x900',
      rpc_rest: summarise(rest.map((value) => round(value))),
      rpc_sql: summarise(direct.map((value) => round(value))),
      first_paint: summarise(paint),
      grid_drawn: summarise(grid),
      rows_in_page: rowsInPage,
    };
  } finally {
    await browser.close();
    if (world) await cleanUp(db, world);
    await db.end();
  }
}
