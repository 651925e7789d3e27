import { createFileRoute } from '@tanstack/react-router';
import { WarehouseOrdersTab } from '@/features/inventory/warehouse-show/components/warehouse-orders-tab';
import { WarehouseShowPage } from '@/features/inventory/warehouse-show/components/warehouse-show-page';
import { warehouseQueryOptions } from '@/features/inventory/warehouses/api/get-warehouse';
import { useCurrentMember } from '@/features/tenants/current-member';
import { recordIdParam } from '../../../../../admin/-components/record-id-param';

/** The warehouse show page's Orders tab (the spec's filter value `orders`). */
export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/orders')({
  params: recordIdParam('warehouseId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(warehouseQueryOptions(params.tenant, params.depoId, params.warehouseId)),
  component: WarehouseOrdersPage,
});

function WarehouseOrdersPage() {
  const { tenant: slug, depoId, warehouseId } = Route.useParams();
  const { tenant } = useCurrentMember();
  return (
    <WarehouseShowPage slug={slug} depoId={depoId} warehouseId={warehouseId} tab="orders" timeZone={tenant.time_zone}>
      {() => <WarehouseOrdersTab slug={slug} depoId={depoId} warehouseId={warehouseId} tenant={tenant} />}
    </WarehouseShowPage>
  );
}
