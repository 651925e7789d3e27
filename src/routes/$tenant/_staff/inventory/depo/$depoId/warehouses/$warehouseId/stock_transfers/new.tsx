import { createFileRoute } from "@tanstack/react-router";
import { StockMoveForm } from "@/features/inventory/stock-moves/components/stock-move-form";
import { StockPage } from "@/features/inventory/stock-moves/components/stock-page";
import { idParams } from "@/features/inventory/stock-moves/route-params";
import { oneOf, positiveInt } from "@/shared/routing/url-values";
import { useStockContext } from "../-use-stock-context";

interface NewTransferSearch {
  /** `win_lose` presets the kind and locks the selects (the EOD stock dialog's link). */
  kind?: "win_lose";
  to_warehouse_id?: number;
}

/** New stock transfer, opened from a warehouse or from the EOD stock dialog (`?kind=win_lose&to_warehouse_id=`). */
export const Route = createFileRoute(
  "/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/stock_transfers/new",
)({
  params: idParams("warehouseId"),
  validateSearch: {
    parse: (raw: {
      kind?: unknown;
      to_warehouse_id?: unknown;
    }): NewTransferSearch => ({
      kind: oneOf(["win_lose"], raw.kind),
      to_warehouse_id: positiveInt(raw.to_warehouse_id),
    }),
  },
  component: NewStockTransferPage,
});

function NewStockTransferPage() {
  const { tenant: slug, depoId, warehouseId } = Route.useParams();
  const context = useStockContext();
  const search = Route.useSearch();
  const preset =
    search.kind === "win_lose"
      ? {
          kind: "win_lose" as const,
          toWarehouseId: search.to_warehouse_id ?? warehouseId,
        }
      : undefined;
  return (
    <StockPage
      title="New stock transfer"
      slug={slug}
      depoId={depoId}
      warehouseId={warehouseId}
    >
      <StockMoveForm
        context={context}
        mode="transfer"
        slug={slug}
        depoId={depoId}
        warehouseId={warehouseId}
        preset={preset}
      />
    </StockPage>
  );
}
