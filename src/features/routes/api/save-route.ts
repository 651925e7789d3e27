import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import type { TablesInsert, TablesUpdate } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { RouteRow } from '../route-form-values';
import { routeDetailKey } from './get-route';
import { routeListsKey } from './get-routes';

export function createRoute(route: TablesInsert<'routes'>): Promise<RouteRow> {
  return runQuery(supabase.from('routes').insert(route).select('*').single());
}

export function updateRoute({ id, changes }: { id: number; changes: TablesUpdate<'routes'> }): Promise<RouteRow> {
  return runQuery(supabase.from('routes').update(changes).eq('id', id).select('*').single());
}

/** The saved route becomes the cached one and its depo's lists load anew. */
export function useRouteSaved(slug: string) {
  const queryClient = useQueryClient();
  return (route: RouteRow) => {
    queryClient.setQueryData(routeDetailKey(slug, route.id), route);
    void queryClient.invalidateQueries({ queryKey: routeListsKey(slug, route.depo_id) });
  };
}

export function useCreateRoute(slug: string) {
  const saved = useRouteSaved(slug);
  return useMutation({ mutationFn: createRoute, onSuccess: saved });
}

export function useUpdateRoute(slug: string) {
  const saved = useRouteSaved(slug);
  return useMutation({ mutationFn: updateRoute, onSuccess: saved });
}
