import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { DepoRow } from '../depo-form-values';

export function getDepo(depoId: number): Promise<DepoRow> {
  return runQuery(supabase.from('depos').select('*').eq('id', depoId).single());
}

export const depoQueryOptions = (slug: string, depoId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('depos').detail(depoId),
    queryFn: () => getDepo(depoId),
  });

export const useDepo = (slug: string, depoId: number) => useQuery(depoQueryOptions(slug, depoId));
