import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Tables } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

export type DepoSummary = Pick<Tables<'depos'>, 'id' | 'title'>;

/** Every depo of the tenant, by title (members may read them all; who works where is filtered after). */
export function getDepos(tenantId: string): Promise<DepoSummary[]> {
  return runQuery(supabase.from('depos').select('id, title').eq('tenant_id', tenantId).order('title'));
}

export const deposQueryOptions = (slug: string, tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depos(),
    queryFn: () => getDepos(tenantId),
    staleTime: 5 * 60_000,
  });
