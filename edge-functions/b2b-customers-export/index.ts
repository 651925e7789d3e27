// The xlsx export of the B2B customers list: `GET ?tenant=<slug>&status=&depo=&search_phrase=&tab=` streams a
// workbook of exactly the customers the list shows for those filters (same SQL filter, the caller's rights).
// The row count comes first, in `X-Total-Rows`, so the browser can show progress while it reads the stream.
import { z } from 'npm:zod@4.6.7';
import { preflight } from '../_shared/cors.ts';
import { parseValue, queryObject } from '../_shared/body.ts';
import { authorizeCaller, type Caller } from '../_shared/caller.ts';
import { exposeHeaders, failure } from '../_shared/http.ts';
import { type Cell, type XlsxColumn, xlsxStream } from '../_shared/xlsx-stream.ts';

const PAGE_SIZE = 1000; // PostgREST's max_rows: one database round trip per page.
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TABS = ['all', 'in_route', 'not_in_route', 'in_calendar', 'not_in_calendar'] as const;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const Query = z.object({
  // Like the list: no status parameter means Active; an empty one (or "all") means any status.
  status: z
    .preprocess(
      (value) => (value === 'all' ? '' : value),
      z.enum(['active', 'inactive', ''], { error: 'is not included in the list' }),
    )
    .default('active'),
  depo: z
    .preprocess(
      blankToNull,
      z.coerce
        .number({ error: 'is invalid' })
        .int({ error: 'is invalid' })
        .positive({ error: 'is invalid' })
        .nullable(),
    )
    .optional(),
  depo_id: z
    .preprocess(
      blankToNull,
      z.coerce
        .number({ error: 'is invalid' })
        .int({ error: 'is invalid' })
        .positive({ error: 'is invalid' })
        .nullable(),
    )
    .optional(),
  search_phrase: z.string().trim().max(200, { error: 'is too long (maximum is 200 characters)' }).default(''),
  tab: z.preprocess(blankToNull, z.enum(TABS, { error: 'is not included in the list' }).nullable()).default('all'),
});

const COLUMNS: XlsxColumn[] = [
  { header: 'Shop ID', width: 12 },
  { header: 'Segmentation', width: 14 },
  { header: 'Customer Name', width: 32 },
  { header: 'Account Number', width: 16 },
  { header: 'Address', width: 36 },
  { header: 'Zip code', width: 10 },
  { header: 'Phone', width: 18 },
  { header: 'Depos', width: 20 },
  { header: 'Next visit dates', width: 28 },
  { header: 'Routes', width: 28 },
];

interface ExportRow {
  id: number;
  shop_id: string | null;
  segmentation: string | null;
  customer_name: string;
  customer_number: string;
  address: string | null;
  zip_code: string | null;
  phone: string;
  depos: string[];
  next_visit_dates: string[];
  routes: string[];
}

interface Filter {
  p_tenant_id: string;
  p_search_phrase: string | null;
  p_depo_id: number | null;
  p_tab: string;
  p_status: string | null;
}

/** `YYYY-MM-DD` in the tenant's date format (DD-MM-YYYY, DD.MM.YYYY, DDMMYY or as is). */
function formatDate(iso: string, format: string): string {
  const [year, month, day] = iso.split('-');
  if (format === 'DD-MM-YYYY') return `${day}-${month}-${year}`;
  if (format === 'DD.MM.YYYY') return `${day}.${month}.${year}`;
  if (format === 'DDMMYY') return `${day}${month}${year.slice(2)}`;
  return iso;
}

function toCells(row: ExportRow, dateFormat: string): Cell[] {
  return [
    row.shop_id,
    row.segmentation,
    row.customer_name,
    row.customer_number,
    row.address,
    row.zip_code,
    row.phone,
    row.depos.join(', '),
    row.next_visit_dates.map((date) => formatDate(date, dateFormat)).join(', '),
    row.routes.join(', '),
  ];
}

/** The filtered list page by page (keyset on name and id); the next page is fetched while this one is written. */
async function* exportRows(caller: Caller, filter: Filter): AsyncGenerator<Cell[][]> {
  const fetchPage = async (after: ExportRow | null): Promise<ExportRow[]> => {
    const { data, error } = await caller.client.rpc('b2b_customers_export_page', {
      ...filter,
      p_after_name: after?.customer_name ?? null,
      p_after_id: after?.id ?? null,
      p_limit: PAGE_SIZE,
    });
    if (error) throw new Error(`b2b_customers_export_page failed: ${error.message}`);
    return data as ExportRow[];
  };
  // A prefetch still running when the download is cancelled must not become an unhandled rejection.
  const prefetch = (after: ExportRow | null) => {
    const page = fetchPage(after);
    page.catch(() => undefined);
    return page;
  };
  let pending: Promise<ExportRow[]> | null = prefetch(null);
  while (pending) {
    const rows: ExportRow[] = await pending;
    pending = rows.length === PAGE_SIZE ? prefetch(rows[rows.length - 1]) : null;
    if (rows.length) yield rows.map((row) => toCells(row, caller.tenant.date_format));
  }
}

/** Today in the tenant's time zone, as YYYY-MM-DD, for the file name. */
function tenantToday(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
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

  const filter: Filter = {
    p_tenant_id: caller.tenant.id,
    p_search_phrase: query.search_phrase || null,
    p_depo_id: query.depo ?? query.depo_id ?? null,
    p_tab: query.tab ?? 'all',
    p_status: query.status || null,
  };
  const { data: total, error } = await caller.client.rpc('b2b_customers_export_count', filter);
  if (error) throw new Error(`b2b_customers_export_count failed: ${error.message}`);

  const body = xlsxStream({ sheetName: 'B2B Customers', columns: COLUMNS, rows: exportRows(caller, filter) });
  return new Response(body, {
    headers: {
      ...exposeHeaders(['Content-Disposition', 'X-Total-Rows']),
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename="b2b_customers_${tenantToday(caller.tenant.time_zone)}.xlsx"`,
      'X-Total-Rows': String(total),
      'Cache-Control': 'no-store',
    },
  });
});
