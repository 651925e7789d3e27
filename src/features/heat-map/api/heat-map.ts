import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { heatMapSchema, type HeatMapData } from './heat-map-data';

export async function getHeatMap(slug: string, planEventId: number): Promise<HeatMapData> {
  const data = await runQuery(supabase.rpc('plan_event_heat_map', { tenant_slug: slug, plan_event_id: planEventId }));
  return heatMapSchema.parse(data);
}

export const heatMapQueryOptions = (slug: string, depoId: number, planEventId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('plan-event-heat-map').detail(planEventId),
    queryFn: () => getHeatMap(slug, planEventId),
    // History does not change while one looks at it.
    staleTime: 5 * 60_000,
  });

export const useHeatMap = (slug: string, depoId: number, planEventId: number) =>
  useQuery(heatMapQueryOptions(slug, depoId, planEventId));

export type { HeatMapData, HeatMapPoint } from './heat-map-data';
