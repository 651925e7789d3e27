import { createFileRoute } from '@tanstack/react-router';
import { planEventReportQueryOptions, usePlanEventReport } from '@/features/plan-event-report/api/plan-event-report';
import { PlanEventReportPage } from '@/features/plan-event-report/components/plan-event-report-page';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { recordIdParam } from '../../../admin/-components/record-id-param';

// The plan-event report (delivery-operations §2 "/plan_events/{planEventId}"), reached from the support map's
// 'Go to route' and the calendar; who may open it: src/app/staff-routes.ts.
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/plan_events/$planEventId')({
  params: recordIdParam('planEventId'),
  loader: ({ context: { queryClient }, params, cause }) =>
    loadRouteQuery(queryClient, cause, planEventReportQueryOptions(params.tenant, params.depoId, params.planEventId)),
  component: PlanEventReportRoute,
});

function PlanEventReportRoute() {
  const { tenant: slug, depoId, planEventId } = Route.useParams();
  const { tenant, role } = useCurrentMember();
  const report = usePlanEventReport(slug, depoId, planEventId);
  useFlashOnError(report.error);
  return (
    <>
      <QueryState
        what="plan event report"
        isPending={report.isPending}
        error={report.error}
        onRetry={() => void report.refetch()}
      />
      {report.data ? <PlanEventReportPage tenant={tenant} role={role} report={report.data} /> : null}
    </>
  );
}
