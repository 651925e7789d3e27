import { createFileRoute, Link } from '@tanstack/react-router';
import { warehouseQueryOptions, useWarehouse } from '@/features/inventory/warehouses/api/get-warehouse';
import { WarehouseForm } from '@/features/inventory/warehouses/components/warehouse-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';
import { recordIdParam } from '../../../../../admin/-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/edit')({
  params: recordIdParam('warehouseId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(warehouseQueryOptions(params.tenant, params.depoId, params.warehouseId)),
  component: EditWarehousePage,
});

function EditWarehousePage() {
  const { tenant: slug, depoId, warehouseId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const warehouse = useWarehouse(slug, depoId, warehouseId);
  return (
    <RecordPage
      title={`Edit Warehouse #${warehouseId}`}
      back={
        <Link to="/$tenant/inventory/depo/$depoId/warehouses" params={{ tenant: slug, depoId }}>
          Back to warehouses
        </Link>
      }
      record={{ what: 'the warehouse', query: warehouse }}
    >
      {warehouse.data && (
        <WarehouseForm key={warehouse.data.id} slug={slug} depoId={depoId} tenant={tenant} warehouse={warehouse.data} />
      )}
    </RecordPage>
  );
}
