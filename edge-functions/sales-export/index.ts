// Downloads of the EOD list (delivery-operations §7 "Downloads"): `GET ?tenant=<slug>&depo_id=&start_date=&end_date=
// &kind=sales|product_transfers[&car_ids[]=..][&order_ids[]=..]` streams a CSV of the depo's POS order lines (sales)
// or stock transfer lines, at most 30 days ending with the end date. The rows come page by page (keyset, 1000 a
// page: orders by time, then their lines) through `sales_export_page` / `product_transfer_export_page` with the caller's own JWT, which check the
// depo, the role and the window; the file is written while the next page is read, in bounded memory.
import { z } from 'npm:zod@4.6.7';
import { corsHeaders, preflight } from '../_shared/cors.ts';
import { parseValue, queryObject } from '../_shared/body.ts';
import { authorizeCaller, type Caller } from '../_shared/caller.ts';
import { type CsvCell, csvStream } from '../_shared/csv.ts';
import { exposeHeaders, failure } from '../_shared/http.ts';
import { isCalendarDate } from '../_shared/zoned-time.ts';

const PAGE_SIZE = 1000; // PostgREST's max_rows.
const WINDOW_MESSAGE = 'Maximum 30 days interval can be exported ending with "End date"';

const isoDate = z
  .string({ error: "can't be blank" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'is invalid' })
  .refine(isCalendarDate, { error: 'is invalid' });
const ids = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : String(value).split(',').filter(Boolean)),
  z.array(z.coerce.number().int().positive()).max(1000, { error: 'is too long (maximum is 1000)' }),
);

const Query = z.object({
  kind: z.enum(['sales', 'product_transfers'], { error: 'is not included in the list' }).default('sales'),
  depo_id: z.coerce.number({ error: 'is invalid' }).int({ error: 'is invalid' }).positive({ error: 'is invalid' }),
  start_date: isoDate,
  end_date: isoDate,
  car_ids: ids,
  order_ids: ids,
});
type ExportQuery = z.output<typeof Query>;

interface Page {
  rows: Array<Record<string, unknown> & { line_id: number }>;
  /** The last line's keys: its order's (or transfer's) time and id, and its own id. */
  after: { time: string; orderId: number; id: number } | null;
}

const SALES_HEADER = [
  'Date',
  'Order ID',
  'POS order',
  'EOD report',
  'Car',
  'Route',
  'Category',
  'Product',
  'SKU',
  'Quantity',
  'Amount',
  'Discount',
];
const TRANSFER_HEADER = [
  'Date',
  'Transfer ID',
  'Kind',
  'From warehouse',
  'To warehouse',
  'SKU',
  'Product',
  'Amount',
  'Description',
];

const salesCells = (r: Record<string, unknown>): CsvCell[] =>
  [
    r.local_time,
    r.eod_order_id,
    r.pos_order_id,
    r.report_id,
    r.car,
    r.route,
    r.category,
    r.product,
    r.sku,
    r.quantity,
    r.amount,
    r.discount,
  ] as CsvCell[];
const transferCells = (r: Record<string, unknown>): CsvCell[] =>
  [
    r.local_time,
    r.transfer_id,
    r.kind,
    r.from_warehouse,
    r.to_warehouse,
    r.sku,
    r.product,
    r.amount,
    r.description,
  ] as CsvCell[];

/** One keyset page through the caller's rights; a refusal is thrown with the database's code for the answer. */
async function readPage(caller: Caller, query: ExportQuery, after: Page['after']): Promise<Page> {
  const common = {
    p_depo_id: query.depo_id,
    p_start_date: query.start_date,
    p_end_date: query.end_date,
    p_after_time: after?.time ?? null,
    p_after_order_id: after?.orderId ?? null,
    p_after_id: after?.id ?? null,
    p_limit: PAGE_SIZE,
  };
  const { data, error } =
    query.kind === 'sales'
      ? await caller.client.rpc('sales_export_page', {
          ...common,
          p_car_ids: query.car_ids,
          p_order_ids: query.order_ids,
        })
      : await caller.client.rpc('product_transfer_export_page', common);
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  const rows = data as Page['rows'];
  const last = rows.at(-1);
  const time = last ? String(last.sold_at ?? last.transfered_at) : '';
  const orderId = last ? Number(last.eod_order_id ?? last.transfer_id) : 0;
  return { rows, after: rows.length === PAGE_SIZE && last ? { time, orderId, id: last.line_id } : null };
}

/** Pages after the first, each read while the one before is being written. */
async function* laterPages(
  caller: Caller,
  query: ExportQuery,
  first: Page,
  cells: (r: Record<string, unknown>) => CsvCell[],
): AsyncGenerator<CsvCell[][]> {
  let page: Page | null = first;
  while (page) {
    const next: Promise<Page> | null = page.after ? readPage(caller, query, page.after) : null;
    // A download cancelled mid-way must not leave the prefetch as an unhandled rejection.
    next?.catch(() => undefined);
    if (page.rows.length) yield page.rows.map(cells);
    page = next ? await next : null;
  }
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET') return failure(405, 'Method not allowed');

  const caller = await authorizeCaller(req, ['admin', 'depo_admin', 'support']);
  if (caller instanceof Response) return caller;
  const parsed = parseValue(queryObject(new URL(req.url)), Query);
  if (!parsed.ok) return parsed.response;
  const query = parsed.data;

  // The first page answers the checks (depo, role, window) before any byte of the file is sent.
  let first: Page;
  try {
    first = await readPage(caller, query, null);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'PT404') return failure(404, 'Not found');
    if (code === '22023') return failure(422, WINDOW_MESSAGE);
    throw error;
  }

  const header = query.kind === 'sales' ? SALES_HEADER : TRANSFER_HEADER;
  const body = csvStream(header, laterPages(caller, query, first, query.kind === 'sales' ? salesCells : transferCells));
  const name = `${query.kind === 'sales' ? 'sales' : 'product_transfers'}_${query.start_date}_${query.end_date}.csv`;
  return new Response(body, {
    headers: {
      ...corsHeaders,
      ...exposeHeaders(['Content-Disposition']),
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });
});
