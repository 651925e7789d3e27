import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

const catalogueKey = (slug: string, routeId: number, what: string, args: Record<string, unknown> = {}) =>
  [...queryKeys.tenant(slug).resource('route-catalogue').all, routeId, what, args] as const;

export const getSimilarRoutes = (routeId: number) => runQuery(supabase.rpc('similar_routes', { route_id: routeId }));
export const getRouteCustomers = (routeId: number) => runQuery(supabase.rpc('route_customers', { route_id: routeId }));
export const getUnplannedSales = (routeId: number, startDate: string | null, endDate: string | null) =>
  runQuery(
    supabase.rpc('route_unplanned_sales', {
      route_id: routeId,
      start_date: startDate ?? undefined,
      end_date: endDate ?? undefined,
    }),
  );

export type SimilarRoute = Awaited<ReturnType<typeof getSimilarRoutes>>[number];
export type RouteCustomer = Awaited<ReturnType<typeof getRouteCustomers>>[number];
export type UnplannedSale = Awaited<ReturnType<typeof getUnplannedSales>>[number];

export const similarRoutesQueryOptions = (slug: string, routeId: number) =>
  queryOptions({ queryKey: catalogueKey(slug, routeId, 'similar'), queryFn: () => getSimilarRoutes(routeId) });
export const routeCustomersQueryOptions = (slug: string, routeId: number) =>
  queryOptions({ queryKey: catalogueKey(slug, routeId, 'customers'), queryFn: () => getRouteCustomers(routeId) });
export const unplannedSalesQueryOptions = (
  slug: string,
  routeId: number,
  startDate: string | null,
  endDate: string | null,
) =>
  queryOptions({
    queryKey: catalogueKey(slug, routeId, 'unplanned', { startDate, endDate }),
    queryFn: () => getUnplannedSales(routeId, startDate, endDate),
  });

/** Loaded only once the person opens that part of the page. */
export const useSimilarRoutes = (slug: string, routeId: number, enabled: boolean) =>
  useQuery({ ...similarRoutesQueryOptions(slug, routeId), enabled });
export const useRouteCustomers = (slug: string, routeId: number, enabled: boolean) =>
  useQuery({ ...routeCustomersQueryOptions(slug, routeId), enabled });
export const useUnplannedSales = (
  slug: string,
  routeId: number,
  startDate: string | null,
  endDate: string | null,
  enabled: boolean,
) => useQuery({ ...unplannedSalesQueryOptions(slug, routeId, startDate, endDate), enabled });
