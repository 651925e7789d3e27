import { randomInt, randomUUID } from 'node:crypto';
import { serviceClient } from '../support/clients.ts';
import { danishMobile } from '../support/phones.ts';

/**
 * Insertable rows for the RLS matrix: a copy of an existing row with its unique keys made new, so a write that
 * the rules allow succeeds. Parents a copy needs to be unique (a new product, customer, B2B customer) are made
 * here with the service role; everything made is removed by `removeMadeRows`.
 */
type Row = Record<string, unknown>;

const made: Array<{ table: string; match: Record<string, unknown> }> = [];

/** Remembers a row to remove after the tests (newest first, so children go before parents). */
export function rememberMade(table: string, row: Row): void {
  const match =
    'id' in row
      ? { tenant_id: row.tenant_id, id: row.id }
      : table === 'car_positions'
        ? { tenant_id: row.tenant_id, car_id: row.car_id, recorded_at: row.recorded_at }
        : row;
  made.push({ table, match });
}

/** The keys of the rows made here in a table of a tenant: rows no other test file removes. */
export function madeKeys(table: string, tenantId: string): Row[] {
  return made.filter((m) => m.table === table && m.match.tenant_id === tenantId).map((m) => m.match);
}

export async function removeMadeRows(): Promise<void> {
  const service = serviceClient();
  for (const { table, match } of made.reverse()) {
    // A line of a stock transfer goes with its transfer (lines are final even for the service role).
    if (table === 'stock_transfer_line_items') continue;
    // A started plan event is not deletable until the trusted service role clears its start.
    if (table === 'plan_events')
      await service
        .from(table)
        .update({ started_at: null })
        .eq('tenant_id', match.tenant_id as string)
        .eq('id', match.id as number);
    let query = service.from(table).delete();
    for (const [column, value] of Object.entries(match))
      query = value === null ? query.is(column, null) : query.eq(column, value as string);
    await query;
  }
  made.length = 0;
}

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function madeByService(table: string, row: Row): Promise<Row> {
  const { data, error } = await serviceClient().from(table).insert(row).select().single();
  if (error) throw new Error(`making a ${table} row: ${error.message}`);
  rememberMade(table, data as Row);
  return data as Row;
}

const newProduct = (tenantId: unknown) =>
  madeByService('products', { tenant_id: tenantId, sku: unique('T'), description: 'Matrix product' });
const newB2bCustomer = (tenantId: unknown) =>
  madeByService('b2b_customers', { tenant_id: tenantId, customer_name: 'Matrix shop', customer_number: unique('M') });
const newCar = (tenantId: unknown, depoId: unknown) =>
  madeByService('cars', {
    tenant_id: tenantId,
    depo_id: depoId,
    internal_number: unique('Car'),
    plate_number: unique('P').slice(0, 20),
  });
const newCustomer = (tenantId: unknown) =>
  madeByService('customers', {
    tenant_id: tenantId,
    phone: danishMobile(),
  });

/** A date no seed uses, so the plan event's one-per-route-and-day and one-per-driver-and-day keys are free. */
const freeDate = () => new Date(Date.UTC(2200, 0, 1) + randomInt(0, 2_800_000) * 86_400_000).toISOString().slice(0, 10);

