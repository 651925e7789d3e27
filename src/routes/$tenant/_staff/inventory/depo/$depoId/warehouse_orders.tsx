import { createFileRoute } from '@tanstack/react-router';
import { WarehouseOrdersPage } from '@/features/inventory/warehouse-orders/components/warehouse-orders-page';
import { useCurrentMember } from '@/features/tenants/current-member';

/** The depo's stock orders across its warehouses (`/warehouse_orders`). */
export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouse_orders')({
  component: WarehouseOrdersRoute,
});

function WarehouseOrdersRoute() {
  const { tenant: slug, depoId } = Route.useParams();
  const { tenant } = useCurrentMember();
  return <WarehouseOrdersPage slug={slug} depoId={depoId} tenant={tenant} />;
}
