import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { planEventReportSchema, type PlanEventReport } from './plan-event-report-data';

export async function getPlanEventReport(slug: string, planEventId: number): Promise<PlanEventReport> {
  const data = await runQuery(supabase.rpc('plan_event_report', { tenant_slug: slug, plan_event_id: planEventId }));
  return planEventReportSchema.parse(data);
}

export const planEventReportKey = (slug: string, depoId: number, planEventId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('plan-event-report').detail(planEventId);

export const planEventReportQueryOptions = (slug: string, depoId: number, planEventId: number) =>
  queryOptions({
    queryKey: planEventReportKey(slug, depoId, planEventId),
    queryFn: () => getPlanEventReport(slug, planEventId),
  });

export const usePlanEventReport = (slug: string, depoId: number, planEventId: number) =>
  useQuery(planEventReportQueryOptions(slug, depoId, planEventId));

export type { PlanEventReport, ReportHeader, ReportStop } from './plan-event-report-data';