const FRESH: Record<string, (row: Row) => Row | Promise<Row>> = {
  stop_types: () => ({ stop_type: unique('Stop') }),
  customers: () => ({ phone: danishMobile() }),
  b2b_customers: () => ({ customer_number: unique('M') }),
  b2b_customer_depos: async (row) => ({ b2b_customer_id: (await newB2bCustomer(row.tenant_id)).id }),
  products: () => ({ sku: unique('T') }),
  wallmob_products: () => ({ number: unique('W') }),
  wallmob_customers: () => ({ number: unique('W') }),
  cars: () => ({ internal_number: unique('Car'), plate_number: unique('P').slice(0, 20) }),
  // A fix older than the seeds', so the car's latest location stays as it is.
  car_positions: () => ({ recorded_at: new Date(Date.UTC(2000, 0, 1) + randomInt(0, 2 ** 38)).toISOString() }),
  route_point_b2b_customers: async (row) => ({ b2b_customer_id: (await newB2bCustomer(row.tenant_id)).id }),
  plan_events: () => ({
    date: freeDate(),
    started_at: null,
    converted_at: null,
    converted_by: null,
    converted_route_id: null,
  }),
  sms_receivers: async (row) => ({ customer_id: (await newCustomer(row.tenant_id)).id }),
  stop_subscriptions: async (row) => ({ customer_id: (await newCustomer(row.tenant_id)).id }),
  sms_outbox: () => ({ dedup_key: unique('matrix') }),
  minimum_required_balances: async (row) => ({ product_id: (await newProduct(row.tenant_id)).id }),
  // A car has one warehouse at most (migration ..._warehouse_owner_rules.sql): a car-owned copy gets a car of its own.
  warehouses: async (row) => ({
    code: unique('WH'),
    primary: false,
    ...(row.owner_car_id == null ? {} : { owner_car_id: (await newCar(row.tenant_id, row.depo_id)).id }),
  }),
  // An empty balance: amounts change only through transfer lines (migration ..._inventory_ledger.sql).
  warehouse_product_balances: async (row) => ({ product_id: (await newProduct(row.tenant_id)).id, balance_amount: 0 }),
  // Lines go into a new transfer, so the transfer (and its lines by cascade) can be removed afterwards.
  stock_transfer_line_items: async (row) => {
    const { data } = await serviceClient()
      .from('stock_transfers')
      .select('*')
      .eq('id', row.stock_transfer_id as number)
      .single();
    const { id: _id, ...transfer } = data as Row;
    return { stock_transfer_id: (await madeByService('stock_transfers', { ...transfer, stock_order_id: null })).id };
  },
  manual_counting_document_line_items: async (row) => ({ product_id: (await newProduct(row.tenant_id)).id }),
};

/** A copy of `row` that can be inserted: no identity, generated or defaulted public-id columns, new unique keys. */
export async function freshCopy(table: string, row: Row, readOnlyColumns: string[]): Promise<Row> {
  const copy = Object.fromEntries(Object.entries(row).filter(([k]) => !readOnlyColumns.includes(k) && k !== 'uuid'));
  return { ...copy, ...(await FRESH[table]?.(row)) };
}

/**
 * Tables the demo world fills only from past trips (none on the first day of a week): each depo gets a row of its
 * own if it has none, so the matrix never depends on the calendar.
 */
const HISTORY_ROWS: Array<[string, (tenantId: string, depoId: number) => Promise<Row>]> = [
  ['end_of_day_reports', async (tenantId, depoId) => ({ tenant_id: tenantId, depo_id: depoId })],
  [
    'eod_orders',
    async (tenantId, depoId) => ({
      tenant_id: tenantId,
      depo_id: depoId,
      time: new Date().toISOString(),
      end_of_day_report_id: await someId('end_of_day_reports', tenantId, depoId),
    }),
  ],
  [
    'eod_order_line_items',
    async (tenantId, depoId) => ({
      tenant_id: tenantId,
      depo_id: depoId,
      product_name: 'Matrix product',
      quantity: 1,
      total_line_amount: 10,
      eod_order_id: await someId('eod_orders', tenantId, depoId),
    }),
  ],
  [
    'feedbacks',
    async (tenantId, depoId) => ({ tenant_id: tenantId, depo_id: depoId, positive: true, comment: 'Matrix feedback' }),
  ],
];

async function someId(table: string, tenantId: string, depoId: number): Promise<unknown> {
  const { data } = await serviceClient()
    .from(table)
    .select('id')
    .eq('tenant_id', tenantId)
    .eq('depo_id', depoId)
    .limit(1);
  return data?.[0]?.id;
}

export async function ensureHistoryRows(tenantId: string, depoIds: number[]): Promise<void> {
  for (const [table, make] of HISTORY_ROWS) {
    for (const depoId of depoIds) {
      if ((await someId(table, tenantId, depoId)) === undefined)
        await madeByService(table, await make(tenantId, depoId));
    }
  }
}
