import { createFileRoute } from '@tanstack/react-router';
import { WarehouseShowPage } from '@/features/inventory/warehouse-show/components/warehouse-show-page';
import { warehouseQueryOptions } from '@/features/inventory/warehouses/api/get-warehouse';
import { WarehouseProductsTab } from '@/features/inventory/warehouses/components/warehouse-products-tab';
import { useCurrentMember } from '@/features/tenants/current-member';
import { recordIdParam } from '../../../../../admin/-components/record-id-param';

/** The warehouse show page's Products tab (the spec's filter value `products`). */
export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/products')({
  params: recordIdParam('warehouseId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(warehouseQueryOptions(params.tenant, params.depoId, params.warehouseId)),
  component: WarehouseProductsPage,
});

function WarehouseProductsPage() {
  const { tenant: slug, depoId, warehouseId } = Route.useParams();
  const { tenant } = useCurrentMember();
  return (
    <WarehouseShowPage slug={slug} depoId={depoId} warehouseId={warehouseId} tab="products" timeZone={tenant.time_zone}>
      {(warehouse) => (
        <WarehouseProductsTab
          slug={slug}
          depoId={depoId}
          warehouseId={warehouseId}
          depoOwned={warehouse.owner_type === 'depo'}
          timeZone={tenant.time_zone}
        />
      )}
    </WarehouseShowPage>
  );
}
