import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

// The answer of public.planning_dashboard (migration 20261128030300_planning_dashboard.sql), checked at the edge:
// the function returns jsonb, so the generated types say only `Json`.
const plannedRouteSchema = z.object({
  plan_event_id: z.number(),
  route_id: z.number(),
  route_name: z.string(),
  /** The route's minimum efficient sales count; 0 is no quota. */
  quota: z.number(),
  car_internal_number: z.string(),
  driver_name: z.string().nullable(),
  planned_stops: z.number(),
  visited_stops: z.number(),
});

const smsStopSchema = z.object({
  plan_event_id: z.number(),
  route_name: z.string(),
  stop_id: z.number(),
  position: z.number(),
  address: z.string().nullable(),
  estimate: z.string().nullable(),
  receivers: z.number(),
  sent: z.number(),
  skipped: z.number(),
});

const planningDashboardSchema = z.object({
  date: z.string(),
  routes: z.array(plannedRouteSchema),
  sms_stops: z.array(smsStopSchema),
});

export type PlanningDashboard = z.infer<typeof planningDashboardSchema>;
export type PlannedRoute = z.infer<typeof plannedRouteSchema>;
export type SmsStop = z.infer<typeof smsStopSchema>;

export async function getPlanningDashboard(depoId: number): Promise<PlanningDashboard> {
  return planningDashboardSchema.parse(await runQuery(supabase.rpc('planning_dashboard', { depo_id: depoId })));
}

export const planningDashboardQueryOptions = (slug: string, depoId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('planning-dashboard').list({}),
    queryFn: () => getPlanningDashboard(depoId),
    // SMS go out through the day: a minute-old picture is fine for a home page.
    staleTime: 60_000,
  });
