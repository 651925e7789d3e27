import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { pageRange } from '@/shared/ui/pagination/page-rules';
import { WALLMOB_PAGE_SIZE, wallmobTable, type WallmobKind } from '../wallmob-kinds';

export interface WallmobNumber {
  id: number;
  number: string;
}

/** One page (25) of a number list, newest first, optionally only numbers containing `query`. */
export function getWallmobNumbers(
  tenantId: string,
  kind: WallmobKind,
  query: string,
  page: number,
): Promise<WallmobNumber[]> {
  const { from, to } = pageRange(page, WALLMOB_PAGE_SIZE);
  let builder = supabase.from(wallmobTable[kind]).select('id, number').eq('tenant_id', tenantId);
  if (query.trim() !== '')
    builder = builder.ilike('number', `%${query.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  return runQuery(builder.order('id', { ascending: false }).range(from, to));
}

export const wallmobNumbersQueryOptions = (
  tenant: { slug: string; id: string },
  kind: WallmobKind,
  query: string,
  page: number,
) =>
  queryOptions({
    queryKey: queryKeys.tenant(tenant.slug).resource(wallmobTable[kind]).list({ query, page }),
    queryFn: () => getWallmobNumbers(tenant.id, kind, query, page),
    placeholderData: keepPreviousData,
  });

export function useWallmobNumbers(
  tenant: { slug: string; id: string },
  kind: WallmobKind,
  query: string,
  page: number,
) {
  return useQuery(wallmobNumbersQueryOptions(tenant, kind, query, page));
}
