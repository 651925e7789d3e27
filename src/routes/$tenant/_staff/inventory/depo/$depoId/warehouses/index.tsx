import { createFileRoute } from '@tanstack/react-router';
import { warehousesQueryOptions, useWarehouses } from '@/features/inventory/warehouses/api/get-warehouses';
import { WarehousesTable } from '@/features/inventory/warehouses/components/warehouses-table';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';

export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouses/')({
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(warehousesQueryOptions(params.tenant, params.depoId)),
  component: WarehousesPage,
});

function WarehousesPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const warehouses = useWarehouses(slug, depoId);
  useFlashOnError(warehouses.error);
  return (
    <section>
      <PageTitleBar title="Warehouses" />
      <QueryState what="warehouses" isPending={false} error={warehouses.error} onRetry={() => void warehouses.refetch()} />
      {/* The form, show page and delete are not built yet (see the inventory report). */}
      <WarehousesTable warehouses={warehouses.data} loading={warehouses.isPending} renderActions={() => null} />
    </section>
  );
}
