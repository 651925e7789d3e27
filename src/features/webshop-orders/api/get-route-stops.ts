import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** Plan events of the depo from a day on (the change-route picker), with their route's name. */
export async function getPlanEventChoices(depoId: number, fromDate: string) {
  return runQuery(
    supabase
      .from('plan_events')
      .select('id, date, route:routes!plan_events_route_id_same_depo_fkey(name)')
      .eq('depo_id', depoId)
      .gte('date', fromDate)
      .order('date')
      .order('id')
      .limit(1000),
  );
}

export const usePlanEventChoices = (slug: string, depoId: number, fromDate: string) =>
  useQuery({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('order_plan_events').list({ fromDate }),
    queryFn: () => getPlanEventChoices(depoId, fromDate),
  });

/** The stops of a plan event in order, with their current arrival estimate (`small_route_points_data`). */
export async function getPlanEventStops(planEventId: number) {
  return runQuery(
    supabase
      .from('plan_event_route_points')
      .select('id, position, address, google_estimate_time')
      .eq('plan_event_id', planEventId)
      .order('position'),
  );
}

export type PlanEventStop = Awaited<ReturnType<typeof getPlanEventStops>>[number];

export const usePlanEventStops = (slug: string, depoId: number, planEventId: number | null) =>
  useQuery({
    queryKey: queryKeys
      .tenant(slug)
      .depo(depoId)
      .resource('order_plan_event_stops')
      .detail(planEventId ?? 0),
    queryFn: () => getPlanEventStops(planEventId!),
    enabled: planEventId !== null,
  });
