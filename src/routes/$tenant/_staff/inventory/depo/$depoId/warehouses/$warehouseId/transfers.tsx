import { createFileRoute } from '@tanstack/react-router';
import { WarehouseTransfersTab } from '@/features/inventory/warehouse-show/components/warehouse-transfers-tab';
import { WarehouseShowPage } from '@/features/inventory/warehouse-show/components/warehouse-show-page';
import { warehouseQueryOptions } from '@/features/inventory/warehouses/api/get-warehouse';
import { useCurrentMember } from '@/features/tenants/current-member';
import { recordIdParam } from '../../../../../admin/-components/record-id-param';

/** The warehouse show page's Transfers tab (the spec's filter value `transfers`). */
export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/transfers')({
  params: recordIdParam('warehouseId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(warehouseQueryOptions(params.tenant, params.depoId, params.warehouseId)),
  component: WarehouseTransfersPage,
});

function WarehouseTransfersPage() {
  const { tenant: slug, depoId, warehouseId } = Route.useParams();
  const { tenant } = useCurrentMember();
  return (
    <WarehouseShowPage
      slug={slug}
      depoId={depoId}
      warehouseId={warehouseId}
      tab="transfers"
      timeZone={tenant.time_zone}
    >
      {() => <WarehouseTransfersTab slug={slug} depoId={depoId} warehouseId={warehouseId} tenant={tenant} />}
    </WarehouseShowPage>
  );
}
