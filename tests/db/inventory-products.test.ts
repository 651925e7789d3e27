import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEodWorld, SKUS, type EodWorld } from './eod-world.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { asAdmin } from './trip-world.ts';

// Products of the inventory screens (migration ..._inventory_products.sql): the list's filter and search, the
// form's editable flags, who may set minimum balances (RLS: admins, depo admins for their own depos only), and
// moving leftover balances to another product as ledger transfers. Another tenant's ids answer Not found.

interface Minimum {
  id: number | null;
  depo_id: number;
  editable: boolean;
  visible: boolean;
  minimum_for_depo: number | null;
  minimum_for_cars: number | null;
}

describe('inventory products', () => {
  let admin: DemoMember;
  let depoAdmin: DemoMember;
  let support: DemoMember;
  let foreignAdmin: DemoMember;
  let productId: number;
  let otherDepoId: number;
  beforeAll(async () => {
    [admin, depoAdmin, support, foreignAdmin] = await Promise.all([
      demoMember('hjem-is', 'admin'),
      demoMember('hjem-is', 'depo_admin'),
      demoMember('hjem-is', 'support'),
      demoMember('den-norske-isbilen', 'admin'),
    ]);
    // A product of its own with no minimums yet, so no seeded row changes.
    productId = await asAdmin(async (db) =>
      Number(
        (
          await db.query<{ id: string }>(
            `insert into public.products (tenant_id, sku, description, status) values ($1, $2, 'Test %_ product', 'inactive') returning id`,
            [admin.tenantId, `T-${randomUUID().slice(0, 8)}`],
          )
        ).rows[0].id,
      ),
    );
    otherDepoId = admin.depoIds.find((id) => !depoAdmin.depoIds.includes(id))!;
  });
  afterAll(async () => {
    if (productId) await asAdmin((db) => db.query('delete from public.products where id = $1', [productId]));
  });

  it('lists active products by default, takes a status filter and searches from one character, as plain text', async () => {
    const depo = admin.depoIds[0];
    const active = await admin.client.rpc('inventory_products', { p_depo_id: depo });
    expect(active.error).toBeNull();
    expect(active.data!.length).toBeGreaterThan(0);
    expect(active.data!.every((p: { status: string }) => p.status === 'active')).toBe(true);
    expect(active.data!.some((p: { id: number }) => p.id === productId)).toBe(false);

    const inactive = await admin.client.rpc('inventory_products', {
      p_depo_id: depo,
      p_statuses: ['inactive'],
      p_search: '%_',
    });
    expect(inactive.data!.map((p: { id: number }) => p.id)).toEqual([productId]);
    const oneChar = await admin.client.rpc('inventory_products', {
      p_depo_id: depo,
      p_statuses: ['active', 'inactive'],
      p_search: 'v',
    });
    expect(oneChar.data!.length).toBeGreaterThan(0);
    expect(
      oneChar.data!.every((p: { sku: string; description: string }) =>
        `${p.sku} ${p.description}`.toLowerCase().includes('v'),
      ),
    ).toBe(true);

    const foreign = await foreignAdmin.client.rpc('inventory_products', {
      p_depo_id: depo,
      p_statuses: ['active', 'inactive'],
    });
    expect(foreign.data).toEqual([]);
  });

  it("tells each role which fields and minimums it may edit; another tenant's product is Not found", async () => {
    const asAdminForm = await admin.client.rpc('inventory_product_form', { p_product_id: productId });
    expect(asAdminForm.error).toBeNull();
    expect(asAdminForm.data).toMatchObject({ id: productId, sku_editable: true, b2b_product_editable: true });
    expect(
      (asAdminForm.data.minimum_required_balances as Minimum[]).every(
        (m) => m.editable && m.id === null && m.minimum_for_depo === 0,
      ),
    ).toBe(true);

    const asDepoAdmin = await depoAdmin.client.rpc('inventory_product_form', { p_product_id: productId });
    expect(asDepoAdmin.data).toMatchObject({ sku_editable: false, sales_price_editable: false });
    for (const m of asDepoAdmin.data.minimum_required_balances as Minimum[])
      expect(m.editable).toBe(depoAdmin.depoIds.includes(m.depo_id));
    const asSupport = await support.client.rpc('inventory_product_form', { p_product_id: productId });
    expect((asSupport.data.minimum_required_balances as Minimum[]).some((m) => m.editable)).toBe(false);

    const foreign = await foreignAdmin.client.rpc('inventory_product_form', { p_product_id: productId });
    expect(foreign.error?.message).toBe('Not found');
  });

  it('lets admins set minimums in every depo, depo admins only in their own, and nobody else', async () => {
    const row = (depoId: number, value: number) => ({
      tenant_id: admin.tenantId,
      depo_id: depoId,
      product_id: productId,
      minimum_for_depo: value,
      minimum_for_cars: 1,
    });
    const own = await depoAdmin.client
      .from('minimum_required_balances')
      .insert(row(depoAdmin.depoIds[0], 40))
      .select()
      .single();
    expect(own.error).toBeNull();
    const changed = await depoAdmin.client
      .from('minimum_required_balances')
      .update({ minimum_for_depo: 45 })
      .eq('id', own.data!.id)
      .select();
    expect(changed.data).toHaveLength(1);

    const otherDepo = await depoAdmin.client.from('minimum_required_balances').insert(row(otherDepoId, 10)).select();
    expect(otherDepo.error?.code).toBe('42501');
    const bySupport = await support.client
      .from('minimum_required_balances')
      .update({ minimum_for_depo: 1 })
      .eq('id', own.data!.id)
      .select();
    expect(bySupport.data ?? []).toEqual([]);
    const byForeign = await foreignAdmin.client
      .from('minimum_required_balances')
      .update({ minimum_for_depo: 2 })
      .eq('id', own.data!.id)
      .select();
    expect(byForeign.data ?? []).toEqual([]);

    const byAdmin = await admin.client.from('minimum_required_balances').insert(row(otherDepoId, 10)).select().single();
    expect(byAdmin.error).toBeNull();
    const form = await admin.client.rpc('inventory_product_form', { p_product_id: productId });
    const minimums = form.data.minimum_required_balances as Minimum[];
    expect(minimums.find((m) => m.depo_id === depoAdmin.depoIds[0])?.minimum_for_depo).toBe(45);
    expect(minimums.find((m) => m.depo_id === otherDepoId)?.minimum_for_depo).toBe(10);
  });

  it('answers null, not 0, for the minimums of a depo the caller does not work in (issue 25 item 12)', async () => {
    // The other depo's minimum is 10/1 by now (the admin set it above); the depo admin may not read it.
    const asDepoAdmin = await depoAdmin.client.rpc('inventory_product_form', { p_product_id: productId });
    expect(asDepoAdmin.error).toBeNull();
    const minimums = asDepoAdmin.data.minimum_required_balances as Minimum[];
    expect(minimums.find((m) => m.depo_id === otherDepoId)).toMatchObject({
      id: null,
      visible: false,
      editable: false,
      minimum_for_depo: null,
      minimum_for_cars: null,
    });
    expect(minimums.find((m) => m.depo_id === depoAdmin.depoIds[0])).toMatchObject({
      visible: true,
      minimum_for_depo: 45,
      minimum_for_cars: 1,
    });
    for (const m of minimums) expect(m.visible).toBe(depoAdmin.depoIds.includes(m.depo_id));
    // An admin reads every depo's minimums.
    const asAdminForm = await admin.client.rpc('inventory_product_form', { p_product_id: productId });
    expect((asAdminForm.data.minimum_required_balances as Minimum[]).every((m) => m.visible)).toBe(true);
  });
});

