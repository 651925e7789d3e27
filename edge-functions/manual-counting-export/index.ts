// The xlsx of a manual counting document: `GET ?tenant=<slug>&document_id=<id>`. The document and its lines are read
// with the caller's JWT through the same functions as its view, so another tenant's, another depo's or a forged id
// answers 404, as the view says Not found.
import { z } from 'npm:zod@4.6.7';
import { preflight } from '../_shared/cors.ts';
import { parseValue, queryObject } from '../_shared/body.ts';
import { authorizeCaller } from '../_shared/caller.ts';
import { exposeHeaders, failure } from '../_shared/http.ts';
import { type Cell, type XlsxColumn, xlsxStream } from '../_shared/xlsx-stream.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const Query = z.object({
  document_id: z.coerce
    .number({ error: 'is invalid' })
    .int({ error: 'is invalid' })
    .positive({ error: 'is invalid' })
    .max(Number.MAX_SAFE_INTEGER),
});

const COLUMNS: XlsxColumn[] = [
  { header: 'Sku', width: 16 },
  { header: 'Description', width: 40 },
  { header: 'Old value', width: 12 },
  { header: 'New value', width: 12 },
  { header: 'Difference', width: 12 },
];

interface LineRow {
  sku: string;
  description: string;
  old_value: number;
  new_value: number | null;
}

async function* once(rows: Cell[][]): AsyncIterable<Cell[][]> {
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
  const id = parsed.data.document_id;

  const header = await caller.client.rpc('manual_counting_document', { p_document_id: id });
  if (header.error) throw new Error(`manual_counting_document failed: ${header.error.message}`);
  const doc = (header.data as Array<{ counted_at: string; warehouse_code: string }>)[0];
  if (!doc) return failure(404, 'Not found');
  const lines = await caller.client.rpc('manual_counting_document_lines', { p_document_id: id });
  if (lines.error) throw new Error(`manual_counting_document_lines failed: ${lines.error.message}`);

  const rows: Cell[][] = (lines.data as LineRow[]).map((line) => [
    line.sku,
    line.description,
    Number(line.old_value),
    line.new_value === null ? null : Number(line.new_value),
    line.new_value === null ? null : Number(line.new_value) - Number(line.old_value),
  ]);
  const body = xlsxStream({ sheetName: 'Manual counting', columns: COLUMNS, rows: once(rows) });
  const fileName = `manual_counting_${doc.warehouse_code.replace(/[^A-Za-z0-9_-]/g, '_')}_${doc.counted_at}_${id}.xlsx`;
  return new Response(body, {
    headers: {
      ...exposeHeaders(['Content-Disposition']),
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
});
