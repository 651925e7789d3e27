import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import type { Database } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import { planEventReportKey } from './plan-event-report';

export type ConvertedRoute = Database['public']['Tables']['routes']['Row'];

export interface ConvertInput {
  planEventId: number;
  /** 'Convert to route with unvisited stops': every stop, not only those the truck visited. */
  withUnvisitedStops: boolean;
}

/** Admins only (the database refuses the others); a second conversion or a taken name is refused with the spec's text. */
export const convertToRoute = ({ planEventId, withUnvisitedStops }: ConvertInput): Promise<ConvertedRoute> =>
  runQuery(supabase.rpc('convert_to_route', { plan_event_id: planEventId, with_unvisited_stops: withUnvisitedStops }));

export function useConvertToRoute(slug: string, depoId: number, planEventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertToRoute,
    // The report shows the chip of the new route (and a refusal may mean another admin converted it meanwhile).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: planEventReportKey(slug, depoId, planEventId) }),
  });
}
