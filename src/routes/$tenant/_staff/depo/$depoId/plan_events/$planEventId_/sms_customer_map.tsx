import { createFileRoute } from '@tanstack/react-router';
import { planEventSmsCustomersQueryOptions } from '@/features/sms-customers/api/sms-customers-queries';
import { SmsCustomerMapPage } from '@/features/sms-customers/components/plan-event-sms-subpages';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { recordIdParam } from '../../../../admin/-components/record-id-param';
import { PlanEventSmsRoute } from './-sms-customers-route';

// The SMS customer map of a plan event (delivery-operations §2 "/plan_events/{planEventId}/sms_customer_map").
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/plan_events/$planEventId_/sms_customer_map')({
  params: recordIdParam('planEventId'),
  loader: ({ context: { queryClient }, params, cause }) =>
    loadRouteQuery(
      queryClient,
      cause,
      planEventSmsCustomersQueryOptions(params.tenant, params.depoId, params.planEventId),
    ),
  component: CustomerMapRoute,
});

function CustomerMapRoute() {
  const { tenant, depoId, planEventId } = Route.useParams();
  return (
    <PlanEventSmsRoute
      slug={tenant}
      depoId={depoId}
      planEventId={planEventId}
      render={(row, _role, data) => <SmsCustomerMapPage tenant={row} data={data} />}
    />
  );
}
