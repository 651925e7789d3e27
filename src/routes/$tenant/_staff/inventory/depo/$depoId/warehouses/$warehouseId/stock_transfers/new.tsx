import { createFileRoute } from '@tanstack/react-router';
import { StockMoveForm } from '@/features/inventory/stock-moves/components/stock-move-form';
import { StockPage } from '@/features/inventory/stock-moves/components/stock-page';
import { eodReturnPath, idParams, presetLines, type PresetLine } from '@/features/inventory/stock-moves/route-params';
import { oneOf, positiveInt } from '@/shared/routing/url-values';
import { useStockContext } from '../-use-stock-context';

interface NewTransferSearch {
  /** `win_lose` presets the kind and locks the selects (the EOD stock dialog's link). */
  kind?: 'win_lose';
  to_warehouse_id?: number;
  /** The products and amounts to start with (the EOD dialog's missing ones). */
  lines?: PresetLine[];
  /** Where to go once the transfer is made (the EOD list the dialog was opened on). */
  return_to?: string;
}

/** New stock transfer, opened from a warehouse or from the EOD stock dialog (`?kind=win_lose&to_warehouse_id=`). */
export const Route = createFileRoute(
  '/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/stock_transfers/new',
)({
  params: idParams('warehouseId'),
  validateSearch: {
    parse: (raw: {
      kind?: unknown;
      to_warehouse_id?: unknown;
      lines?: unknown;
      return_to?: unknown;
    }): NewTransferSearch => ({
      kind: oneOf(['win_lose'], raw.kind),
      to_warehouse_id: positiveInt(raw.to_warehouse_id),
      lines: presetLines(raw.lines),
      return_to: typeof raw.return_to === 'string' ? raw.return_to : undefined,
    }),
  },
  component: NewStockTransferPage,
});

function NewStockTransferPage() {
  const { tenant: slug, depoId, warehouseId } = Route.useParams();
  const context = useStockContext();
  const search = Route.useSearch();
  const preset =
    search.kind === 'win_lose'
      ? {
          kind: 'win_lose' as const,
          toWarehouseId: search.to_warehouse_id ?? warehouseId,
          lines: search.lines,
          returnTo: eodReturnPath(search.return_to, slug),
        }
      : undefined;
  return (
    <StockPage title="New stock transfer" slug={slug} depoId={depoId} warehouseId={warehouseId}>
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
