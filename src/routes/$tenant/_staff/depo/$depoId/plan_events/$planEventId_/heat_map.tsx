import { createFileRoute } from '@tanstack/react-router';
import { heatMapQueryOptions, useHeatMap } from '@/features/heat-map/api/heat-map';
import { HeatMapPage } from '@/features/heat-map/components/heat-map-page';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { recordIdParam } from '../../../../admin/-components/record-id-param';

// The heat map of a plan event (delivery-operations §2 "/plan_events/{planEventId}/heat_map"), from the report's
// menu; the report's declaration in src/app/staff-routes.ts covers it (every role of the depo).
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/plan_events/$planEventId_/heat_map')({
  params: recordIdParam('planEventId'),
  loader: ({ context: { queryClient }, params, cause }) =>
    loadRouteQuery(queryClient, cause, heatMapQueryOptions(params.tenant, params.depoId, params.planEventId)),
  component: HeatMapRoute,
});

function HeatMapRoute() {
  const { tenant: slug, depoId, planEventId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const heatMap = useHeatMap(slug, depoId, planEventId);
  useFlashOnError(heatMap.error);
  return (
    <>
      <QueryState
        what="heat map"
        isPending={heatMap.isPending}
        error={heatMap.error}
        onRetry={() => void heatMap.refetch()}
      />
      {heatMap.data ? <HeatMapPage tenant={{ ...tenant, slug }} heatMap={heatMap.data} /> : null}
    </>
  );
}
