import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { queryKeys } from '@/shared/query/query-keys';
import type { RouteRow } from '../route-form-values';
import { useRouteSaved } from './save-route';
import { routeListsKey } from './get-routes';

/** 'Route successfully approved!' (approve_route checks the role and the depo). */
export const approveRoute = (routeId: number): Promise<RouteRow> =>
  runQuery(supabase.rpc('approve_route', { route_id: routeId }));
export const deleteRoute = (routeId: number): Promise<RouteRow> =>
  runQuery(supabase.rpc('delete_route', { route_id: routeId }));
export const undoDeleteRoute = (routeId: number): Promise<RouteRow> =>
  runQuery(supabase.rpc('undo_delete_route', { route_id: routeId }));

export interface CopyRouteInput {
  routeId: number;
  newDepoId: number;
  reverse: boolean;
  /** The same key for a retried copy answers the first copy instead of making a second. */
  requestKey: string;
}

/** Copy, or copy and reverse, into a depo; resolves with the new route. */
export const copyRoute = ({ routeId, newDepoId, reverse, requestKey }: CopyRouteInput): Promise<RouteRow> =>
  runQuery(supabase.rpc('copy_route', { route_id: routeId, new_depo_id: newDepoId, reverse, request_key: requestKey }));

/** A route action whose answer is the route as it is now. */
export function useRouteAction(slug: string, action: (routeId: number) => Promise<RouteRow>) {
  const saved = useRouteSaved(slug);
  return useMutation({ mutationFn: action, onSuccess: saved });
}

export function useCopyRoute(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyRoute,
    onSuccess: (route) => void queryClient.invalidateQueries({ queryKey: routeListsKey(slug, route.depo_id) }),
  });
}

/** What changes with a route's points: its lists (stop counts) and catalogue answers. */
function usePointsChanged(slug: string, depoId: number) {
  const queryClient = useQueryClient();
  return (routeId: number) => {
    void queryClient.invalidateQueries({ queryKey: routeListsKey(slug, depoId) });
    void queryClient.invalidateQueries({
      queryKey: [...queryKeys.tenant(slug).resource('route-catalogue').all, routeId],
    });
  };
}

/** 'Route Point Deleted': the route's points at an address, the rest renumbered. */
export function useDestroyPointsByAddress(slug: string, depoId: number) {
  const changed = usePointsChanged(slug, depoId);
  return useMutation({
    mutationFn: ({ routeId, address }: { routeId: number; address: string }) =>
      runQuery(supabase.rpc('destroy_route_points_by_address', { route_id: routeId, address })),
    onSuccess: (_removed, { routeId }) => changed(routeId),
  });
}

/** 'Route Point created': a point at an address, at the end of the route or at a position. */
export function useCreateRoutePoint(slug: string, depoId: number) {
  const changed = usePointsChanged(slug, depoId);
  return useMutation({
    mutationFn: ({ routeId, address, position }: { routeId: number; address: string; position?: number }) =>
      runQuery(supabase.rpc('create_route_point', { route_id: routeId, address, position })),
    onSuccess: (point) => changed(point.route_id),
  });
}
