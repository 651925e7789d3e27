import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { routePointsDataSchema, type RoutePointsData } from './route-points-data';

export interface RoutePointsPeriod {
  /** ISO dates; the unplanned sales shown are those of this period. */
  start: string | null;
  end: string | null;
}

export async function getRoutePoints(routeId: number, period: RoutePointsPeriod): Promise<RoutePointsData> {
  const data = await runQuery(
    supabase.rpc('route_points_for_editor', {
      route_id: routeId,
      start_date: period.start ?? undefined,
      end_date: period.end ?? undefined,
    }),
  );
  return routePointsDataSchema.parse(data);
}

export const routePointsKey = (slug: string, depoId: number, routeId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('route_points').detail(routeId);

export const routePointsQueryOptions = (slug: string, depoId: number, routeId: number, period: RoutePointsPeriod) =>
  queryOptions({
    queryKey: [...routePointsKey(slug, depoId, routeId), period],
    queryFn: () => getRoutePoints(routeId, period),
    // The editor keeps what was loaded until the person saves or cancels: a refetch must not replace their edits.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useRoutePoints = (slug: string, depoId: number, routeId: number, period: RoutePointsPeriod) =>
  useQuery(routePointsQueryOptions(slug, depoId, routeId, period));
