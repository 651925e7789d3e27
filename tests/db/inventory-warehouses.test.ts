import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEodWorld, SKUS, type EodWorld } from './eod-world.ts';
import { demoMember } from './roles.ts';
import { asAdmin } from './trip-world.ts';

// Warehouses of the inventory screens (migration ..._inventory_warehouses.sql): the list's negative balances, the
// owners offered, one primary per depo, the products tab's missing amounts; another tenant sees nothing.

describe('inventory warehouses', () => {
  let world: EodWorld;
  beforeAll(async () => {
    world = await createEodWorld();
  });
  afterAll(async () => {
    // The world removes its warehouses; the orders this file made between them go first.
    if (world)
      await asAdmin((db) => db.query('delete from public.stock_orders where tenant_id = $1', [world.tenantId]));
    await world?.drop();
  });

  const addDepoWarehouse = async (code: string, primary: boolean) => {
    const { data, error } = await world.admin
      .from('warehouses')
      .insert({
        tenant_id: world.tenantId,
        depo_id: world.depoId,
        code: `${code}-${world.slug}`,
        name: code,
        owner_type: 'depo',
        primary,
      })
      .select('id')
      .single();
    if (error) throw error;
    return data.id;
  };

  it('keeps one primary warehouse per depo: marking another takes the mark from the first', async () => {
    const first = await addDepoWarehouse('MAIN', true);
    const second = await addDepoWarehouse('SECOND', false);
    const { error } = await world.admin.from('warehouses').update({ primary: true }).eq('id', second);
    expect(error).toBeNull();
    const { data } = await world.admin.from('warehouses').select('id, primary').in('id', [first, second]).order('id');
    expect(data).toEqual([
      { id: first, primary: false },
      { id: second, primary: true },
    ]);
  });

  it('lists the warehouses with their owner and negative balances, and offers a car with a warehouse as unavailable', async () => {
    const product = world.products.get(SKUS[0])!;
    await asAdmin(async (db) => {
      const {
        rows: [t],
      } = await db.query<{ id: string }>(
        `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, kind) values ($1, $2, $3, 'sales') returning id`,
        [world.tenantId, world.depoId, world.warehouseId],
      );
      await db.query(
        'insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 4)',
        [world.tenantId, t.id, world.depoId, product],
      );
    });
    const list = await world.admin.rpc('inventory_warehouses', { p_depo_id: world.depoId });
    expect(list.error).toBeNull();
    const car = list.data!.find((w: { id: number }) => w.id === world.warehouseId);
    expect(car).toMatchObject({ owner_type: 'car', owner_car_id: world.carId, negative_balances: 1 });

    const owners = await world.admin.rpc('warehouse_owners', { p_depo_id: world.depoId });
    expect(owners.data).toContainEqual(
      expect.objectContaining({ owner_type: 'car', owner_id: world.carId, available: false }),
    );
    expect(owners.data).toContainEqual(
      expect.objectContaining({ owner_type: 'depo', owner_id: world.depoId, available: true }),
    );
    const editing = await world.admin.rpc('warehouse_owners', {
      p_depo_id: world.depoId,
      p_warehouse_id: world.warehouseId,
    });
    expect(editing.data).toContainEqual(
      expect.objectContaining({ owner_type: 'car', owner_id: world.carId, available: true }),
    );

    const foreign = await demoMember('hjem-is', 'admin');
    expect((await foreign.client.rpc('inventory_warehouses', { p_depo_id: world.depoId })).data).toEqual([]);
    expect(
      (await foreign.client.rpc('warehouse_products_balance', { p_warehouse_id: world.warehouseId })).data,
    ).toEqual([]);
  });

  it("takes a car owner only from the warehouse's own depo, and one warehouse per car, naming the owner field", async () => {
    const carWarehouse = (depoId: number, carId: number, code: string) =>
      world.admin
        .from('warehouses')
        .insert({
          tenant_id: world.tenantId,
          depo_id: depoId,
          code: `${code}-${world.slug}`,
          name: code,
          owner_type: 'car',
          owner_car_id: carId,
        })
        .select('id')
        .single();
    // The world's car has its warehouse already: a second one is refused, whatever the owner select offered.
    const twice = await carWarehouse(world.depoId, world.carId, 'TWICE');
    expect(twice.error).toMatchObject({ message: 'already has a warehouse', hint: 'owner' });

    // A car of another depo of the tenant cannot own a warehouse of this depo (nor be moved onto one by an edit).
    const otherCar = await asAdmin(async (db) => {
      const {
        rows: [depo],
      } = await db.query<{ id: string }>(
        `insert into public.depos (tenant_id, title, address) values ($1, 'Other depo', 'Andenvej 2') returning id`,
        [world.tenantId],
      );
      const {
        rows: [car],
      } = await db.query<{ id: string }>(
        `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, 'O1', $3) returning id`,
        [world.tenantId, depo.id, `O${world.slug.slice(-7)}`],
      );
      return Number(car.id);
    });
    // Refused by the depo-bound composite key, as every parent of another depo is (tests/db/rls-matrix.test.ts).
    const foreignDepoCar = await carWarehouse(world.depoId, otherCar, 'ELSEWHERE');
    expect(foreignDepoCar.error?.code).toBe('23503');
    const depoWarehouse = await addDepoWarehouse('OWNED', false);
    const moved = await world.admin
      .from('warehouses')
      .update({ owner_type: 'car', owner_car_id: otherCar })
      .eq('id', depoWarehouse)
      .select('id');
    expect(moved.error?.code).toBe('23503');

    // A retired car of this depo is not offered, nor taken when chosen.
    const retired = await asAdmin(async (db) => {
      const {
        rows: [car],
      } = await db.query<{ id: string }>(
        `insert into public.cars (tenant_id, depo_id, internal_number, plate_number, deleted_at) values ($1, $2, 'R1', $3, now()) returning id`,
        [world.tenantId, world.depoId, `R${world.slug.slice(-7)}`],
      );
      return Number(car.id);
    });
    const retiredCar = await carWarehouse(world.depoId, retired, 'RETIRED');
    expect(retiredCar.error).toMatchObject({ message: 'is not a car of this depo', hint: 'owner' });

    // A car retired since keeps its warehouse through an edit that sends the same owner (as the form does).
    await asAdmin((db) => db.query('update public.cars set deleted_at = now() where id = $1', [world.carId]));
    const renamed = await world.admin
      .from('warehouses')
      .update({ name: 'Renamed', owner_type: 'car', owner_car_id: world.carId })
      .eq('id', world.warehouseId)
      .select('name')
      .single();
    await asAdmin((db) => db.query('update public.cars set deleted_at = null where id = $1', [world.carId]));
    expect(renamed).toMatchObject({ error: null, data: { name: 'Renamed' } });
  });

  it('shows what is missing to the car minimum, counting pending orders, in whole packages', async () => {
    const product = world.products.get(SKUS[1])!;
    await asAdmin(async (db) => {
      await db.query('update public.products set packaging_size = 4 where id = $1', [product]);
      await db.query(
        `insert into public.minimum_required_balances (tenant_id, product_id, depo_id, minimum_for_depo, minimum_for_cars)
                      values ($1, $2, $3, 100, 20)`,
        [world.tenantId, product, world.depoId],
      );
    });
    await world.stock(SKUS[1], 3);
    const depoWarehouse = await addDepoWarehouse('SOURCE', false);
    await asAdmin(async (db) => {
      const {
        rows: [order],
      } = await db.query<{ id: string }>(
        `insert into public.stock_orders (tenant_id, depo_id, from_warehouse_id, to_warehouse_id) values ($1, $2, $3, $4) returning id`,
        [world.tenantId, world.depoId, depoWarehouse, world.warehouseId],
      );
      await db.query(
        'insert into public.stock_order_line_items (tenant_id, stock_order_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 5)',
        [world.tenantId, order.id, world.depoId, product],
      );
    });
    const { data, error } = await world.admin.rpc('warehouse_products_balance', { p_warehouse_id: world.warehouseId });
    expect(error).toBeNull();
    // Balance 3, actual 3 + 5 ordered in = 8; missing 20 - 8 = 12, that is 3 packages of 4.
    expect(data!.find((p: { id: number }) => p.id === product)).toMatchObject({
      minimum_required_balance: 20,
      balance_amount: 3,
      actual_balance: 8,
      missing_balance_amount: 12,
      missing_balance_packages_count: 3,
    });
  });
});
