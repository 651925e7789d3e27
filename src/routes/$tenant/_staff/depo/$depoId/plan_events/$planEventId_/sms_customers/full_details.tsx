import { createFileRoute } from '@tanstack/react-router';
import { planEventSmsCustomersQueryOptions } from '@/features/sms-customers/api/sms-customers-queries';
import { SmsFullDetailsPage } from '@/features/sms-customers/components/plan-event-sms-subpages';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { recordIdParam } from '../../../../../admin/-components/record-id-param';
import { PlanEventSmsRoute } from '../-sms-customers-route';

// The full customer details of a plan event's SMS list (delivery-operations §2 ".../sms_customers/full_details").
export const Route = createFileRoute(
  '/$tenant/_staff/depo/$depoId/plan_events/$planEventId_/sms_customers/full_details',
)({
  params: recordIdParam('planEventId'),
  loader: ({ context: { queryClient }, params, cause }) =>
    loadRouteQuery(
      queryClient,
      cause,
      planEventSmsCustomersQueryOptions(params.tenant, params.depoId, params.planEventId),
    ),
  component: FullDetailsRoute,
});

function FullDetailsRoute() {
  const { tenant, depoId, planEventId } = Route.useParams();
  return (
    <PlanEventSmsRoute
      slug={tenant}
      depoId={depoId}
      planEventId={planEventId}
      render={(row, _role, data) => <SmsFullDetailsPage tenant={row} data={data} />}
    />
  );
}
