import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEodWorld, type EodWorld } from './eod-world.ts';

// The EOD detail's line items through the view eod_report_line_items (migration 20261130040000): the same rows, in
// the same order and pages, as the embed filter the tab used before (kept below as the reference), as the tenant's
// admin sees them through row-level security; another tenant's admin sees none of them.

const LINE_COLUMNS =
  'id, category_name, product_name, wallmob_sku, quantity, total_line_amount, discount, stock_transfer_id, inventory_presence';

let world: EodWorld;
let other: EodWorld;
let reportId: number;
let otherReportId: number;

beforeAll(async () => {
  world = await createEodWorld();
  other = await createEodWorld();
  const trip = await world.trip({ dayOffset: -1 });
  reportId = await world.report(trip.planEventId, [
    { sku: 'EOD-1', quantity: 2 },
    { sku: 'EOD-2', quantity: 1 },
    { sku: 'EOD-3', quantity: 3 },
    { sku: 'EOD-1', quantity: 1 },
  ]);
  // A second report of the same depo: its lines must not leak into the first one's pages.
  otherReportId = await world.report((await world.trip({ dayOffset: -2 })).planEventId, [
    { sku: 'EOD-2', quantity: 4 },
  ]);
}, 60_000);

afterAll(async () => {
  await world?.drop();
  await other?.drop();
});

async function before(id: number, from: number, to: number) {
  const { data, error } = await world.admin
    .from('eod_order_line_items')
    .select(`${LINE_COLUMNS}, eod_orders!inner (end_of_day_report_id)`)
    .eq('eod_orders.end_of_day_report_id', id)
    .order('id')
    .range(from, to);
  if (error) throw error;
  return (data as Array<Record<string, unknown>>).map(({ eod_orders: _embed, ...line }) => line);
}

async function after(client: EodWorld['admin'], id: number, from: number, to: number) {
  const { data, error } = await client
    .from('eod_report_line_items')
    .select(LINE_COLUMNS)
    .eq('end_of_day_report_id', id)
    .order('id')
    .range(from, to);
  if (error) throw error;
  return data as Array<Record<string, unknown>>;
}

describe('EOD detail line items by report', () => {
  it('lists the same lines, page by page, as the embed filter did', async () => {
    const all = await before(reportId, 0, 99);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(await after(world.admin, reportId, 0, 99)).toEqual(all);
    for (const [from, to] of [
      [0, 1],
      [2, 3],
      [4, 5],
    ]) {
      expect(await after(world.admin, reportId, from, to)).toEqual(await before(reportId, from, to));
    }
    expect(await after(world.admin, otherReportId, 0, 99)).toEqual(await before(otherReportId, 0, 99));
    const ids = new Set(all.map((line) => line.id));
    expect((await after(world.admin, otherReportId, 0, 99)).some((line) => ids.has(line.id))).toBe(false);
  });

  it("shows another tenant's admin nothing of the report", async () => {
    expect(await after(other.admin, reportId, 0, 99)).toEqual([]);
  });
});
