import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMember, type DemoMember } from '../db/roles.ts';
import { asPostgres } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import { createThrowawayTenant, type ThrowawayTenant } from './functions/admin/support/throwaway-tenant.ts';

// The sales and product transfer exports (edge function sales-export, migration 20261128050200_sales_exports.sql)
// in a tenant of its own (no ice-cream layout, Copenhagen time): the 30-day window ending with the end date, the
// CSV's content and order, a stream of several pages, and who may export what.

const WINDOW = 'Maximum 30 days interval can be exported ending with "End date"';
const SALES_HEADER = 'Date,Order ID,POS order,EOD report,Car,Route,Category,Product,SKU,Quantity,Amount,Discount';
// Orders of 3 lines on one day: 2,700 lines, three pages of 1000 whose edges split an order's lines.
const BULK_ORDERS = 900;
const BULK = BULK_ORDERS * 3;

let tenant: ThrowawayTenant;
let carIds: number[] = [];
let hjemIs: DemoMember;
let foreignDriver: DemoMember;

interface Call {
  token?: string;
  tenant?: string;
  params: Record<string, string | string[]>;
}

async function exportCsv({
  token = tenant.admin.accessToken,
  tenant: slug = tenant.slug,
  params,
}: Call): Promise<Response> {
  const query = new URLSearchParams({ tenant: slug });
  for (const [key, value] of Object.entries(params)) for (const one of [value].flat()) query.append(key, one);
  return fetch(`${stackInfo().apiUrl}/functions/v1/sales-export?${query}`, {
    headers: { Authorization: `Bearer ${token}`, apikey: stackInfo().anonKey },
  });
}

const lines = async (response: Response) => (await response.text()).split('\r\n').slice(0, -1);
const sales = (start: string, end: string, extra: Record<string, string | string[]> = {}) => ({
  depo_id: String(tenant.depoIds[0]),
  start_date: start,
  end_date: end,
  ...extra,
});
const tokenOf = async (member: DemoMember) => (await member.client.auth.getSession()).data.session!.access_token;

beforeAll(async () => {
  [hjemIs, foreignDriver] = await Promise.all([demoMember('hjem-is', 'admin'), demoMember('hjem-is', 'driver')]);
  tenant = await createThrowawayTenant({ depos: 2 });
  await asPostgres(async (db) => {
    const [depo, other] = tenant.depoIds;
    carIds = (
      await db.query<{ id: string }>(
        `insert into public.cars (tenant_id, depo_id, internal_number, plate_number) values ($1, $2, 'CAR-1', 'AB 1'), ($1, $2, 'CAR-2', 'AB 2') returning id`,
        [tenant.id, depo],
      )
    ).rows.map((r) => Number(r.id));
    // One report per car; POS orders at the window's edges in Copenhagen time, and a bulk day for paging.
    const reports = (
      await db.query<{ id: string }>(
        `insert into public.end_of_day_reports (tenant_id, depo_id, car_id) values ($1, $2, $3), ($1, $2, $4) returning id`,
        [tenant.id, depo, carIds[0], carIds[1]],
      )
    ).rows.map((r) => Number(r.id));
    const order = async (report: number, local: string, pos: string, product: string) => {
      const id = (
        await db.query<{ id: string }>(
          `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id, total_revenue)
         values ($1, $2, $3, ($4::timestamp at time zone 'Europe/Copenhagen'), $5, 10) returning id`,
          [tenant.id, report, depo, local, pos],
        )
      ).rows[0].id;
      await db.query(
        `insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, category_name, product_name, wallmob_sku, quantity, total_line_amount, discount)
         values ($1, $2, $3, 'Ice cream', $4, 'IS-101', 2, 45.5, 1)`,
        [tenant.id, id, depo, product],
      );
    };
    await order(reports[0], '2020-02-29 23:30', 'POS-BEFORE', 'Too early');
    await order(reports[0], '2020-03-01 00:30', 'POS-FIRST', 'Vanilje, "stor"');
    await order(reports[1], '2020-03-30 23:30', 'POS-LAST', '=HYPERLINK("x")');
    await order(reports[0], '2020-03-31 00:10', 'POS-AFTER', 'Too late');
    const bulk = (
      await db.query<{ id: string }>(
        `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id)
       select $1, $2, $3, ('2020-03-15 10:00'::timestamp at time zone 'Europe/Copenhagen') + make_interval(secs => n), 'BULK-' || n
       from generate_series(1, $4::int) n returning id`,
        [tenant.id, reports[0], depo, BULK_ORDERS],
      )
    ).rows;
    expect(bulk).toHaveLength(BULK_ORDERS);
    await db.query(
      `insert into public.eod_order_line_items (tenant_id, eod_order_id, depo_id, product_name, quantity, total_line_amount)
       select o.tenant_id, o.id, o.depo_id, 'Bulk ' || k, 1, 1 from public.eod_orders o cross join generate_series(1, 3) k
        where o.tenant_id = $1 and o.wallmob_order_id like 'BULK-%'`,
      [tenant.id],
    );
    // The other depo's sale is never in the first depo's file.
    const otherReport = (
      await db.query<{ id: string }>(
        `insert into public.end_of_day_reports (tenant_id, depo_id) values ($1, $2) returning id`,
        [tenant.id, other],
      )
    ).rows[0].id;
    await db.query(
      `insert into public.eod_orders (tenant_id, end_of_day_report_id, depo_id, time, wallmob_order_id) values ($1, $2, $3, '2020-03-10 10:00+01', 'POS-OTHER-DEPO')`,
      [tenant.id, otherReport, other],
    );
    // A product transfer: a product put into the depo's warehouse.
    const product = (
      await db.query<{ id: string }>(
        `insert into public.products (tenant_id, sku, description) values ($1, 'PT-1', 'Transfer product') returning id`,
        [tenant.id],
      )
    ).rows[0].id;
    const warehouse = (
      await db.query<{ id: string }>(
        `insert into public.warehouses (tenant_id, depo_id, code, name, owner_type) values ($1, $2, 'WH-1', 'Main', 'depo') returning id`,
        [tenant.id, depo],
      )
    ).rows[0].id;
    const transfer = (
      await db.query<{ id: string }>(
        `insert into public.stock_transfers (tenant_id, depo_id, to_warehouse_id, transfered_at, description) values ($1, $2, $3, '2020-03-05 09:00+01', 'Delivery') returning id`,
        [tenant.id, depo, warehouse],
      )
    ).rows[0].id;
    await db.query(
      `insert into public.stock_transfer_line_items (tenant_id, stock_transfer_id, depo_id, product_id, amount) values ($1, $2, $3, $4, 12)`,
      [tenant.id, transfer, depo, product],
    );
  });
}, 120_000);

