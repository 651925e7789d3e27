// The xlsx export of one stock order or stock transfer (inventory spec §2.1 Export, §7 "xlsx exports of order,
// transfer"): `GET ?tenant=<slug>&document=order|transfer&id=<id>` answers a workbook of its lines, read with the
// caller's own rights (row-level security), so another tenant's or depo's document is 'Not found'.
import { z } from 'npm:zod@4.6.7';
import { preflight } from '../_shared/cors.ts';
import { parseValue, queryObject } from '../_shared/body.ts';
import { authorizeCaller } from '../_shared/caller.ts';
import { exposeHeaders, failure } from '../_shared/http.ts';
import { type Cell, type XlsxColumn, xlsxStream } from '../_shared/xlsx-stream.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const Query = z.object({
  document: z.enum(['order', 'transfer'], { error: 'is not included in the list' }),
  id: z.coerce
    .number({ error: 'is invalid' })
    .int({ error: 'is invalid' })
    .positive({ error: 'is invalid' })
    .max(Number.MAX_SAFE_INTEGER),
});

interface Line {
  amount: number;
  packaged_amount: number | null;
  received_amount?: number | null;
  product: { sku: string; description: string } | null;
}

const COLUMNS: Record<'order' | 'transfer', XlsxColumn[]> = {
  order: [
    { header: 'SKU', width: 16 },
    { header: 'Description', width: 36 },
    { header: 'Packages', width: 10 },
    { header: 'Amount', width: 10 },
    { header: 'Received amount', width: 16 },
  ],
  transfer: [
    { header: 'SKU', width: 16 },
    { header: 'Description', width: 36 },
    { header: 'Packages', width: 10 },
    { header: 'Amount', width: 10 },
  ],
};

async function* once(rows: Cell[][]): AsyncGenerator<Cell[][]> {
  yield rows;
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET') return failure(405, 'Method not allowed');

  const caller = await authorizeCaller(req, ['admin', 'depo_admin', 'support']);
  if (caller instanceof Response) return caller;
  const parsed = parseValue(queryObject(new URL(req.url)), Query);
  if (!parsed.ok) return parsed.response;
  const { document, id } = parsed.data;

  const lineColumns =
    document === 'order'
      ? 'amount, packaged_amount, received_amount, product:products(sku, description)'
      : 'amount, packaged_amount, product:products(sku, description)';
  const table = document === 'order' ? 'stock_order_line_items' : 'stock_transfer_line_items';
  const { data, error } = await caller.client
    .from(document === 'order' ? 'stock_orders' : 'stock_transfers')
    .select(`id, lines:${table}(${lineColumns})`)
    .eq('tenant_id', caller.tenant.id)
    .eq('id', id)
    .order('product_id', { referencedTable: 'lines' })
    .maybeSingle();
  if (error) throw new Error(`reading the ${document} failed: ${error.message}`);
  if (!data) return failure(404, 'Not found');

  const lines = (data as unknown as { lines: Line[] }).lines;
  const rows: Cell[][] = lines.map((line) => {
    const cells: Cell[] = [line.product?.sku, line.product?.description, line.packaged_amount, line.amount];
    return document === 'order' ? [...cells, line.received_amount] : cells;
  });
  const body = xlsxStream({
    sheetName: document === 'order' ? 'Stock order' : 'Stock transfer',
    columns: COLUMNS[document],
    rows: once(rows),
  });
  return new Response(body, {
    headers: {
      ...exposeHeaders(['Content-Disposition']),
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename="stock_${document}_${id}.xlsx"`,
      'Cache-Control': 'no-store',
    },
  });
});
