import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { RouteFilter } from '../route-filters';

/** The routes of a depo under a filter, with their stop counts (RLS decides what the caller sees). */
export function getRoutes(depoId: number, filter: RouteFilter) {
  return runQuery(supabase.rpc('depo_route_list', { p_depo_id: depoId, p_filter: filter }));
}

export type RouteListRow = Awaited<ReturnType<typeof getRoutes>>[number];

/** Every route list of the depo, whatever its filter: what a save or an action invalidates. */
export const routeListsKey = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('routes').lists();

export const routesQueryOptions = (slug: string, depoId: number, filter: RouteFilter) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('routes').list({ filter }),
    queryFn: () => getRoutes(depoId, filter),
  });

export const useRoutes = (slug: string, depoId: number, filter: RouteFilter) =>
  useQuery(routesQueryOptions(slug, depoId, filter));
