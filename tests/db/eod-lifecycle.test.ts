import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSentence } from '../../src/shared/errors/error-sentence.ts';
import { serviceClient } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import { createEodWorld, type EodWorld } from './eod-world.ts';
import { demoMember } from './roles.ts';
import { asAdmin } from './trip-world.ts';

// The end-of-day report lifecycle in the database (migration ..._eod_lifecycle.sql): what staff may edit,
// the card and miscellaneous rules, approval moving the sold stock out of the car's warehouse in the same
// transaction (all or nothing, also when a stock transfer or another approval races it), unmapped reports,
// Create EOD, and another tenant's ids answering Not found.

type ReportRow = Record<string, unknown> & { status: string };

async function reportRow(id: number): Promise<ReportRow> {
  return asAdmin(
    async (db) => (await db.query<ReportRow>('select * from public.end_of_day_reports where id = $1', [id])).rows[0],
  );
}

async function transfersOf(world: EodWorld): Promise<number> {
  return asAdmin(async (db) =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*) as n from public.stock_transfers where tenant_id = $1 and kind = 'sales'`,
          [world.tenantId],
        )
      ).rows[0].n,
    ),
  );
}

function approve(client: SupabaseClient, id: number) {
  return client.rpc('approve_end_of_day_report', { p_report_id: id });
}

describe("end-of-day reports (other tenants' layout)", () => {
  let world: EodWorld;
  beforeAll(async () => {
    world = await createEodWorld();
  });
  afterAll(async () => {
    await world?.drop();
  });

  it('takes edits only through the edited_ fields, derives the final values and marks the report edited', async () => {
    const { planEventId } = await world.trip();
    const id = await world.report(planEventId, [], { cash: 100 });
    const edited = await world.admin
      .from('end_of_day_reports')
      .update({ edited_cash: 120, bag_number: 'B-1' })
      .eq('id', id)
      .select()
      .single();
    expect(edited.error).toBeNull();
    expect(edited.data).toMatchObject({
      cash: 100,
      edited_cash: 120,
      final_cash: 120,
      status: 'pending_edited',
      bag_number: 'B-1',
    });

    for (const forged of [{ cash: 1 }, { status: 'approved' }, { stock_transfer_id: 1 }, { total: 5 }]) {
      const refused = await world.admin.from('end_of_day_reports').update(forged).eq('id', id).select();
      expect(refused.error?.code).toBe('42501');
    }
    expect(await reportRow(id)).toMatchObject({ cash: '100.00', status: 'pending_edited', stock_transfer_id: null });
  });

  it('refuses a card total that is not Dankort plus other card, with the missing amount', async () => {
    const { planEventId } = await world.trip();
    const id = await world.report(planEventId, [], { card: 500, local_card_amount: 300, other_card_amount: 200 });
    const refused = await world.admin
      .from('end_of_day_reports')
      .update({ edited_local_card_amount: 250 })
      .eq('id', id)
      .select();
    expect(refused.error?.message).toBe('Card amount must be equals to Dankort card amount + other card amount');
    expect(refused.error?.hint).toBe('edited_card');
    expect(JSON.parse(refused.error!.details)).toEqual({
      card: 500,
      local_card_amount: 250,
      other_card_amount: 200,
      missing: 50,
    });
    const fixed = await world.admin
      .from('end_of_day_reports')
      .update({ edited_local_card_amount: 250, edited_other_card_amount: 250 })
      .eq('id', id)
      .select()
      .single();
    expect(fixed.error).toBeNull();
    expect(fixed.data).toMatchObject({ final_card: 500, final_local_card_amount: 250, final_other_card_amount: 250 });
    expect((await reportRow(id)).status).toBe('pending_edited');
  });

  it('refuses miscellaneous fields that do not sum to their total (Kredittsalg, Vipps timet ut, Gavekort, Pre-paid)', async () => {
    const { planEventId } = await world.trip();
    const id = await world.report(planEventId, [], { total_miscellaneous: 100, end_credit_sales: 60, end_prepaid: 40 });
    const refused = await world.admin
      .from('end_of_day_reports')
      .update({ edited_end_prepaid: 10 })
      .eq('id', id)
      .select();
    expect(refused.error?.message).toBe('Miscellaneous fields must match the total');
    expect(refused.error?.hint).toBe('total_miscellaneous');
    expect(JSON.parse(refused.error!.details)).toMatchObject({ total: 100, missing: 30 });
    const fixed = await world.admin
      .from('end_of_day_reports')
      .update({ edited_end_prepaid: 10, edited_end_vipps_timeout: 30 })
      .eq('id', id)
      .select()
      .single();
    expect(fixed.error).toBeNull();
  });

  it("needs a plan event to edit amounts, and keeps an approved report's amounts (its bag number stays editable)", async () => {
    const unmapped = await world.report(null, []);
    const refused = await world.admin.from('end_of_day_reports').update({ edited_cash: 5 }).eq('id', unmapped).select();
    expect(refused.error?.message).toBe('Current End of day report does not have plan event!');

    const { planEventId } = await world.trip();
    const id = await world.report(planEventId, []);
    expect((await approve(world.admin, id)).error).toBeNull();
    const locked = await world.admin.from('end_of_day_reports').update({ edited_cash: 5 }).eq('id', id).select();
    expect(locked.error?.message).toBe('An approved End of day report can not be edited');
    const bag = await world.admin
      .from('end_of_day_reports')
      .update({ bag_number: 'B-9' })
      .eq('id', id)
      .select()
      .single();
    expect(bag.error).toBeNull();
    expect(bag.data).toMatchObject({ bag_number: 'B-9', status: 'approved' });
  });

  it("approves by moving the sold stock out of the car's warehouse in one sales transfer, done by the caller", async () => {
    await world.stock('EOD-1', 10);
    await world.stock('EOD-2', 4);
    const { planEventId } = await world.trip({ dayOffset: -1 });
    const id = await world.report(planEventId, [
      { sku: 'EOD-1', quantity: 3 },
      { sku: 'EOD-1', quantity: 2 },
      { sku: 'EOD-2', quantity: 4 },
      { sku: 'UNKNOWN', quantity: 7 },
    ]);
    const before = await transfersOf(world);
    const { data, error } = await approve(world.admin, id);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, status: 'approved', processed_by: world.adminId });
    expect(await world.balance('EOD-1')).toBe(5);
    expect(await world.balance('EOD-2')).toBe(0);
    expect(await transfersOf(world)).toBe(before + 1);
    const lines = await asAdmin(
      async (db) =>
        (
          await db.query<{ wallmob_sku: string; stock_transfer_id: string | null }>(
            `select li.wallmob_sku, li.stock_transfer_id from public.eod_order_line_items li join public.eod_orders o on o.id = li.eod_order_id
        where o.end_of_day_report_id = $1 order by li.id`,
            [id],
          )
        ).rows,
    );
    const transferId = String((data as { stock_transfer_id: number }).stock_transfer_id);
    expect(lines.map((l) => l.stock_transfer_id)).toEqual([transferId, transferId, transferId, null]);
  });

  it('approves nothing when stock is short: the SKUs with their missing amounts, and the warehouse for a win_lose transfer', async () => {
    await world.stock('EOD-3', 2);
    const { planEventId } = await world.trip({ dayOffset: -2 });
    const id = await world.report(planEventId, [
      { sku: 'EOD-3', quantity: 5 },
      { sku: 'EOD-1', quantity: 1 },
      { sku: 'EOD-2', quantity: 1 },
    ]);
    const before = {
      one: await world.balance('EOD-1'),
      three: await world.balance('EOD-3'),
      transfers: await transfersOf(world),
    };
    const { error } = await approve(world.admin, id);
    expect(error?.message).toBe(`There is not enough stock in warehouse ${world.warehouseCode}`);
    expect(JSON.parse(error!.details)).toEqual({
      warehouse_id: world.warehouseId,
      warehouse_code: world.warehouseCode,
      depo_id: world.depoId,
      items: [
        { sku: 'EOD-2', product_id: world.products.get('EOD-2'), missing: 1 },
        { sku: 'EOD-3', product_id: world.products.get('EOD-3'), missing: 3 },
      ],
    });
    expect((await reportRow(id)).status).toBe('pending');
    expect({
      one: await world.balance('EOD-1'),
      three: await world.balance('EOD-3'),
      transfers: await transfersOf(world),
    }).toEqual(before);
  });

  it('approves a trip once: "Can\'t approve" for an approved report or a second report of an approved trip', async () => {
    const { planEventId } = await world.trip({ dayOffset: -3 });
    const first = await world.report(planEventId, []);
    const second = await world.report(planEventId, []);
    expect((await approve(world.admin, first)).error).toBeNull();
    const text = 'EOD for this trip has already been approved. Please change EOD open date or create EOD manually';
    expect((await approve(world.admin, first)).error?.message).toBe(text);
    expect((await approve(world.admin, second)).error?.message).toBe(text);
    expect((await reportRow(second)).status).toBe('pending');
  });

  it('approves only a report with a plan event', async () => {
    const unmapped = await world.report(null, []);
    expect((await approve(world.admin, unmapped)).error?.message).toBe(
      'Current End of day report does not have plan event!',
    );
  });

  it('maps an unmapped report by car, date, user and route, then approves it', async () => {
    const unmapped = await world.report(null, []);
    const args = { p_report_id: unmapped, p_car_id: null, p_date: null, p_user_id: world.driverId, p_route_id: null };
    const noCar = await world.admin.rpc('approve_unmapped_end_of_day_report', args);
    expect(noCar.error?.message).toBe('You must choose car before approving EOD');

    const { routeId } = await world.trip({ dayOffset: -10 });
    const { date, name } = await asAdmin(
      async (db) =>
        (
          await db.query<{ date: string; name: string }>(
            `select to_char(pe.date, 'YYYY-MM-DD') as date, r.name from public.plan_events pe join public.routes r on r.id = pe.route_id
        where pe.route_id = $1`,
            [routeId],
          )
        ).rows[0],
    );
    const mapped = await world.admin.rpc('approve_unmapped_end_of_day_report', {
      ...args,
      p_car_id: world.carId,
      p_date: date,
      p_route_id: routeId,
    });
    expect(mapped.error).toBeNull();
    expect(mapped.data).toMatchObject({ status: 'approved', plan_event_title: name });
    expect(await reportRow(unmapped)).toMatchObject({ status: 'approved', car_id: String(world.carId) });
  });

  it("links an unmapped report to its driver's planned route when its times move onto that day", async () => {
    const { planEventId } = await world.trip({ dayOffset: -20 });
    const unmapped = await world.report(null, []);
    const day = await asAdmin(
      async (db) =>
        (
          await db.query<{ start: Date; end: Date; title: string }>(
            `select ((pe.date + time '09:00') at time zone 'Europe/Copenhagen') as start, ((pe.date + time '17:00') at time zone 'Europe/Copenhagen') as end, r.name as title
         from public.plan_events pe join public.routes r on r.id = pe.route_id where pe.id = $1`,
            [planEventId],
          )
        ).rows[0],
    );
    const linked = await world.admin.rpc('update_unmapped_end_of_day_report_times', {
      p_report_id: unmapped,
      p_start_at: day.start.toISOString(),
      p_end_at: day.end.toISOString(),
    });
    expect(linked.error).toBeNull();
    expect(linked.data).toEqual({ linked: true, plan_event_id: planEventId, plan_event_title: day.title });
    expect((await reportRow(unmapped)).plan_event_id).toBe(String(planEventId));

    const lonely = await world.report(null, []);
    const far = new Date(day.start.getTime() - 400 * 86_400_000);
    const unlinked = await world.admin.rpc('update_unmapped_end_of_day_report_times', {
      p_report_id: lonely,
      p_start_at: far.toISOString(),
      p_end_at: new Date(far.getTime() + 3_600_000).toISOString(),
    });
    expect(unlinked.data).toMatchObject({ linked: false });
  });

  it('creates an EOD only with a plan event and a cash register', async () => {
    const { planEventId } = await world.trip({ dayOffset: -30 });
    const missing = await world.admin.rpc('create_end_of_day_report', {
      p_plan_event_id: planEventId,
      p_cash_register_id: null,
    });
    expect(missing.error?.message).toBe('You must select plan event and cash register to continue');
    const key = randomUUID();
    const create = () =>
      world.admin.rpc('create_end_of_day_report', {
        p_plan_event_id: planEventId,
        p_cash_register_id: world.cashRegisterId,
        p_request_key: key,
      });
    const made = await create();
    expect(made.error).toBeNull();
    expect(made.data).toMatchObject({
      status: 'pending',
      plan_event_id: planEventId,
      cash_register_id: world.cashRegisterId,
      car_id: world.carId,
    });
    // A double click (the same request key) answers with the same report, and makes no second one.
    const again = await create();
    expect((again.data as { id: number }).id).toBe((made.data as { id: number }).id);
    const count = await asAdmin(async (db) =>
      Number(
        (
          await db.query<{ n: string }>(
            'select count(*) as n from public.end_of_day_reports where plan_event_id = $1',
            [planEventId],
          )
        ).rows[0].n,
      ),
    );
    expect(count).toBe(1);
    const options = await world.admin.rpc('eod_plan_event_options', {
      p_depo_id: world.depoId,
      p_date: await asAdmin(
        async (db) =>
          (
            await db.query<{ d: string }>(
              "select to_char(date, 'YYYY-MM-DD') as d from public.plan_events where id = $1",
              [planEventId],
            )
          ).rows[0].d,
      ),
    });
    expect(
      (options.data as Array<{ id: number; cash_register_id: number }>).find((o) => o.id === planEventId)
        ?.cash_register_id,
    ).toBe(world.cashRegisterId);
  });

  it("answers Not found to another tenant's admin for every action, and changes nothing", async () => {
    const intruder = (await demoMember('den-norske-isbilen', 'admin')).client;
    const { planEventId, routeId } = await world.trip({ dayOffset: -40 });
    const id = await world.report(planEventId, []);
    const unmapped = await world.report(null, []);
    const answers = [
      await approve(intruder, id),
      await intruder.rpc('approve_unmapped_end_of_day_report', {
        p_report_id: unmapped,
        p_car_id: world.carId,
        p_date: '2026-01-05',
        p_user_id: world.driverId,
        p_route_id: routeId,
      }),
      await intruder.rpc('update_unmapped_end_of_day_report_times', {
        p_report_id: unmapped,
        p_start_at: new Date().toISOString(),
        p_end_at: new Date().toISOString(),
      }),
      await intruder.rpc('create_end_of_day_report', {
        p_plan_event_id: planEventId,
        p_cash_register_id: world.cashRegisterId,
      }),
    ];
    expect(answers.map((a) => a.error?.message)).toEqual(['Not found', 'Not found', 'Not found', 'Not found']);
    expect(
      (await intruder.rpc('eod_plan_event_options', { p_depo_id: world.depoId, p_date: '2026-01-05' })).data,
    ).toEqual([]);
    expect((await reportRow(id)).status).toBe('pending');
    expect((await reportRow(unmapped)).plan_event_id).toBeNull();
  });

  it('lets this tenant delete an approved report', async () => {
    const { planEventId } = await world.trip({ dayOffset: -50 });
    const id = await world.report(planEventId, []);
    expect((await approve(world.admin, id)).error).toBeNull();
    const removed = await world.admin.from('end_of_day_reports').delete().eq('id', id).select();
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
  });
});

describe('orders of an approved report are frozen', () => {
  let world: EodWorld;
  beforeAll(async () => {
    world = await createEodWorld();
  });
  afterAll(async () => {
    await world?.drop();
  });

  const FROZEN = 'The orders of an approved End of day report can not be changed';

  async function orderOf(reportId: number): Promise<{ id: number; lineId: number }> {
    const { data, error } = await world.admin
      .from('eod_orders')
      .select('id, eod_order_line_items(id)')
      .eq('end_of_day_report_id', reportId)
      .single();
    if (error) throw error;
    return { id: data.id, lineId: data.eod_order_line_items[0].id };
  }

  const newOrder = (reportId: number) => ({
    tenant_id: world.tenantId,
    end_of_day_report_id: reportId,
    depo_id: world.depoId,
    time: new Date().toISOString(),
    total_revenue: 1,
  });
  const newLine = (orderId: number) => ({
    tenant_id: world.tenantId,
    eod_order_id: orderId,
    depo_id: world.depoId,
    product_name: 'EOD-3',
    wallmob_sku: 'EOD-3',
    quantity: 1,
    total_line_amount: 10,
  });

  it("refuses every REST write to an approved report's orders and line items, with a sentence for people", async () => {
    await world.stock('EOD-3', 5);
    const { planEventId } = await world.trip({ dayOffset: -2 });
    const approved = await world.report(planEventId, [{ sku: 'EOD-3', quantity: 2 }]);
    expect((await approve(world.admin, approved)).error).toBeNull();
    const pending = await world.report(null, [{ sku: 'EOD-3', quantity: 1 }]);
    const order = await orderOf(approved);
    const pendingOrder = await orderOf(pending);

    const attempts = [
      world.admin.from('eod_orders').update({ total_revenue: 999 }).eq('id', order.id).select(),
      world.admin.from('eod_orders').delete().eq('id', order.id).select(),
      world.admin.from('eod_orders').insert(newOrder(approved)).select(),
      // Moving an order out of, or into, the approved report.
      world.admin.from('eod_orders').update({ end_of_day_report_id: pending }).eq('id', order.id).select(),
      world.admin.from('eod_orders').update({ end_of_day_report_id: approved }).eq('id', pendingOrder.id).select(),
      world.admin.from('eod_order_line_items').update({ quantity: 0 }).eq('id', order.lineId).select(),
      world.admin.from('eod_order_line_items').delete().eq('id', order.lineId).select(),
      world.admin.from('eod_order_line_items').insert(newLine(order.id)).select(),
      world.admin
        .from('eod_order_line_items')
        .update({ eod_order_id: order.id })
        .eq('id', pendingOrder.lineId)
        .select(),
    ];
    for (const attempt of attempts) {
      const { error } = await attempt;
      expect(error?.code).toBe('23514');
      expect(errorSentence(error)).toBe(FROZEN);
    }
    const { data: kept } = await world.admin
      .from('eod_orders')
      .select('total_revenue, end_of_day_report_id, eod_order_line_items(quantity)')
      .eq('id', order.id)
      .single();
    expect(kept).toMatchObject({ end_of_day_report_id: approved, eod_order_line_items: [{ quantity: 2 }] });
    expect((await world.admin.from('eod_orders').select('id').eq('end_of_day_report_id', approved)).data).toHaveLength(
      1,
    );

    // This tenant deletes approved reports: the report's orders go with it.
    const removed = await world.admin.from('end_of_day_reports').delete().eq('id', approved).select();
    expect(removed.error).toBeNull();
    expect(
      await asAdmin(
        async (db) => (await db.query('select 1 from public.eod_orders where id = $1', [order.id])).rowCount,
      ),
    ).toBe(0);
  });

  it("lets managers change a pending report's orders and line items", async () => {
    const pending = await world.report(null, [{ sku: 'EOD-3', quantity: 1 }]);
    const order = await orderOf(pending);
    expect(
      (await world.admin.from('eod_orders').update({ total_revenue: 12 }).eq('id', order.id).select()).data,
    ).toHaveLength(1);
    expect(
      (await world.admin.from('eod_order_line_items').update({ quantity: 3 }).eq('id', order.lineId).select()).data,
    ).toHaveLength(1);
    const added = await world.admin.from('eod_orders').insert(newOrder(pending)).select().single();
    expect(added.error).toBeNull();
    const line = await world.admin.from('eod_order_line_items').insert(newLine(added.data!.id)).select().single();
    expect(line.error).toBeNull();
    expect(
      (await world.admin.from('eod_order_line_items').delete().eq('id', line.data!.id).select()).data,
    ).toHaveLength(1);
    expect((await world.admin.from('eod_orders').delete().eq('id', added.data!.id).select()).data).toHaveLength(1);
  });
});

describe('approval racing other stock moves of the same car', () => {
  let world: EodWorld;
  let db: pg.Client;
  beforeAll(async () => {
    world = await createEodWorld();
    db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await world?.drop();
  });

  async function waitingForLock(query: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { rows } = await asAdmin((admin) =>
        admin.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike $1`,
          [query],
        ),
      );
      if (Number(rows[0].n) > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`no statement like ${query} ever waited for a lock`);
  }
  const approvalWaitingForLock = () => waitingForLock('%approve_end_of_day_report%');

  it('sees a stock transfer that committed while it waited, and refuses instead of going negative', async () => {
    await world.stock('EOD-1', 10);
    const { planEventId } = await world.trip({ dayOffset: -1 });
    const id = await world.report(planEventId, [{ sku: 'EOD-1', quantity: 6 }]);
    // A transfer out of the car (to the depo, say) holds the balance row until it commits.
    await db.query('begin');
    const {
      rows: [transfer],
    } = await db.query<{ id: string }>(
      `insert into public.stock_transfers (tenant_id, depo_id, from_warehouse_id, description, kind) values ($1, $2, $3, 'Unload', 'regular') returning id`,
      [world.tenantId, world.depoId, world.warehouseId],
    );
    await db.query(
      `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 7)`,
      [world.tenantId, transfer.id, world.depoId, world.products.get('EOD-1')],
    );
    // A query builder only sends when awaited: `then` sends it now.
    const approval = approve(world.admin, id).then((answer) => answer);
    await approvalWaitingForLock();
    await db.query('commit');
    const { error } = await approval;
    expect(error?.message).toBe(`There is not enough stock in warehouse ${world.warehouseCode}`);
    expect(JSON.parse(error!.details).items).toEqual([
      { sku: 'EOD-1', product_id: world.products.get('EOD-1'), missing: 3 },
    ]);
    expect(await world.balance('EOD-1')).toBe(3);
    expect((await reportRow(id)).status).toBe('pending');
  });

  it('puts a POS sale racing an approval of its report into a new report, never the approved one', async () => {
    await world.stock('EOD-3', 10);
    const { planEventId } = await world.trip({ dayOffset: -3 });
    const id = await world.report(planEventId, [{ sku: 'EOD-3', quantity: 1 }]);
    const soldAt = await asAdmin(async (admin) =>
      (
        await admin.query<{ at: Date }>(
          `select ((pe.date + time '12:00') at time zone t.time_zone) as at from public.plan_events pe join public.tenants t on t.id = pe.tenant_id where pe.id = $1`,
          [planEventId],
        )
      ).rows[0].at.toISOString(),
    );
    // The approval, as the admin, holds the report until it commits.
    await db.query('begin');
    await db.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
      JSON.stringify({ sub: world.adminId, role: 'authenticated' }),
    ]);
    await db.query('select public.approve_end_of_day_report($1)', [id]);
    const posId = `RACE-${randomUUID()}`;
    const sale = serviceClient()
      .rpc('ingest_pos_orders', {
        p_tenant: world.slug,
        p_orders: [
          {
            id: posId,
            cash_register_id: world.cashRegisterId,
            wallmob_user_id: 'wm-driver',
            sold_at: soldAt,
            payment: 'cash',
            lines: [{ sku: 'EOD-3', product_name: 'EOD-3', quantity: 1, amount: 10 }],
          },
        ],
      })
      .then((answer) => answer);
    await waitingForLock('%ingest_pos_orders%');
    await db.query('commit');
    expect((await sale).error).toBeNull();
    expect((await reportRow(id)).status).toBe('approved');
    const landed = await asAdmin(
      async (admin) =>
        (
          await admin.query<{ report: string; plan_event_id: string; status: string; total: string }>(
            `select e.id as report, e.plan_event_id, e.status, e.total from public.eod_orders o join public.end_of_day_reports e on e.id = o.end_of_day_report_id
        where o.tenant_id = $1 and o.pos_order_id = $2`,
            [world.tenantId, posId],
          )
        ).rows,
    );
    expect(landed).toHaveLength(1);
    expect(Number(landed[0].report)).not.toBe(id);
    expect(landed[0]).toMatchObject({ plan_event_id: String(planEventId), status: 'pending', total: '10.00' });
  });

  it('lets only one of two approvals have the same stock', async () => {
    await world.stock('EOD-2', 10);
    const reports = [];
    for (const dayOffset of [-5, -6]) {
      const { planEventId } = await world.trip({ dayOffset });
      reports.push(await world.report(planEventId, [{ sku: 'EOD-2', quantity: 6 }]));
    }
    const answers = await Promise.all(reports.map((id) => approve(world.admin, id)));
    expect(answers.filter((a) => a.error === null)).toHaveLength(1);
    expect(answers.find((a) => a.error)?.error?.message).toBe(
      `There is not enough stock in warehouse ${world.warehouseCode}`,
    );
    expect(await world.balance('EOD-2')).toBe(4);
  });
});

