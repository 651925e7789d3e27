import { createFileRoute } from '@tanstack/react-router';
import { WarehouseShowPage } from '@/features/inventory/warehouse-show/components/warehouse-show-page';
import { ManualCountingsTab } from '@/features/inventory/manual-counting/components/manual-countings-tab';
import { warehouseQueryOptions } from '@/features/inventory/warehouses/api/get-warehouse';
import { useCurrentMember } from '@/features/tenants/current-member';
import { recordIdParam } from '../../../../../admin/-components/record-id-param';

/** The warehouse show page's Manual Counting tab (the spec's filter value `manual_countings`). */
export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/manual_countings')(
  {
    params: recordIdParam('warehouseId'),
    loader: ({ context: { queryClient }, params }) =>
      queryClient.ensureQueryData(warehouseQueryOptions(params.tenant, params.depoId, params.warehouseId)),
    component: WarehouseCountingsPage,
  },
);

function WarehouseCountingsPage() {
  const { tenant: slug, depoId, warehouseId } = Route.useParams();
  const { tenant } = useCurrentMember();
  return (
    <WarehouseShowPage
      slug={slug}
      depoId={depoId}
      warehouseId={warehouseId}
      tab="manual_countings"
      timeZone={tenant.time_zone}
    >
      {() => <ManualCountingsTab slug={slug} depoId={depoId} warehouseId={warehouseId} tenant={tenant} />}
    </WarehouseShowPage>
  );
}
