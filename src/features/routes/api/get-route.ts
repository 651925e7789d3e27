import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { RouteRow } from '../route-form-values';

/** One route of the depo to edit; "Not found" when it does not exist, is in another depo or RLS hides it. */
export function getRoute(depoId: number, routeId: number): Promise<RouteRow> {
  return runQuery(supabase.from('routes').select('*').eq('id', routeId).eq('depo_id', depoId).single());
}

export const routeDetailKey = (slug: string, routeId: number) =>
  queryKeys.tenant(slug).resource('routes').detail(routeId);

export const routeQueryOptions = (slug: string, depoId: number, routeId: number) =>
  queryOptions({ queryKey: routeDetailKey(slug, routeId), queryFn: () => getRoute(depoId, routeId) });

export const useRoute = (slug: string, depoId: number, routeId: number) =>
  useQuery(routeQueryOptions(slug, depoId, routeId));