afterAll(async () => {
  // Depo rows without a cascade go first, then the tenant with the rest.
  if (tenant) {
    await asPostgres(async (db) => {
      for (const table of [
        'end_of_day_reports',
        'stock_transfers',
        'warehouse_product_balances',
        'warehouses',
        'cars',
      ]) {
        await db.query(`delete from public.${table} where tenant_id = $1`, [tenant.id]);
      }
    });
  }
  await tenant?.drop();
  for (const member of [hjemIs, foreignDriver]) await member?.client.auth.signOut({ scope: 'local' });
});

describe('the sales export', () => {
  it("takes at most 30 days ending with the end date, the tenant's days whole", async () => {
    const response = await exportCsv({ params: sales('2020-03-01', '2020-03-30', { order_ids: [] }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="sales_2020-03-01_2020-03-30.csv"');
    const rows = await lines(response);
    expect(rows[0]).toBe(SALES_HEADER);
    const pos = rows.slice(1).map((row) => row.split(',')[2]);
    expect(pos).toHaveLength(BULK + 2);
    expect(pos[0]).toBe('POS-FIRST');
    expect(pos.at(-1)).toBe('POS-LAST');
    for (const outside of ['POS-BEFORE', 'POS-AFTER', 'POS-OTHER-DEPO']) expect(pos).not.toContain(outside);

    for (const [start, end] of [
      ['2020-02-29', '2020-03-30'],
      ['2020-03-02', '2020-03-01'],
    ]) {
      const refused = await exportCsv({ params: sales(start, end) });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ full_errors: [WINDOW] });
    }
    const malformed = await exportCsv({ params: sales('2020-02-30', '2020-03-01') });
    expect(malformed.status).toBe(422);
  });

  it('writes each line with its order, report, car and amounts; quotes what needs it and keeps formulas text', async () => {
    const rows = await lines(await exportCsv({ params: sales('2020-03-01', '2020-03-01') }));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(
      /^2020-03-01 00:30,\d+,POS-FIRST,\d+,CAR-1,,Ice cream,"Vanilje, ""stor""",IS-101,2(\.00)?,45\.5(0)?,1(\.00)?$/,
    );
    const last = await lines(await exportCsv({ params: sales('2020-03-30', '2020-03-30') }));
    expect(last[1]).toContain(`,"'=HYPERLINK(""x"")",`);
  });

  it('narrows to the chosen cars and orders', async () => {
    const byCar = await lines(
      await exportCsv({ params: sales('2020-03-01', '2020-03-30', { car_ids: [String(carIds[1])] }) }),
    );
    expect(byCar.slice(1).map((row) => row.split(',')[2])).toEqual(['POS-LAST']);
    const orderId = byCar[1]!.split(',')[1]!;
    const byOrder = await lines(
      await exportCsv({ params: sales('2020-03-01', '2020-03-30', { order_ids: [orderId] }) }),
    );
    expect(byOrder.slice(1).map((row) => row.split(',')[2])).toEqual(['POS-LAST']);
  });

  it('streams the file as it is read, page by page, without a length known in advance', async () => {
    const response = await exportCsv({ params: sales('2020-03-15', '2020-03-15') });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    const reader = response.body!.getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const rows = text.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(BULK);
    // In time order across the pages, each line once: BULK-1 (3 lines) ... BULK-900.
    expect(rows.map((row) => `${row.split(',')[2]} ${row.split(',')[7]}`)).toEqual(
      Array.from({ length: BULK }, (_, i) => `BULK-${Math.floor(i / 3) + 1} Bulk ${(i % 3) + 1}`),
    );
  });
});

describe('the product transfer export', () => {
  it("gives the depo's stock transfer lines of the window", async () => {
    const rows = await lines(
      await exportCsv({ params: sales('2020-03-01', '2020-03-30', { kind: 'product_transfers' }) }),
    );
    expect(rows[0]).toBe('Date,Transfer ID,Kind,From warehouse,To warehouse,SKU,Product,Amount,Description');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^2020-03-05 09:00,\d+,regular,,WH-1,PT-1,Transfer product,12(\.00)?,Delivery$/);
  });
});

