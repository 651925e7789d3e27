import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, serviceClient } from '../support/clients.ts';
import { demoMember, type DemoMember } from './roles.ts';

// The B2B orders CSV export (migration 20261122021130_b2b_orders_csv_export.sql).

interface Order {
  id: number;
  customer_number: string;
  date: string;
  shop_name: string;
  total_revenue: number;
  total_discount: number;
  total_quantity: number;
  exported_at: string | null;
  b2b_order_line_items: Array<{
    id: number;
    category_name: string | null;
    product_name: string;
    quantity: number;
    total_line_amount: number;
    discount: number;
  }>;
}

const HEADER =
  'order id,Customer ID,Date,Shop name,Total revenue,Total discount,Total quantity,Category name,Product name,Quantity,Total line amount,Discount';

let admin: DemoMember;
let support: DemoMember;
let orders: Order[];

beforeAll(async () => {
  [admin, support] = await Promise.all([demoMember('hjem-is', 'admin'), demoMember('hjem-is', 'support')]);
  const { data, error } = await admin.client
    .from('b2b_orders')
    .select('*, b2b_order_line_items(*)')
    .eq('tenant_id', admin.tenantId)
    .is('exported_at', null)
    .order('date', { ascending: false })
    .order('id', { ascending: false })
    .limit(2);
  if (error) throw error;
  orders = data as Order[];
});

afterAll(async () => {
  // Leave the demo orders as they were.
  for (const order of orders ?? [])
    await serviceClient().from('b2b_orders').update({ exported_at: null }).eq('id', order.id);
  for (const member of [admin, support]) await member?.client.auth.signOut({ scope: 'local' });
});

describe('the B2B orders export', () => {
  it('gives the ticked orders as CSV, a line per line item, and marks them exported', async () => {
    expect(orders).toHaveLength(2);
    const before = Date.now();
    const { data: csv, error } = await admin.client.rpc('export_b2b_orders_csv', {
      p_order_ids: orders.map((o) => o.id),
    });
    expect(error).toBeNull();
    const lines = (csv as string).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(HEADER);
    const fixed = (n: number) => n.toFixed(2);
    const expected = orders.flatMap((o) =>
      [...o.b2b_order_line_items]
        .sort((a, b) => a.id - b.id)
        .map((li) =>
          [
            o.id,
            o.customer_number,
            o.date,
            o.shop_name,
            fixed(o.total_revenue),
            fixed(o.total_discount),
            fixed(o.total_quantity),
            li.category_name ?? '',
            li.product_name,
            fixed(li.quantity),
            fixed(li.total_line_amount),
            fixed(li.discount),
          ].join(','),
        ),
    );
    expect(lines.slice(1, -1)).toEqual(expected);

    const { data: after } = await admin.client
      .from('b2b_orders')
      .select('id, exported_at')
      .in(
        'id',
        orders.map((o) => o.id),
      );
    for (const row of after!)
      expect(new Date(row.exported_at as string).getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('exports nothing for a member who may read orders but not change them', async () => {
    const { data: order } = await serviceClient()
      .from('b2b_orders')
      .select('id, exported_at')
      .eq('id', orders[0].id)
      .single();
    const { error } = await support.client.rpc('export_b2b_orders_csv', { p_order_ids: [orders[0].id] });
    expect(error?.code).toBe('42501');
    const { data: same } = await serviceClient()
      .from('b2b_orders')
      .select('exported_at')
      .eq('id', orders[0].id)
      .single();
    expect(same!.exported_at).toBe(order!.exported_at);
  });

  it('quotes fields as RFC 4180 says and keeps spreadsheet formulas from running', async () => {
    const { rows } = await asPostgres((db) =>
      db.query<
        Record<string, string>
      >(`select app_private.csv_field('Kiosk, "Nord"') as quoted, app_private.csv_field('=HYPERLINK("x")') as formula,
                                              app_private.csv_field('-5', false) as number, app_private.csv_field(null) as empty,
                                              app_private.csv_field(E'two\\nlines') as multiline`),
    );
    expect(rows[0]).toEqual({
      quoted: '"Kiosk, ""Nord"""',
      formula: `"'=HYPERLINK(""x"")"`,
      number: '-5',
      empty: '',
      multiline: '"two\nlines"',
    });
  });
});
