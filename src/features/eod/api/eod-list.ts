import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Database } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

export type EodTab = 'unapproved' | 'approved' | 'unmapped';
export const EOD_TABS: ReadonlyArray<{ tab: EodTab; label: string }> = [
  { tab: 'unapproved', label: 'Unapproved' },
  { tab: 'approved', label: 'Approved' },
  { tab: 'unmapped', label: 'Unmapped' },
];

export type EodListRow = Database['public']['Functions']['end_of_day_report_list']['Returns'][number];

export interface EodListFilters {
  tab: EodTab;
  start: string;
  end: string;
  carIds: number[];
  page: number;
}

export const eodKeys = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('end_of_day_reports');

/** One page (25) of the depo's reports on a tab (`GET end_of_day_reports`, its history or unmapped variant). */
export const eodListQueryOptions = (slug: string, depoId: number, filters: EodListFilters) =>
  queryOptions({
    queryKey: eodKeys(slug, depoId).list({ ...filters }),
    queryFn: () =>
      runQuery(
        supabase.rpc('end_of_day_report_list', {
          p_depo_id: depoId,
          p_tab: filters.tab,
          p_start: filters.start,
          p_end: filters.end,
          p_car_ids: filters.carIds,
          p_page: filters.page,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export interface EodCarOption {
  id: number;
  internal_number: string;
}

/** The depo's cars for the filter and the unmapped approval. */
export const eodCarsQueryOptions = (slug: string, depoId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('eod_cars').list(),
    queryFn: (): Promise<EodCarOption[]> =>
      runQuery(
        supabase
          .from('cars')
          .select('id, internal_number')
          .eq('depo_id', depoId)
          .is('deleted_at', null)
          .order('internal_number'),
      ),
    staleTime: 60_000,
  });
