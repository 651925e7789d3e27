import { z } from 'zod';
import { callFunction } from '@/shared/supabase/call-function';

export interface RouteEtaStop {
  lat: number;
  lng: number;
  wait_hours: number;
}

const answerSchema = z.object({ minutes: z.array(z.number()) });

/** Minutes from the first stop to each stop, from the tenant's directions provider (the `route-eta` function). */
export async function fetchRouteEtaMinutes(
  tenantSlug: string,
  routeId: number,
  firstStop: string,
  stops: RouteEtaStop[],
): Promise<number[]> {
  const answer = await callFunction<unknown>('route-eta', {
    method: 'POST',
    query: { tenant: tenantSlug },
    body: { route_id: routeId, first_stop_arrival_time: firstStop, stops },
  });
  return answerSchema.parse(answer).minutes;
}
