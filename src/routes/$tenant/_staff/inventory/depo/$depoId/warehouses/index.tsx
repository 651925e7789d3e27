import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  warehouseListsKey,
  warehousesQueryOptions,
  useWarehouses,
  type WarehouseListRow,
} from '@/features/inventory/warehouses/api/get-warehouses';
import { useLiveStock } from '@/features/inventory/live/use-live-stock';
import { WarehouseActions } from '@/features/inventory/warehouses/components/warehouse-actions';
import { WarehousesTable } from '@/features/inventory/warehouses/components/warehouses-table';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';

export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouses/')({
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(warehousesQueryOptions(params.tenant, params.depoId)),
  component: WarehousesPage,
});

function WarehousesPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { role } = useCurrentMember();
  const warehouses = useWarehouses(slug, depoId);
  // Negative balances (the red rows) follow the stock as it moves.
  useLiveStock(depoId, warehouseListsKey(slug, depoId));
  useFlashOnError(warehouses.error);
  // Admins and depo admins change warehouses (the database's rule); others only read the list.
  const canChange = role === 'admin' || role === 'depo_admin';
  const renderActions = useCallback(
    (warehouse: WarehouseListRow) => (
      <WarehouseActions slug={slug} depoId={depoId} warehouse={warehouse} canChange={canChange} />
    ),
    [canChange, slug, depoId],
  );
  return (
    <section>
      <PageTitleBar title="Warehouses">
        {canChange && (
          <Link
            className="button button--primary"
            to="/$tenant/inventory/depo/$depoId/warehouses/new"
            params={{ tenant: slug, depoId }}
          >
            New Warehouse
          </Link>
        )}
      </PageTitleBar>
      <QueryState
        what="warehouses"
        isPending={false}
        error={warehouses.error}
        onRetry={() => void warehouses.refetch()}
      />
      <WarehousesTable warehouses={warehouses.data} loading={warehouses.isPending} renderActions={renderActions} />
    </section>
  );
}
