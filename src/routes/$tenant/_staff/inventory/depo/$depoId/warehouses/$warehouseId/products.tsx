import { createFileRoute, Link } from "@tanstack/react-router";
import {
  warehouseQueryOptions,
  useWarehouse,
} from "@/features/inventory/warehouses/api/get-warehouse";
import { WarehouseProductsTab } from "@/features/inventory/warehouses/components/warehouse-products-tab";
import { useCurrentMember } from "@/features/tenants/current-member";
import { RecordPage } from "@/shared/ui/form-fields/record-page";
import { recordIdParam } from "../../../../../admin/-components/record-id-param";

/**
 * The warehouse show page's Products tab (the spec's filter value `products`). The Orders, Transfers and Manual
 * Counting tabs and the header's order/transfer/counting actions are not built yet (see the inventory report).
 */
export const Route = createFileRoute(
  "/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/products",
)({
  params: recordIdParam("warehouseId"),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(
      warehouseQueryOptions(params.tenant, params.depoId, params.warehouseId),
    ),
  component: WarehouseProductsPage,
});

function WarehouseProductsPage() {
  const { tenant: slug, depoId, warehouseId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const warehouse = useWarehouse(slug, depoId, warehouseId);
  return (
    <RecordPage
      title={
        warehouse.data
          ? `${warehouse.data.name} (${warehouse.data.code})`
          : `Warehouse #${warehouseId}`
      }
      back={
        <Link
          to="/$tenant/inventory/depo/$depoId/warehouses"
          params={{ tenant: slug, depoId }}
        >
          Back to warehouses
        </Link>
      }
      record={{ what: "the warehouse", query: warehouse }}
    >
      {warehouse.data && (
        <WarehouseProductsTab
          slug={slug}
          depoId={depoId}
          warehouseId={warehouseId}
          depoOwned={warehouse.data.owner_type === "depo"}
          timeZone={tenant.time_zone}
        />
      )}
    </RecordPage>
  );
}
