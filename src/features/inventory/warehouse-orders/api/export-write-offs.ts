import { env } from '@/shared/config/env';
import type { DateRange } from '@/shared/dates/calendar-date';
import { fileNameFromDisposition } from '@/shared/files/content-disposition';
import { saveFile } from '@/shared/files/save-file';
import { accessToken } from '@/shared/supabase/client';
import { RequestError, requestPath } from '@/shared/supabase/request-error';

/** The write-off export (spec §7: from_warehouses, start_date, end_date) from the `write-off-export` function. */
export async function exportWriteOffs(
  slug: string,
  depoId: number,
  fromWarehouseIds: number[],
  range: DateRange,
): Promise<void> {
  const query = new URLSearchParams({
    tenant: slug,
    depo_id: String(depoId),
    start_date: range.start,
    end_date: range.end,
  });
  for (const id of fromWarehouseIds) query.append('from_warehouses[]', String(id));
  const url = `${env.supabaseUrl}/functions/v1/write-off-export?${query.toString()}`;
  const response = await fetch(url, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${await accessToken()}` },
  });
  if (!response.ok) {
    throw new RequestError({
      message: response.status === 404 ? 'Not found' : response.statusText,
      status: response.status,
      path: requestPath(url),
    });
  }
  saveFile(
    await response.blob(),
    fileNameFromDisposition(response.headers.get('Content-Disposition'), 'write_offs.xlsx'),
  );
}
