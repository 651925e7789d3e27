import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { WarehouseForm } from '@/features/inventory/warehouses/components/warehouse-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';

export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouses/new')({
  component: NewWarehousePage,
});

function NewWarehousePage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const navigate = useNavigate();
  return (
    <RecordPage
      title="New Warehouse"
      back={
        <Link to="/$tenant/inventory/depo/$depoId/warehouses" params={{ tenant: slug, depoId }}>
          Back to warehouses
        </Link>
      }
    >
      <WarehouseForm
        slug={slug}
        depoId={depoId}
        tenant={tenant}
        onSaved={(row, created) => {
          if (created)
            void navigate({
              to: '/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/edit',
              params: { tenant: slug, depoId, warehouseId: row.id },
              replace: true,
            });
        }}
      />
    </RecordPage>
  );
}
