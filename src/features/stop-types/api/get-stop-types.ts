import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { StopTypeRow } from '../stop-type-form-values';

export function getStopTypes(tenantId: string): Promise<StopTypeRow[]> {
  return runQuery(supabase.from('stop_types').select('*').eq('tenant_id', tenantId).order('id'));
}

export const stopTypeListsKey = (slug: string) => queryKeys.tenant(slug).resource('stop_types').lists();

export const stopTypesQueryOptions = (slug: string, tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('stop_types').list(),
    queryFn: () => getStopTypes(tenantId),
  });

export const useStopTypes = (slug: string, tenantId: string) => useQuery(stopTypesQueryOptions(slug, tenantId));
