import { createFileRoute } from '@tanstack/react-router';
import { stockTransferQueryOptions, useStockTransfer } from '@/features/inventory/stock-moves/api/get-stock-transfer';
import { useLiveStockDocument } from '@/features/inventory/stock-moves/api/live-stock-documents';
import { StockPage } from '@/features/inventory/stock-moves/components/stock-page';
import { StockTransferView } from '@/features/inventory/stock-moves/components/stock-transfer-view';
import { idParams } from '@/features/inventory/stock-moves/route-params';
import { useStockContext } from '../-use-stock-context';

/** Stock transfer view. */
export const Route = createFileRoute(
  '/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/stock_transfers/$stockTransferId',
)({
  params: idParams('warehouseId', 'stockTransferId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(stockTransferQueryOptions(params.tenant, params.depoId, params.stockTransferId)),
  component: StockTransferPage,
});

function StockTransferPage() {
  const { tenant: slug, depoId, warehouseId, stockTransferId } = Route.useParams();
  const context = useStockContext();
  const transfer = useStockTransfer(slug, depoId, stockTransferId);
  useLiveStockDocument(slug, depoId);
  return (
    <StockPage
      title={`Stock transfer #${stockTransferId}`}
      slug={slug}
      depoId={depoId}
      warehouseId={warehouseId}
      record={{ what: 'the stock transfer', query: transfer }}
    >
      {transfer.data && (
        <StockTransferView
          context={context}
          slug={slug}
          depoId={depoId}
          warehouseId={warehouseId}
          transfer={transfer.data}
        />
      )}
    </StockPage>
  );
}
