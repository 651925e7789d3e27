import { createFileRoute } from '@tanstack/react-router';
import { planEventSmsCustomersQueryOptions } from '@/features/sms-customers/api/sms-customers-queries';
import { PlanEventSmsCustomersPage } from '@/features/sms-customers/components/plan-event-sms-customers-page';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { recordIdParam } from '../../../../../admin/-components/record-id-param';
import { PlanEventSmsRoute } from '../-sms-customers-route';

// SMS customers of a plan event (delivery-operations §2 "/plan_events/{planEventId}/sms_customers"); who may open
// it: the plan-event-report declaration in src/app/staff-routes.ts (every role of the depo).
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/plan_events/$planEventId_/sms_customers/')({
  params: recordIdParam('planEventId'),
  loader: ({ context: { queryClient }, params, cause }) =>
    loadRouteQuery(
      queryClient,
      cause,
      planEventSmsCustomersQueryOptions(params.tenant, params.depoId, params.planEventId),
    ),
  component: SmsCustomersRoute,
});

function SmsCustomersRoute() {
  const { tenant, depoId, planEventId } = Route.useParams();
  return (
    <PlanEventSmsRoute
      slug={tenant}
      depoId={depoId}
      planEventId={planEventId}
      render={(row, role, data) => <PlanEventSmsCustomersPage tenant={row} role={role} data={data} />}
    />
  );
}
