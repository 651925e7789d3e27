import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** Other live routes stopping at or near a point (the point's "alternative active routes"). */
export const alternativeRoutesQueryOptions = (slug: string, pointId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('route_point_alternatives').detail(pointId),
    queryFn: () => runQuery(supabase.rpc('route_point_alternative_routes', { route_point_id: pointId })),
  });

/** Live routes of a depo to move points to (this one left out by the caller). */
export const depoRoutesQueryOptions = (slug: string, depoId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('routes').list({ for: 'move' }),
    queryFn: () =>
      runQuery(supabase.from('routes').select('id, name').eq('depo_id', depoId).is('deleted_at', null).order('name')),
  });
