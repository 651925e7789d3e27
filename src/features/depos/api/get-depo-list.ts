import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** The depos of the tenant for the admin list, by id. */
export function getDepoList(tenantId: string) {
  return runQuery(
    supabase.from('depos').select('id, title, address, description').eq('tenant_id', tenantId).order('id'),
  );
}

export type DepoListRow = Awaited<ReturnType<typeof getDepoList>>[number];

export const depoListsKey = (slug: string) => queryKeys.tenant(slug).resource('depos').lists();

export const depoListQueryOptions = (slug: string, tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('depos').list(),
    queryFn: () => getDepoList(tenantId),
  });

export const useDepoList = (slug: string, tenantId: string) => useQuery(depoListQueryOptions(slug, tenantId));
