import { createFileRoute } from '@tanstack/react-router';
import {
  stockOrderQueryOptions,
  useStockOrder,
  type StockOrder,
} from '@/features/inventory/stock-moves/api/get-stock-order';
import { StockMoveForm, type StockMoveFormProps } from '@/features/inventory/stock-moves/components/stock-move-form';
import { StockPage } from '@/features/inventory/stock-moves/components/stock-page';
import { idParams } from '@/features/inventory/stock-moves/route-params';
import { emptyLine } from '@/features/inventory/stock-moves/stock-lines';
import { useStockContext } from '../../-use-stock-context';

/** Edit a pending stock order (a received one is frozen: the database refuses, the page says so). */
export const Route = createFileRoute(
  '/$tenant/_staff/inventory/depo/$depoId/warehouses/$warehouseId/stock_orders/$stockOrderId/edit',
)({
  params: idParams('warehouseId', 'stockOrderId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(stockOrderQueryOptions(params.tenant, params.depoId, params.stockOrderId)),
  component: EditStockOrderPage,
});

const initialOf = (order: StockOrder): NonNullable<StockMoveFormProps['initial']> => ({
  orderId: order.id,
  targets: {
    fromWarehouseId: order.from_warehouse_id,
    toWarehouseId: order.to_warehouse_id,
    kind: order.kind,
  },
  reason: order.reason ?? '',
  mainStorageMessage: order.main_storage_message ?? '',
  lines: order.lines.map((line) => ({
    ...emptyLine(),
    productId: line.product_id,
    skuText: line.product?.sku ?? '',
    amount: String(line.amount),
    packages: line.packaged_amount === null ? '' : String(line.packaged_amount),
  })),
});

function EditStockOrderPage() {
  const { tenant: slug, depoId, warehouseId, stockOrderId } = Route.useParams();
  const context = useStockContext();
  const order = useStockOrder(slug, depoId, stockOrderId);
  return (
    <StockPage
      title={`Edit stock order #${stockOrderId}`}
      slug={slug}
      depoId={depoId}
      warehouseId={warehouseId}
      record={{ what: 'the stock order', query: order }}
    >
      {order.data?.status === 'received' && <p role="alert">A received stock order can not be changed</p>}
      {order.data?.status === 'pending' && (
        <StockMoveForm
          context={context}
          key={order.data.id}
          mode="order"
          slug={slug}
          depoId={depoId}
          warehouseId={warehouseId}
          initial={initialOf(order.data)}
        />
      )}
    </StockPage>
  );
}
