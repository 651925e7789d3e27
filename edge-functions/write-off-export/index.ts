// The write-off export of the warehouse orders list (inventory spec §2.1, §7): `GET ?tenant=<slug>&depo_id=&start_date=
// &end_date=&from_warehouses[]=` answers an xlsx of the depo's write-off transfer lines in those days, read with the
// caller's JWT. Only tenants with `has_write_off_export` have it (else 404, as for another depo).
import { z } from 'npm:zod@4.6.7';
import { preflight } from '../_shared/cors.ts';
import { parseValue, queryObject } from '../_shared/body.ts';
import { authorizeCaller } from '../_shared/caller.ts';
import { exposeHeaders, failure } from '../_shared/http.ts';
import { isCalendarDate } from '../_shared/zoned-time.ts';
import { type Cell, type XlsxColumn, xlsxStream } from '../_shared/xlsx-stream.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// A real day: `9999-99-99` passes the pattern, and Postgres's refusal of it was a 500 (found by the fuzzing).
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'is invalid' })
  .refine(isCalendarDate, { error: 'is invalid' });
const id = z.coerce
  .number({ error: 'is invalid' })
  .int({ error: 'is invalid' })
  .positive({ error: 'is invalid' })
  .max(Number.MAX_SAFE_INTEGER);

const Query = z.object({
  depo_id: id,
  start_date: isoDate,
  end_date: isoDate,
  from_warehouses: z.array(id).max(500, { error: 'is invalid' }).default([]),
});

const COLUMNS: XlsxColumn[] = [
  { header: 'Transfer', width: 10 },
  { header: 'Transfered at', width: 20 },
  { header: 'Warehouse code', width: 16 },
  { header: 'Warehouse', width: 24 },
  { header: 'Sku', width: 16 },
  { header: 'Description', width: 36 },
  { header: 'Amount', width: 10 },
  { header: 'Reason', width: 30 },
  { header: 'Created by', width: 24 },
];

interface Row {
  transfer_id: number;
  transfered_at: string;
  warehouse_code: string | null;
  warehouse_name: string | null;
  sku: string;
  description: string;
  amount: number;
  description_of_transfer: string | null;
  created_by_name: string | null;
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
  const query = parsed.data;
  const { data: flag } = await caller.service
    .from('tenants')
    .select('has_write_off_export')
    .eq('id', caller.tenant.id)
    .single<{ has_write_off_export: boolean }>();
  if (!flag?.has_write_off_export) return failure(404, 'Not found');

  const { data, error } = await caller.client.rpc('write_off_export_rows', {
    p_depo_id: query.depo_id,
    p_start_date: query.start_date,
    p_end_date: query.end_date,
    p_from_warehouse_ids: query.from_warehouses,
  });
  if (error) throw new Error(`write_off_export_rows failed: ${error.message}`);
  const rows: Cell[][] = (data as Row[]).map((r) => [
    r.transfer_id,
    r.transfered_at.slice(0, 19).replace('T', ' '),
    r.warehouse_code,
    r.warehouse_name,
    r.sku,
    r.description,
    Number(r.amount),
    r.description_of_transfer,
    r.created_by_name,
  ]);
  const body = xlsxStream({ sheetName: 'Write offs', columns: COLUMNS, rows: once(rows) });
  return new Response(body, {
    headers: {
      ...exposeHeaders(['Content-Disposition']),
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename="write_offs_${query.start_date}_${query.end_date}.xlsx"`,
      'Cache-Control': 'no-store',
    },
  });
});