describe('end-of-day reports on the ice-cream layout', () => {
  let world: EodWorld;
  beforeAll(async () => {
    world = await createEodWorld({ iceCream: true });
  });
  afterAll(async () => {
    await world?.drop();
  });

  it('sums Customer Club, Online Buy, Gift Card and Mobilepay Emergency Number to the miscellaneous total', async () => {
    const { planEventId } = await world.trip();
    const id = await world.report(planEventId, [], {
      total_miscellaneous: 90,
      end_customer_sales: 50,
      end_market_sales: 40,
    });
    const refused = await world.admin
      .from('end_of_day_reports')
      .update({ edited_misc_gift_card: 10 })
      .eq('id', id)
      .select();
    expect(refused.error?.message).toBe('Miscellaneous fields must match the total');
    expect(JSON.parse(refused.error!.details)).toEqual({
      fields: { end_customer_sales: 50, end_market_sales: 40, misc_gift_card: 10, allocated_mobile_pay: 0 },
      total: 90,
      missing: -10,
    });
    const fixed = await world.admin
      .from('end_of_day_reports')
      .update({ edited_misc_gift_card: 10, edited_end_market_sales: 30 })
      .eq('id', id)
      .select();
    expect(fixed.error).toBeNull();
  });

  it('keeps approved reports (tenants.can_delete_approved_eod off), while a pending one can go', async () => {
    const { planEventId } = await world.trip({ dayOffset: -1 });
    const approved = await world.report(planEventId, []);
    expect((await approve(world.admin, approved)).error).toBeNull();
    const refused = await world.admin.from('end_of_day_reports').delete().eq('id', approved).select();
    expect(refused.error?.message).toBe('An approved End of day report can not be deleted');
    expect(await reportRow(approved)).toBeDefined();
    const pending = await world.report(null, []);
    const removed = await world.admin.from('end_of_day_reports').delete().eq('id', pending).select();
    expect(removed.data).toHaveLength(1);
  });
});