describe('who may export', () => {
  it("answers Not found for another tenant's depo and for the ice-cream tenant, 403 to a driver, 401 without a session", async () => {
    const foreign = await exportCsv({
      token: await tokenOf(hjemIs),
      tenant: 'hjem-is',
      params: sales('2020-03-01', '2020-03-30'),
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: 'Not found' });

    const icecream = await exportCsv({
      token: await tokenOf(hjemIs),
      tenant: 'hjem-is',
      params: { ...sales('2020-03-01', '2020-03-30'), depo_id: String(hjemIs.depoIds[0]) },
    });
    expect(icecream.status).toBe(404);

    const driver = await exportCsv({
      token: await tokenOf(foreignDriver),
      tenant: 'hjem-is',
      params: { ...sales('2020-03-01', '2020-03-30'), depo_id: String(foreignDriver.depoIds[0]) },
    });
    expect(driver.status).toBe(403);

    const anonymous = await exportCsv({ token: stackInfo().anonKey, params: sales('2020-03-01', '2020-03-30') });
    expect(anonymous.status).toBe(401);
  });

  it("follows the tenant's shows_eod_sales_export flag, whatever its EOD layout", async () => {
    const setFlags = (shows: boolean, iceCream: boolean) =>
      asPostgres((db) =>
        db.query(
          'update public.tenants set shows_eod_sales_export = $2, uses_ice_cream_eod_layout = $3 where id = $1',
          [tenant.id, shows, iceCream],
        ),
      );
    try {
      await setFlags(false, false);
      const hidden = await exportCsv({ params: sales('2020-03-01', '2020-03-30') });
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toMatchObject({ error: 'Not found' });
      await setFlags(true, true);
      const shown = await exportCsv({ params: sales('2020-03-01', '2020-03-30') });
      expect(shown.status).toBe(200);
      expect((await lines(shown))[0]).toBe(SALES_HEADER);
    } finally {
      await setFlags(true, false);
    }
  });

  it('refuses the page function to a caller without the depo even through REST', async () => {
    const { data, error } = await hjemIs.client.rpc('sales_export_page', {
      p_depo_id: tenant.depoIds[0],
      p_start_date: '2020-03-01',
      p_end_date: '2020-03-30',
    });
    expect(data).toBeNull();
    expect(error?.message).toBe('Not found');
  });
});
