import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { saveFile } from '@/shared/files/save-file';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** After an export the list reloads this much later, so Exported at shows the new time (admin-core §4, §9). */
export const EXPORT_RELOAD_DELAY_MS = 500;

const orderIdsSchema = z.array(z.number().int().positive()).min(1);

/** The CSV of the ticked orders, which the database marks exported (`export b2b orders to csv`). */
export async function exportB2bOrdersCsv(orderIds: readonly number[]): Promise<string> {
  const ids = orderIdsSchema.parse([...orderIds]);
  const csv = await runQuery(supabase.rpc('export_b2b_orders_csv', { p_order_ids: ids }));
  return z.string().parse(csv);
}

export function b2bOrdersCsvFileName(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `b2b_orders_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}_${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}

/** Exports, hands the file to the browser, then reloads the list after the delay. */
export function useExportB2bOrdersCsv(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportB2bOrdersCsv,
    onSuccess: (csv) => {
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), b2bOrdersCsvFileName());
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.tenant(slug).resource('b2b_orders').lists() });
      }, EXPORT_RELOAD_DELAY_MS);
    },
  });
}
