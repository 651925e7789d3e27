import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';
import { createEodWorld, SKUS, type EodWorld } from './eod-world.ts';
import { demoMember } from './roles.ts';
import { asAdmin } from './trip-world.ts';

// Manual counting (migration ..._manual_counting.sql): a document holds each product's balance at the end of the
// counted day (the tenant's clock); approval moves each difference as one manual_counting transfer so that balance
// becomes the counted value, by the caller, once, whatever runs beside it; the ledger holds afterwards.

interface Line {
  id: number;
  product_id: number;
  sku: string;
  old_value: number;
  new_value: number | null;
  value_changed: boolean;
}

describe('manual counting', () => {
  let world: EodWorld;
  let today: string;
  beforeAll(async () => {
    world = await createEodWorld();
    today = await asAdmin(
      async (db) =>
        (
          await db.query<{ d: string }>(
            `select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as d from public.tenants where id = $1`,
            [world.tenantId],
          )
        ).rows[0].d,
    );
  });
  afterAll(async () => {
    // Documents name their transfers, so they go before the world's transfers.
    if (world)
      await asAdmin((db) =>
        db.query('delete from public.manual_counting_documents where tenant_id = $1', [world.tenantId]),
      );
    await world?.drop();
  });

  const productId = (sku: string) => world.products.get(sku)!;
  const daysAgo = (days: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - days);
    return d.toISOString().slice(0, 10);
  };

  /** A transfer into (positive) or out of (negative) the car warehouse at noon of a day on the tenant's clock. */
  const moveOn = (day: string, sku: string, amount: number, db?: pg.Client) => {
    const work = async (c: pg.Client) => {
      const {
        rows: [t],
      } = await c.query<{ id: string }>(
        `insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, from_warehouse_id, kind, transfered_at)
         select $1, $2, case when $4::numeric > 0 then $3::bigint end, case when $4::numeric < 0 then $3::bigint end, 'regular',
                ($5::date + time '12:00') at time zone t.time_zone from public.tenants t where t.id = $1 returning id`,
        [world.tenantId, world.depoId, world.warehouseId, amount, day],
      );
      await c.query(
        'insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, $5)',
        [world.tenantId, t.id, world.depoId, productId(sku), Math.abs(amount)],
      );
    };
    return db ? work(db) : asAdmin(work);
  };

  const create = async (day?: string, requestKey?: string) => {
    const { data, error } = await world.admin.rpc('create_manual_counting_document', {
      p_warehouse_id: world.warehouseId,
      ...(day ? { p_counted_at: day } : {}),
      ...(requestKey ? { p_request_key: requestKey } : {}),
    });
    if (error) throw error;
    return data;
  };
  const lines = async (id: number) => {
    const { data, error } = await world.admin.rpc('manual_counting_document_lines', { p_document_id: id });
    if (error) throw error;
    return new Map((data as Line[]).map((l) => [l.sku, l]));
  };
  const header = async (id: number) =>
    (await world.admin.rpc('manual_counting_document', { p_document_id: id })).data![0];
  const balanceAt = (day: string, sku: string) =>
    asAdmin(async (db) =>
      Number(
        (
          await db.query<{ amount: string }>(
            `select coalesce(sum(case when t.to_warehouse_id = $1 then l.amount else -l.amount end), 0) as amount
       from public.stock_transfers t join public.stock_transfer_line_items l on l.tenant_id = t.tenant_id and l.stock_transfer_id = t.id
      where t.tenant_id = $2 and $1 in (t.to_warehouse_id, t.from_warehouse_id) and l.product_id = $3
        and t.transfered_at < (($4::date + 1)::timestamp at time zone (select time_zone from public.tenants where id = $2))`,
            [world.warehouseId, world.tenantId, productId(sku), day],
          )
        ).rows[0].amount,
      ),
    );
  const mismatches = () =>
    asAdmin(
      async (db) => (await db.query('select * from app_private.stock_ledger_mismatches($1)', [world.tenantId])).rows,
    );

  it("makes a document for yesterday by default with each product's balance at the end of that day", async () => {
    await moveOn(daysAgo(3), SKUS[0], 40);
    await moveOn(daysAgo(1), SKUS[0], -5);
    await moveOn(today, SKUS[0], 100); // after the counted day: not in the old value
    const id = await create();
    expect(await header(id)).toMatchObject({
      counted_at: daysAgo(1),
      status: 'draft',
      editable: true,
      warehouse_id: world.warehouseId,
      owner_type: 'car',
      owner_title: 'E1',
      stock_transfer_id: null,
      approved_at: null,
    });
    const byS = await lines(id);
    expect([...byS.keys()]).toEqual(SKUS);
    expect(byS.get(SKUS[0])).toMatchObject({ old_value: 35, new_value: null, value_changed: false });
    expect(byS.get(SKUS[1])).toMatchObject({ old_value: 0, new_value: null });
    const older = await lines(await create(daysAgo(2)));
    expect(older.get(SKUS[0])!.old_value).toBe(40);
  });

  it('answers a repeated request key with the first document, also when both arrive at once', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([create(daysAgo(1), key), create(daysAgo(1), key)]);
    expect(a).toBe(b);
    expect(await create(daysAgo(1), key)).toBe(a);
  });

  it('refuses a day in the future', async () => {
    const { error } = await world.admin.rpc('create_manual_counting_document', {
      p_warehouse_id: world.warehouseId,
      p_counted_at: '2999-01-01',
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'is invalid', hint: 'counted_at' });
  });

  it('saves new values of its own lines only, and refuses malformed values', async () => {
    const id = await create();
    const other = await lines(await create());
    const mine = await lines(id);
    const save = (payload: unknown) =>
      world.admin.rpc('save_manual_counting_document', { p_document_id: id, p_lines: payload });

    const foreignLine = await save([
      { id: mine.get(SKUS[0])!.id, new_value: 3 },
      { id: other.get(SKUS[1])!.id, new_value: 9 },
    ]);
    expect(foreignLine.error).toMatchObject({ code: 'PT404', message: 'Not found' });
    expect((await lines(id)).get(SKUS[0])!.new_value).toBeNull();
    for (const bad of [
      [{ id: mine.get(SKUS[0])!.id, new_value: -1 }],
      [{ id: mine.get(SKUS[0])!.id, new_value: 1e12 }],
      [{ id: mine.get(SKUS[0])!.id, new_value: 'ten' }],
      [{ id: 'x' }],
      { id: 1 },
      'nothing',
    ]) {
      const { error } = await save(bad);
      expect(error?.code).toBe('P0001');
    }
    expect(
      (
        await save([
          { id: mine.get(SKUS[0])!.id, new_value: 33 },
          { id: mine.get(SKUS[2])!.id, new_value: 0 },
        ])
      ).error,
    ).toBeNull();
    const saved = await lines(id);
    expect(saved.get(SKUS[0])).toMatchObject({ new_value: 33, value_changed: true });
    expect(saved.get(SKUS[2])).toMatchObject({ new_value: 0, old_value: 0, value_changed: false });
    expect(other.get(SKUS[1])!.new_value).toBeNull();
  });

  it("approves once into a manual_counting transfer by the caller, making the day's balance the counted value", async () => {
    const day = daysAgo(1);
    const id = await create(day);
    const before = await lines(id);
    const nothing = await world.admin.rpc('approve_manual_counting_document', { p_document_id: id });
    expect(nothing.error?.message).toBe('At least one line must have a new value');

    await world.admin.rpc('save_manual_counting_document', {
      p_document_id: id,
      p_lines: [
        { id: before.get(SKUS[0])!.id, new_value: 30 },
        { id: before.get(SKUS[1])!.id, new_value: 7 },
      ],
    });
    const current = await world.balance(SKUS[0]);
    // A double submit: both calls succeed, one transfer.
    const approvals = await Promise.all(
      [1, 2].map(() => world.admin.rpc('approve_manual_counting_document', { p_document_id: id })),
    );
    expect(approvals.map((a) => a.error)).toEqual([null, null]);

    const doc = await header(id);
    expect(doc).toMatchObject({
      status: 'approved',
      editable: false,
      approved_by_email: `admin-${world.slug}@eod.test`,
    });
    expect(doc.stock_transfer_id).not.toBeNull();
    const transfers = await asAdmin(
      async (db) =>
        (
          await db.query(
            `select t.kind, t.to_warehouse_id, t.from_warehouse_id, t.created_by, count(*) over () as n,
              (select json_agg(json_build_object('product_id', l.product_id, 'amount', l.amount::float) order by l.product_id)
                 from public.stock_transfer_line_items l where l.stock_transfer_id = t.id) as lines
         from public.stock_transfers t where t.tenant_id = $1 and t.kind = 'manual_counting'`,
            [world.tenantId],
          )
        ).rows,
    );
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      kind: 'manual_counting',
      to_warehouse_id: String(world.warehouseId),
      from_warehouse_id: null,
      created_by: world.adminId,
    });
    expect(transfers[0].lines).toEqual([
      { product_id: productId(SKUS[0]), amount: 30 - before.get(SKUS[0])!.old_value },
      { product_id: productId(SKUS[1]), amount: 7 },
    ]);
    expect(await balanceAt(day, SKUS[0])).toBe(30);
    expect(await balanceAt(day, SKUS[1])).toBe(7);
    expect(await world.balance(SKUS[0])).toBe(current + 30 - before.get(SKUS[0])!.old_value);
    expect(await mismatches()).toEqual([]);

    // After approval only print and export: no save, no delete, and approving again changes nothing.
    const edit = await world.admin.rpc('save_manual_counting_document', {
      p_document_id: id,
      p_lines: [{ id: before.get(SKUS[0])!.id, new_value: 1 }],
    });
    expect(edit.error?.message).toBe('An approved manual counting document can not be changed');
    const remove = await world.admin.rpc('delete_manual_counting_document', { p_document_id: id });
    expect(remove.error?.message).toBe('An approved manual counting document can not be deleted');
    expect((await world.admin.rpc('approve_manual_counting_document', { p_document_id: id })).error).toBeNull();
    expect(await balanceAt(day, SKUS[0])).toBe(30);
  });

  it('counts a transfer of the counted day that commits while the approval waits, and the ledger holds', async () => {
    const day = daysAgo(1);
    const id = await create(day);
    const l = await lines(id);
    await world.admin.rpc('save_manual_counting_document', {
      p_document_id: id,
      p_lines: [{ id: l.get(SKUS[2])!.id, new_value: 50 }],
    });
    await moveOn(daysAgo(5), SKUS[2], 10); // so the balance row exists and the racing transfer holds its lock

    const racer = new pg.Client({ connectionString: stackInfo().adminDbUrl });
    await racer.connect();
    try {
      await racer.query('begin');
      await moveOn(day, SKUS[2], 8, racer); // holds the balance row's lock until commit
      // A query builder sends when awaited: `then` starts the approval now.
      const approval = world.admin
        .rpc('approve_manual_counting_document', { p_document_id: id })
        .then((answer) => answer);
      await waitForLockWait();
      await racer.query('commit');
      expect((await approval).error).toBeNull();
    } finally {
      await racer.end();
    }
    expect(await balanceAt(day, SKUS[2])).toBe(50);
    expect((await lines(id)).get(SKUS[2])!.old_value).toBe(
      await asAdmin(async (db) =>
        Number(
          (
            await db.query<{ a: string }>(
              `select 50 - l.amount as a from public.manual_counting_documents m join public.stock_transfer_line_items l on l.stock_transfer_id = m.stock_transfer_id
        where m.id = $1`,
              [id],
            )
          ).rows[0].a,
        ),
      ),
    );
    expect(await mismatches()).toEqual([]);
  });

  it('deletes a draft, and keeps every other tenant, depo and role out', async () => {
    const id = await create();
    const foreign = await demoMember('hjem-is', 'admin');
    const driver = await demoMember('hjem-is', 'driver');
    for (const member of [foreign, driver]) {
      expect(
        (await member.client.rpc('create_manual_counting_document', { p_warehouse_id: world.warehouseId })).error
          ?.message,
      ).toBe('Not found');
      for (const fn of ['approve_manual_counting_document', 'delete_manual_counting_document'] as const) {
        expect((await member.client.rpc(fn, { p_document_id: id })).error?.message).toBe('Not found');
      }
      expect(
        (await member.client.rpc('save_manual_counting_document', { p_document_id: id, p_lines: [] })).error?.message,
      ).toBe('Not found');
      expect((await member.client.rpc('manual_counting_document', { p_document_id: id })).data).toEqual([]);
      expect((await member.client.rpc('manual_counting_document_lines', { p_document_id: id })).data).toEqual([]);
      expect(
        (await member.client.rpc('warehouse_manual_counting_documents', { p_warehouse_id: world.warehouseId })).data,
      ).toEqual([]);
    }
    // A depo admin of hjem-is cannot count a warehouse of a depo that is not theirs.
    const depoAdmin = await demoMember('hjem-is', 'depo_admin');
    const otherDepoWarehouse = await asAdmin(
      async (db) =>
        (
          await db.query<{ id: string }>(
            'select id from public.warehouses where tenant_id = $1 and not (depo_id = any ($2::bigint[])) order by id limit 1',
            [depoAdmin.tenantId, depoAdmin.depoIds],
          )
        ).rows[0],
    );
    expect(otherDepoWarehouse).toBeDefined();
    expect(
      (await depoAdmin.client.rpc('create_manual_counting_document', { p_warehouse_id: Number(otherDepoWarehouse.id) }))
        .error?.message,
    ).toBe('Not found');

    // No client writes the tables directly (old values, approval and attribution come from the functions).
    const { data: row } = await world.admin.from('manual_counting_documents').select('*').eq('id', id).single();
    expect(row).toMatchObject({ id, created_by: world.adminId });
    const forged = await world.admin
      .from('manual_counting_documents')
      .update({ status: 'approved', approved_at: new Date().toISOString(), approved_by: world.driverId })
      .eq('id', id)
      .select();
    expect(forged.error?.code).toBe('42501');
    const added = await world.admin
      .from('manual_counting_document_line_items')
      .update({ old_value: 999 })
      .eq('manual_counting_document_id', id)
      .select();
    expect(added.error?.code).toBe('42501');

    expect((await world.admin.rpc('delete_manual_counting_document', { p_document_id: id })).error).toBeNull();
    expect(await header(id)).toBeUndefined();
  });
});

/** Until some backend waits on a row lock (the approval queued behind the open transfer). */
async function waitForLockWait(): Promise<void> {
  for (;;) {
    const waiting = await asAdmin(
      async (db) =>
        (
          await db.query(
            `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%approve_manual_counting_document%' limit 1`,
          )
        ).rowCount,
    );
    if (waiting) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
