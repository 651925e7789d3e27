import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, serviceClient } from '../support/clients.ts';
import { createEodWorld, SKUS, type EodWorld } from './eod-world.ts';
import { demoMember } from './roles.ts';
import { asAdmin } from './trip-world.ts';
import { stackInfo } from '../support/stack-info.ts';

// Stock orders and transfers through their functions only (migration ..._stock_order_transfer_functions.sql): save,
// Save & Approve, approve, delete, create a transfer; the kind rules, a received order frozen, request keys, the
// ledger after approval; and the attacks (other tenant or depo, forged attribution, malformed or huge input).

describe('stock orders and transfers', () => {
  let world: EodWorld;
  let depoWarehouse: number;
  let otherDepoWarehouse: number;
  let support: SupabaseClient;
  let supportId: string;
  const users: string[] = [];

  /** A signed-in member of the world's tenant with a role in the given depo. */
  async function member(role: 'support' | 'driver', depoId: number): Promise<{ db: SupabaseClient; id: string }> {
    const email = `${role}-${randomUUID().slice(0, 8)}@stock.test`;
    const password = `pw-${randomUUID()}`;
    const made = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
    if (made.error) throw made.error;
    const id = made.data.user.id;
    users.push(id);
    await asAdmin(async (db) => {
      // A support or driver works in exactly one depo: the membership and its depo in one transaction.
      await db.query('begin');
      await db.query(
        `insert into public.staff_profiles (user_id, email, first_name, last_name) values ($1, $2, 'Stock', $3)`,
        [id, email, role],
      );
      await db.query('insert into public.tenant_memberships (tenant_id, user_id, role) values ($1, $2, $3)', [
        world.tenantId,
        id,
        role,
      ]);
      await db.query('insert into public.membership_depos (tenant_id, user_id, depo_id) values ($1, $2, $3)', [
        world.tenantId,
        id,
        depoId,
      ]);
      await db.query('commit');
    });
    const db = client();
    const signIn = await db.auth.signInWithPassword({ email, password });
    if (signIn.error) throw signIn.error;
    return { db, id };
  }

  const product = (i: number) => world.products.get(SKUS[i])!;
  const balance = (warehouseId: number, productId: number) =>
    asAdmin(async (db) => {
      const { rows } = await db.query<{ balance_amount: string }>(
        'select balance_amount from public.warehouse_product_balances where warehouse_id = $1 and product_id = $2',
        [warehouseId, productId],
      );
      return rows.length === 0 ? 0 : Number(rows[0].balance_amount);
    });
  const mismatches = () =>
    asAdmin(
      async (db) => (await db.query('select * from app_private.stock_ledger_mismatches($1)', [world.tenantId])).rows,
    );
  const order = (id: number) =>
    asAdmin(
      async (db) =>
        (
          await db.query<{ status: string; stock_transfer_id: string | null; created_by: string; kind: string }>(
            'select * from public.stock_orders where id = $1',
            [id],
          )
        ).rows[0],
    );
  const orderLines = (id: number) =>
    asAdmin(async (db) =>
      (
        await db.query<{ product_id: string; amount: string; received_amount: string | null; packaged_amount: string }>(
          'select product_id, amount, received_amount, packaged_amount from public.stock_order_line_items where stock_order_id = $1 order by product_id',
          [id],
        )
      ).rows.map((r) => ({
        product_id: Number(r.product_id),
        amount: Number(r.amount),
        received_amount: r.received_amount === null ? null : Number(r.received_amount),
        packaged_amount: Number(r.packaged_amount),
      })),
    );
  const transfersOf = (orderId: number) =>
    asAdmin(async (db) =>
      (
        await db.query<{ id: string }>('select id from public.stock_transfers where stock_order_id = $1', [orderId])
      ).rows.map((r) => Number(r.id)),
    );

  beforeAll(async () => {
    world = await createEodWorld();
    const ids = await asAdmin(async (db) => {
      const {
        rows: [main],
      } = await db.query<{ id: string }>(
        `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type, "primary") values ($1, $2, $3, 'Main', 'depo', true) returning id`,
        [world.tenantId, world.depoId, `MAIN-${world.slug}`],
      );
      const {
        rows: [depo],
      } = await db.query<{ id: string }>(
        `insert into public.depos (tenant_id, title, address) values ($1, 'Other depo', 'Andenvej 2') returning id`,
        [world.tenantId],
      );
      const {
        rows: [other],
      } = await db.query<{ id: string }>(
        `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) values ($1, $2, $3, 'Other', 'depo') returning id`,
        [world.tenantId, depo.id, `OTHER-${world.slug}`],
      );
      await db.query('update public.products set packaging_size = 6 where id = $1', [world.products.get(SKUS[0])]);
      return { main: Number(main.id), other: Number(other.id) };
    });
    depoWarehouse = ids.main;
    otherDepoWarehouse = ids.other;
    ({ db: support, id: supportId } = await member('support', world.depoId));
  });

  afterAll(async () => {
    if (world) {
      await asAdmin(async (db) => {
        // Orders and transfers point at each other; the test tenant's rows go as a whole.
        await db.query('update public.stock_transfers set stock_order_id = null where tenant_id = $1', [
          world.tenantId,
        ]);
        await db.query('delete from public.stock_orders where tenant_id = $1', [world.tenantId]);
      });
      await world.drop();
    }
    for (const id of users) await serviceClient().auth.admin.deleteUser(id);
  });

  it('saves a pending order with its lines summed per product, whoever the client names as creator', async () => {
    const saved = await support.rpc('save_stock_order', {
      p_from_warehouse_id: depoWarehouse,
      p_to_warehouse_id: world.warehouseId,
      p_kind: 'regular',
      p_reason: 'Weekend',
      p_main_storage_message: 'MO-1',
      p_lines: [
        { product_id: product(0), amount: 10 },
        { product_id: product(1), amount: 3 },
        { product_id: product(0), amount: 2 },
        { product_id: product(2), amount: 0 },
        { product_id: product(1), amount: 0, created_by: world.adminId },
      ],
    });
    expect(saved.error).toBeNull();
    const id = saved.data!;
    expect(await order(id)).toMatchObject({
      status: 'pending',
      stock_transfer_id: null,
      created_by: supportId,
      kind: 'regular',
    });
    // 12 of a product packed by 6: 2 packages.
    expect(await orderLines(id)).toEqual([
      { product_id: product(0), amount: 12, received_amount: null, packaged_amount: 2 },
      { product_id: product(1), amount: 3, received_amount: null, packaged_amount: 3 },
    ]);

    // An edit replaces the lines.
    const edited = await support.rpc('save_stock_order', {
      p_order_id: id,
      p_from_warehouse_id: depoWarehouse,
      p_to_warehouse_id: world.warehouseId,
      p_kind: 'regular',
      p_lines: [{ product_id: product(2), amount: 5 }],
    });
    expect(edited).toMatchObject({ error: null, data: id });
    expect((await orderLines(id)).map((l) => l.product_id)).toEqual([product(2)]);
    // Nothing moved yet.
    expect(await balance(world.warehouseId, product(2))).toBe(0);
  });

  it('takes no direct writes: orders, transfers and their lines only through the functions', async () => {
    const row = {
      tenant_id: world.tenantId,
      depo_id: world.depoId,
      to_warehouse_id: world.warehouseId,
      kind: 'regular' as const,
    };
    expect((await support.from('stock_orders').insert(row)).error?.code).toBe('42501');
    expect((await support.from('stock_transfers').insert(row)).error?.code).toBe('42501');
    expect(
      (await world.admin.from('stock_orders').update({ status: 'received' }).eq('tenant_id', world.tenantId)).error
        ?.code,
    ).toBe('42501');
    expect(
      (await world.admin.from('stock_order_line_items').delete().eq('tenant_id', world.tenantId)).error?.code,
    ).toBe('42501');
  });

  it('Save & Approve makes one transfer from the saved order, marks it received and moves the stock; the ledger holds', async () => {
    const before = { from: await balance(depoWarehouse, product(0)), to: await balance(world.warehouseId, product(0)) };
    const key = randomUUID();
    const args = {
      p_from_warehouse_id: depoWarehouse,
      p_to_warehouse_id: world.warehouseId,
      p_kind: 'regular' as const,
      p_lines: [{ product_id: product(0), amount: 7 }],
      p_approve: true,
      p_request_key: key,
    };
    // A double click: both submits at once with the same key make one order and one transfer.
    const [first, second] = await Promise.all([
      support.rpc('save_stock_order', args),
      support.rpc('save_stock_order', args),
    ]);
    expect(first.error).toBeNull();
    expect(second).toMatchObject({ error: null, data: first.data });
    const id = first.data!;
    const made = await order(id);
    expect(made.status).toBe('received');
    expect(await transfersOf(id)).toEqual([Number(made.stock_transfer_id)]);
    expect(await orderLines(id)).toEqual([
      { product_id: product(0), amount: 7, received_amount: 7, packaged_amount: 2 },
    ]);
    expect(await balance(depoWarehouse, product(0))).toBe(before.from - 7);
    expect(await balance(world.warehouseId, product(0))).toBe(before.to + 7);
    expect(await mismatches()).toEqual([]);
    const transfer = await asAdmin(
      async (db) =>
        (
          await db.query(
            'select kind, from_warehouse_id, to_warehouse_id, created_by from public.stock_transfers where id = $1',
            [made.stock_transfer_id],
          )
        ).rows[0],
    );
    expect(transfer).toMatchObject({
      kind: 'regular',
      from_warehouse_id: String(depoWarehouse),
      to_warehouse_id: String(world.warehouseId),
      created_by: supportId,
    });

    // A retry after a lost answer gets the first answer; a new submit finds the order frozen.
    expect(await support.rpc('save_stock_order', args)).toMatchObject({ error: null, data: id });
    const frozen = 'A received stock order can not be changed';
    expect(
      (await support.rpc('save_stock_order', { ...args, p_order_id: id, p_request_key: randomUUID() })).error?.message,
    ).toBe(frozen);
    expect((await support.rpc('approve_stock_order', { p_order_id: id })).error?.message).toBe(frozen);
    expect((await support.rpc('delete_stock_order', { p_order_id: id })).error?.message).toBe(frozen);
    expect(await transfersOf(id)).toHaveLength(1);
  });

  it('approves a saved order from its view, and deletes a pending one', async () => {
    const save = (lines: Array<{ product_id: number; amount: number }>) =>
      support.rpc('save_stock_order', {
        p_from_warehouse_id: depoWarehouse,
        p_to_warehouse_id: world.warehouseId,
        p_kind: 'other',
        p_lines: lines,
      });
    const toApprove = (await save([{ product_id: product(1), amount: 4 }])).data!;
    const before = await balance(world.warehouseId, product(1));
    const key = randomUUID();
    const approved = await support.rpc('approve_stock_order', { p_order_id: toApprove, p_request_key: key });
    expect(approved.error).toBeNull();
    expect(await support.rpc('approve_stock_order', { p_order_id: toApprove, p_request_key: key })).toMatchObject({
      error: null,
      data: approved.data,
    });
    expect(await balance(world.warehouseId, product(1))).toBe(before + 4);
    expect(await order(toApprove)).toMatchObject({ status: 'received', stock_transfer_id: String(approved.data) });

    const toDelete = (await save([{ product_id: product(1), amount: 1 }])).data!;
    expect((await support.rpc('delete_stock_order', { p_order_id: toDelete })).error).toBeNull();
    expect(await order(toDelete)).toBeUndefined();
    expect(await mismatches()).toEqual([]);
  });

  it('creates a transfer, and one that closes a pending order between the same warehouses', async () => {
    const before = await balance(world.warehouseId, product(2));
    const made = await support.rpc('create_stock_transfer', {
      p_to_warehouse_id: world.warehouseId,
      p_kind: 'win_lose',
      p_description: 'Found in the freezer',
      p_lines: [
        { product_id: product(2), amount: 3 },
        { product_id: product(1), amount: -1.5 },
      ],
    });
    expect(made.error).toBeNull();
    expect(await balance(world.warehouseId, product(2))).toBe(before + 3);

    const pending = (
      await support.rpc('save_stock_order', {
        p_from_warehouse_id: depoWarehouse,
        p_to_warehouse_id: world.warehouseId,
        p_kind: 'regular',
        p_lines: [
          { product_id: product(0), amount: 6 },
          { product_id: product(1), amount: 2 },
        ],
      })
    ).data!;
    // The order's warehouses must be the transfer's.
    const mismatched = await support.rpc('create_stock_transfer', {
      p_from_warehouse_id: world.warehouseId,
      p_to_warehouse_id: depoWarehouse,
      p_kind: 'regular',
      p_lines: [{ product_id: product(0), amount: 6 }],
      p_stock_order_id: pending,
    });
    expect(mismatched.error?.message).toBe('Not found');
    const closing = await support.rpc('create_stock_transfer', {
      p_from_warehouse_id: depoWarehouse,
      p_to_warehouse_id: world.warehouseId,
      p_kind: 'regular',
      p_lines: [{ product_id: product(0), amount: 5 }],
      p_stock_order_id: pending,
    });
    expect(closing.error).toBeNull();
    expect(await order(pending)).toMatchObject({ status: 'received', stock_transfer_id: String(closing.data) });
    expect((await orderLines(pending)).map((l) => l.received_amount)).toEqual([5, 0]);
    expect(await mismatches()).toEqual([]);
  });

  it('holds the kind rules: win_lose from nowhere, write_off to nowhere in the flagged tenant, no system kinds', async () => {
    const lines = [{ product_id: product(0), amount: 1 }];
    const winLoseFrom = await support.rpc('create_stock_transfer', {
      p_from_warehouse_id: depoWarehouse,
      p_to_warehouse_id: world.warehouseId,
      p_kind: 'win_lose',
      p_lines: lines,
    });
    expect(winLoseFrom.error).toMatchObject({
      message: 'A win_lose movement has no from-warehouse',
      hint: 'from_warehouse_id',
    });
    const winLoseOrder = await support.rpc('save_stock_order', {
      p_from_warehouse_id: depoWarehouse,
      p_to_warehouse_id: world.warehouseId,
      p_kind: 'win_lose',
      p_lines: lines,
    });
    expect(winLoseOrder.error?.hint).toBe('from_warehouse_id');
    for (const kind of ['sales', 'manual_counting'] as const) {
      const system = await support.rpc('create_stock_transfer', {
        p_to_warehouse_id: world.warehouseId,
        p_kind: kind,
        p_lines: lines,
      });
      expect(system.error).toMatchObject({ message: 'Kind is not included in the list', hint: 'kind' });
    }

    // Unflagged: a write-off may go to a warehouse. Flagged: it may not, and goes nowhere.
    const writeOffTo = {
      p_from_warehouse_id: depoWarehouse,
      p_to_warehouse_id: world.warehouseId,
      p_kind: 'write_off' as const,
      p_lines: lines,
    };
    expect((await support.rpc('create_stock_transfer', writeOffTo)).error).toBeNull();
    await asAdmin((db) =>
      db.query('update public.tenants set write_off_without_to_warehouse = true where id = $1', [world.tenantId]),
    );
    try {
      expect((await support.rpc('create_stock_transfer', writeOffTo)).error).toMatchObject({
        message: 'A write_off movement has no to-warehouse',
        hint: 'to_warehouse_id',
      });
      expect((await support.rpc('save_stock_order', writeOffTo)).error?.hint).toBe('to_warehouse_id');
      const nowhere = await support.rpc('save_stock_order', {
        ...writeOffTo,
        p_to_warehouse_id: undefined,
        p_approve: true,
      });
      expect(nowhere.error).toBeNull();
      expect(await order(nowhere.data!)).toMatchObject({ status: 'received', kind: 'write_off' });
    } finally {
      await asAdmin((db) =>
        db.query('update public.tenants set write_off_without_to_warehouse = false where id = $1', [world.tenantId]),
      );
    }
    expect(await mismatches()).toEqual([]);
  });

  it("answers Not found for another tenant's or another depo's warehouse, order or product, and for a driver", async () => {
    const foreignAdmin = await demoMember('hjem-is', 'admin');
    const hjemIs = await asAdmin(
      async (db) =>
        (
          await db.query<{ warehouse: string; product: string; order: string }>(
            `select (select id from public.warehouses where tenant_id = $1 order by id limit 1) as warehouse,
              (select id from public.products where tenant_id = $1 order by id limit 1) as product,
              (select id from public.stock_orders where tenant_id = $1 order by id limit 1) as order`,
            [foreignAdmin.tenantId],
          )
        ).rows[0],
    );
    const lines = [{ product_id: product(0), amount: 1 }];
    const notFound = { message: 'Not found', code: 'PT404' };

    // Our warehouse to the other tenant's, either way round, and the other tenant's product.
    expect(
      (
        await support.rpc('create_stock_transfer', {
          p_from_warehouse_id: world.warehouseId,
          p_to_warehouse_id: Number(hjemIs.warehouse),
          p_kind: 'regular',
          p_lines: lines,
        })
      ).error,
    ).toMatchObject(notFound);
    expect(
      (
        await support.rpc('save_stock_order', {
          p_from_warehouse_id: Number(hjemIs.warehouse),
          p_to_warehouse_id: world.warehouseId,
          p_kind: 'regular',
          p_lines: lines,
        })
      ).error,
    ).toMatchObject(notFound);
    expect(
      (
        await support.rpc('create_stock_transfer', {
          p_to_warehouse_id: world.warehouseId,
          p_kind: 'win_lose',
          p_lines: [{ product_id: Number(hjemIs.product), amount: 1 }],
        })
      ).error,
    ).toMatchObject(notFound);
    // The other tenant's order: not approvable, deletable or editable from here; and ours not from there.
    expect((await support.rpc('approve_stock_order', { p_order_id: Number(hjemIs.order) })).error).toMatchObject(
      notFound,
    );
    expect((await support.rpc('delete_stock_order', { p_order_id: Number(hjemIs.order) })).error).toMatchObject(
      notFound,
    );
    expect(
      (
        await support.rpc('save_stock_order', {
          p_order_id: Number(hjemIs.order),
          p_to_warehouse_id: world.warehouseId,
          p_kind: 'regular',
          p_lines: lines,
        })
      ).error,
    ).toMatchObject(notFound);
    const ours = (
      await support.rpc('save_stock_order', { p_to_warehouse_id: world.warehouseId, p_kind: 'regular', p_lines: lines })
    ).data!;
    expect((await foreignAdmin.client.rpc('approve_stock_order', { p_order_id: ours })).error).toMatchObject(notFound);
    expect((await foreignAdmin.client.rpc('delete_stock_order', { p_order_id: ours })).error).toMatchObject(notFound);

    // Support of this depo cannot reach a warehouse of another depo of the tenant; a driver reaches none.
    expect(
      (
        await support.rpc('create_stock_transfer', {
          p_from_warehouse_id: otherDepoWarehouse,
          p_to_warehouse_id: world.warehouseId,
          p_kind: 'regular',
          p_lines: lines,
        })
      ).error,
    ).toMatchObject(notFound);
    // An admin reaches both depos, but a document stays within one.
    expect(
      (
        await world.admin.rpc('create_stock_transfer', {
          p_from_warehouse_id: otherDepoWarehouse,
          p_to_warehouse_id: world.warehouseId,
          p_kind: 'regular',
          p_lines: lines,
        })
      ).error,
    ).toMatchObject({ message: 'From and to must be warehouses of the same depo' });
    const driver = await member('driver', world.depoId);
    expect(
      (
        await driver.db.rpc('create_stock_transfer', {
          p_to_warehouse_id: world.warehouseId,
          p_kind: 'win_lose',
          p_lines: lines,
        })
      ).error,
    ).toMatchObject(notFound);
    expect((await driver.db.rpc('approve_stock_order', { p_order_id: ours })).error).toMatchObject(notFound);
    // Anon may not call at all.
    expect(
      (
        await client().rpc('create_stock_transfer', {
          p_to_warehouse_id: world.warehouseId,
          p_kind: 'win_lose',
          p_lines: lines,
        })
      ).error,
    ).toBeTruthy();
    expect(await order(ours)).toMatchObject({ status: 'pending' });
  });

  it('refuses malformed, negative, absurd and huge line lists with a sentence, changing nothing', async () => {
    const transferWith = (lines: unknown) =>
      support.rpc('create_stock_transfer', {
        p_from_warehouse_id: depoWarehouse,
        p_to_warehouse_id: world.warehouseId,
        p_kind: 'regular',
        p_lines: lines as never,
      });
    const orderWith = (lines: unknown) =>
      support.rpc('save_stock_order', {
        p_from_warehouse_id: depoWarehouse,
        p_to_warehouse_id: world.warehouseId,
        p_kind: 'regular',
        p_lines: lines as never,
      });
    const amountText = /^Amount must be a number between/;
    const before = await asAdmin(
      async (db) =>
        (
          await db.query<{ n: string }>('select count(*) as n from public.stock_transfers where tenant_id = $1', [
            world.tenantId,
          ])
        ).rows[0].n,
    );

    expect((await transferWith([{ product_id: product(0), amount: 'ten' }])).error?.message).toMatch(amountText);
    expect((await transferWith([{ product_id: 'x', amount: 1 }])).error?.message).toMatch(amountText);
    expect((await transferWith([{ product_id: 1.5, amount: 1 }])).error?.message).toMatch(amountText);
    expect((await transferWith([{ product_id: product(0), amount: 1e12 }])).error?.message).toMatch(amountText);
    expect((await transferWith([{ product_id: product(0), amount: 0.001 }])).error?.message).toMatch(amountText);
    expect((await transferWith([['not', 'an', 'object']])).error?.message).toMatch(amountText);
    expect((await transferWith({ product_id: product(0) })).error?.message).toBe(
      'Lines must be a list of at most 5000 products',
    );
    expect((await transferWith([])).error?.message).toBe('Add at least one product with an amount');
    expect((await transferWith([{ product_id: product(0), amount: 0 }])).error?.message).toBe(
      'Add at least one product with an amount',
    );
    const huge = Array.from({ length: 5001 }, () => ({ product_id: product(0), amount: 1 }));
    expect((await transferWith(huge)).error?.message).toBe('Lines must be a list of at most 5000 products');
    expect((await orderWith([{ product_id: product(0), amount: -3 }])).error?.message).toMatch(amountText);
    expect(
      (
        await support.rpc('create_stock_transfer', {
          p_to_warehouse_id: world.warehouseId,
          p_kind: 'win_lose',
          p_description: 'x'.repeat(1001),
          p_lines: [{ product_id: product(0), amount: 1 }],
        })
      ).error,
    ).toMatchObject({ hint: 'description' });
    expect(
      (
        await support.rpc('create_stock_transfer', {
          p_kind: 'regular',
          p_lines: [{ product_id: product(0), amount: 1 }],
        })
      ).error?.message,
    ).toBe('Choose a from-warehouse or a to-warehouse');

    const after = await asAdmin(
      async (db) =>
        (
          await db.query<{ n: string }>('select count(*) as n from public.stock_transfers where tenant_id = $1', [
            world.tenantId,
          ])
        ).rows[0].n,
    );
    expect(after).toBe(before);
    // 5,000 lines (the limit) go through in one statement.
    const atLimit = await transferWith(
      Array.from({ length: 5000 }, (_, i) => ({ product_id: product(i % 3), amount: 1 })),
    );
    expect(atLimit.error).toBeNull();
    expect(await mismatches()).toEqual([]);
  });

  it("exports an order's lines as xlsx with the caller's rights: another tenant's order is Not found", async () => {
    const own = (
      await support.rpc('save_stock_order', {
        p_to_warehouse_id: world.warehouseId,
        p_kind: 'regular',
        p_lines: [{ product_id: product(0), amount: 2 }],
      })
    ).data!;
    const foreignOrder = await asAdmin(
      async (db) =>
        (
          await db.query<{ id: string }>(
            `select o.id from public.stock_orders o join public.tenants t on t.id = o.tenant_id where t.slug = 'hjem-is' order by o.id limit 1`,
          )
        ).rows[0].id,
    );
    const token = (await support.auth.getSession()).data.session!.access_token;
    const exportOf = (document: string, id: number | string) =>
      fetch(
        `${stackInfo().apiUrl}/functions/v1/stock-document-export?tenant=${world.slug}&document=${document}&id=${id}`,
        { headers: { apikey: stackInfo().anonKey, Authorization: `Bearer ${token}` } },
      );
    const ok = await exportOf('order', own);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(ok.headers.get('content-disposition')).toContain(`stock_order_${own}.xlsx`);
    expect((await ok.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const foreign = await exportOf('order', foreignOrder);
    expect(foreign.status).toBe(404);
    await foreign.body?.cancel();
    const malformed = await exportOf('invoice', own);
    expect(malformed.status).toBe(422);
    await malformed.body?.cancel();
  });
});
