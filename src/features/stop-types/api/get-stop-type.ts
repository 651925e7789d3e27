import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { StopTypeRow } from '../stop-type-form-values';

export function getStopType(id: number): Promise<StopTypeRow> {
  return runQuery(supabase.from('stop_types').select('*').eq('id', id).single());
}

export const stopTypeQueryOptions = (slug: string, id: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('stop_types').detail(id),
    queryFn: () => getStopType(id),
  });

export const useStopType = (slug: string, id: number) => useQuery(stopTypeQueryOptions(slug, id));