describe("moving a product's leftover balances", () => {
  let world: EodWorld;
  let depoWarehouseId: number;
  beforeAll(async () => {
    world = await createEodWorld();
    depoWarehouseId = await asAdmin(async (db) =>
      Number(
        (
          await db.query<{ id: string }>(
            `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, "primary")
       values ($1, $2, $3, 'Move depo', 'depo', true) returning id`,
            [world.tenantId, world.depoId, `MV-${world.slug}`],
          )
        ).rows[0].id,
      ),
    );
  });
  afterAll(async () => {
    await world?.drop();
  });

  const balances = (productId: number) =>
    asAdmin(async (db) =>
      Object.fromEntries(
        (
          await db.query<{ warehouse_id: string; balance_amount: string }>(
            'select warehouse_id, balance_amount from public.warehouse_product_balances where product_id = $1 and balance_amount <> 0',
            [productId],
          )
        ).rows.map((r) => [Number(r.warehouse_id), Number(r.balance_amount)]),
      ),
    );

  it("moves every warehouse's balance, negative ones too, in ledger transfers on the chosen date", async () => {
    const [source, target] = SKUS.map((sku) => world.products.get(sku)!);
    await world.stock(SKUS[0], 12);
    await asAdmin(async (db) => {
      const {
        rows: [t],
      } = await db.query<{ id: string }>(
        `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, kind) values ($1, $2, $3, 'sales') returning id`,
        [world.tenantId, world.depoId, depoWarehouseId],
      );
      await db.query(
        'insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 5)',
        [world.tenantId, t.id, world.depoId, source],
      );
    });
    const before = await balances(target);
    const leftovers = await world.admin.rpc('remaining_product_warehouse_balances', { p_product_id: source });
    expect(leftovers.data).toHaveLength(2);

    const moved = await world.admin.rpc('move_remaining_product_balances', {
      p_product_id: source,
      p_target_product_id: target,
      p_date: '2026-03-04',
    });
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ sku: SKUS[1], warehouses: 2 });
    expect(await balances(source)).toEqual({});
    expect(await balances(target)).toEqual({
      [world.warehouseId]: (before[world.warehouseId] ?? 0) + 12,
      [depoWarehouseId]: (before[depoWarehouseId] ?? 0) - 5,
    });
    const dated = await asAdmin(async (db) =>
      (
        await db.query<{ day: string }>(
          `select distinct to_char(transfered_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD') as day from public.stock_transfers
        where tenant_id = $1 and description like 'Moved %'`,
          [world.tenantId],
        )
      ).rows.map((r) => r.day),
    );
    expect(dated).toEqual(['2026-03-04']);
    const mismatches = await asAdmin(
      async (db) => (await db.query('select * from app_private.stock_ledger_mismatches($1)', [world.tenantId])).rows,
    );
    expect(mismatches).toEqual([]);
  });

  it('answers Not found for another tenant, a non-admin, an inactive or the same target product', async () => {
    const [source, target] = SKUS.map((sku) => world.products.get(sku)!);
    const hjemIsAdmin = await demoMember('hjem-is', 'admin');
    const foreign = await hjemIsAdmin.client.rpc('move_remaining_product_balances', {
      p_product_id: source,
      p_target_product_id: target,
      p_date: '2026-03-04',
    });
    expect(foreign.error?.message).toBe('Not found');
    const same = await world.admin.rpc('move_remaining_product_balances', {
      p_product_id: source,
      p_target_product_id: source,
      p_date: '2026-03-04',
    });
    expect(same.error?.message).toBe('Not found');
    await asAdmin((db) => db.query(`update public.products set status = 'inactive' where id = $1`, [target]));
    const inactive = await world.admin.rpc('move_remaining_product_balances', {
      p_product_id: source,
      p_target_product_id: target,
      p_date: '2026-03-04',
    });
    expect(inactive.error?.message).toBe('Not found');
    await asAdmin((db) => db.query(`update public.products set status = 'active' where id = $1`, [target]));
  });
});
