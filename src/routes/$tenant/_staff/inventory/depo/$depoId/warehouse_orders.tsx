import { createFileRoute } from '@tanstack/react-router';
import { WarehouseOrdersPage } from '@/features/inventory/warehouse-orders/components/warehouse-orders-page';

/** The depo's stock orders across its warehouses (`/warehouse_orders`). */
export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouse_orders')({
  component: WarehouseOrdersRoute,
});

function WarehouseOrdersRoute() {
  const { tenant, depoId } = Route.useParams();
  return <WarehouseOrdersPage slug={tenant} depoId={depoId} />;
}
