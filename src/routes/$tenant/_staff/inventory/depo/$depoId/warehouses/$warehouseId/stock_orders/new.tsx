import { createFileRoute } from '@tanstack/react-router';
import { StockMoveForm } from '@/features/inventory/stock-moves/components/stock-move-form';
import { StockPage } from '@/features/inventory/stock-moves/components/stock-page';
import { idParams } from '@/features/inventory/stock-moves/route-params';
import { useStockContext } from '../-use-stock-context';

/** New stock order, opened from a warehouse (its owner sets the defaults). */
export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/stock_orders/new')(
  {
    params: idParams('warehouseId'),
    component: NewStockOrderPage,
  },
);

function NewStockOrderPage() {
  const { tenant: slug, depoId, warehouseId } = Route.useParams();
  const context = useStockContext();
  return (
    <StockPage title="New stock order" slug={slug} depoId={depoId} warehouseId={warehouseId}>
      <StockMoveForm context={context} mode="order" slug={slug} depoId={depoId} warehouseId={warehouseId} />
    </StockPage>
  );
}
