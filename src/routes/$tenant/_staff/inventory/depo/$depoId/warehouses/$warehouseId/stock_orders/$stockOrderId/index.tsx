import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { stockOrderQueryOptions, useStockOrder } from '@/features/inventory/stock-moves/api/get-stock-order';
import { StockOrderView } from '@/features/inventory/stock-moves/components/stock-order-view';
import { StockPage } from '@/features/inventory/stock-moves/components/stock-page';
import { useLiveStockDocument } from '@/features/inventory/stock-moves/api/live-stock-documents';
import { idParams } from '@/features/inventory/stock-moves/route-params';
import { useStockContext } from '../../-use-stock-context';

/** Stock order view. */
export const Route = createFileRoute(
  '/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/stock_orders/$stockOrderId/',
)({
  params: idParams('warehouseId', 'stockOrderId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(stockOrderQueryOptions(params.tenant, params.depoId, params.stockOrderId)),
  component: StockOrderPage,
});

function StockOrderPage() {
  const { tenant: slug, depoId, warehouseId, stockOrderId } = Route.useParams();
  const context = useStockContext();
  // While the order is being deleted it is not read again (see StockOrderView's onDeleting).
  const [deleting, setDeleting] = useState(false);
  const order = useStockOrder(slug, depoId, stockOrderId, !deleting);
  useLiveStockDocument(slug, depoId);
  return (
    <StockPage
      title={`Stock order #${stockOrderId}`}
      slug={slug}
      depoId={depoId}
      warehouseId={warehouseId}
      record={{ what: 'the stock order', query: order }}
    >
      {order.data && (
        <StockOrderView
          context={context}
          slug={slug}
          depoId={depoId}
          warehouseId={warehouseId}
          order={order.data}
          onDeleting={setDeleting}
        />
      )}
    </StockPage>
  );
}
