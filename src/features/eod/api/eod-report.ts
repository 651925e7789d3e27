import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import type { TablesUpdate } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { EditedField, EodReport } from '../eod-sections';
import { eodKeys } from './eod-list';

/** A whole report (every amount with its edited_ and final_ twin), for its expanded sections and the detail title. */
export const eodReportQueryOptions = (slug: string, depoId: number, reportId: number) =>
  queryOptions({
    queryKey: eodKeys(slug, depoId).detail(reportId),
    queryFn: (): Promise<EodReport> =>
      runQuery(supabase.from('end_of_day_reports').select('*').eq('id', reportId).single()),
  });

/** Save: only the edited_ fields and the bag number (`PATCH end_of_day_report`); the database derives the rest. */
export type EodEdits = Partial<Record<EditedField, number | null>> & { bag_number?: string | null };

export function useSaveEodReport(slug: string, depoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edits }: { id: number; edits: EodEdits }): Promise<EodReport> =>
      runQuery(
        supabase
          .from('end_of_day_reports')
          .update(edits satisfies TablesUpdate<'end_of_day_reports'>)
          .eq('id', id)
          .select('*')
          .single(),
      ),
    // Only after a save: a refused one keeps the open report (its edits, the dialog) as it is.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eodKeys(slug, depoId).all }),
  });
}
