import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { stockKindWord } from '@/shared/vocabulary/code-words';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { useRequestKeys } from '@/shared/forms/use-request-keys';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { DangerButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import type { StockOrder } from '../api/get-stock-order';
import { approveStockOrder, deleteStockOrder, useStockMoveMutation } from '../api/save-stock-move';
import { useStaffName } from '../api/staff-name';
import { stockOrdersKeys } from '../api/stock-move-keys';
import type { StockContext } from '../stock-context';
import { useTwoSecondLock } from '../use-two-second-lock';
import { ExportButton } from './export-button';
import { TRANSFER_CREATED } from './stock-move-form';
import { StatusCircle, ViewHeader, warehouseText } from './stock-view-parts';
import './stock-moves.css';

export interface StockOrderViewProps {
  slug: string;
  depoId: number;
  warehouseId: number;
  context: StockContext;
  order: StockOrder;
  /**
   * Told true before the delete is sent (false again when it fails): the page stops reading the order, so neither
   * the delete's own refresh nor the live update asks for the deleted order and reports it Not found.
   */
  onDeleting?: (deleting: boolean) => void;
}

/** The spec's flash for a destroyed record (inventory-public-support.md: created, updated, destroyed). */
export const STOCK_ORDER_DESTROYED = 'Stock order was successfully destroyed.';

/** Stock order view (spec §2.1): header, lines, Approve/Export/Print/Edit/Delete; a received order only exports and prints. */
export function StockOrderView({ slug, depoId, warehouseId, context, order, onDeleting }: StockOrderViewProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orderedBy = useStaffName(slug, order.created_by);
  const requestKeys = useRequestKeys();
  const lock = useTwoSecondLock();
  const approve = useStockMoveMutation(slug, depoId, approveStockOrder);
  const remove = useStockMoveMutation(slug, depoId, deleteStockOrder);
  const at = (timestamp: string | null | undefined) =>
    timestamp ? formatTenantDateTime(timestamp, context.dateFormat, context.timeZone) : '';
  const pending = order.status === 'pending';

  const onApprove = () =>
    lock.run(async () => {
      try {
        await approve.mutateAsync({
          orderId: order.id,
          requestKey: requestKeys.keyFor('approve'),
        });
        requestKeys.succeeded('approve');
        showFlash(TRANSFER_CREATED);
      } catch (failure) {
        flashRequestError(failure);
      }
    });
  const onDelete = async () => {
    if (
      !(await confirm({
        message: 'Are you sure you want to delete this stock order?',
        destructive: true,
      }))
    )
      return;
    await lock.run(async () => {
      onDeleting?.(true);
      try {
        await remove.mutateAsync(order.id);
      } catch (failure) {
        onDeleting?.(false);
        flashRequestError(failure);
        return;
      }
      // Back to the warehouse's orders, refreshed without the deleted one (the mutation marked the lists stale).
      await navigate({
        to: '/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/orders',
        params: { tenant: slug, depoId, warehouseId },
      });
      // Gone from the cache too: Back to its address loads it anew (Not found) instead of showing it as pending.
      queryClient.removeQueries({ queryKey: stockOrdersKeys(slug, depoId).detail(order.id), exact: true });
      showFlash(STOCK_ORDER_DESTROYED);
    });
  };

  return (
    <div className="stock-view">
      <ViewHeader
        items={[
          ['Status', <StatusCircle key="status" status={order.status} />],
          ['Order number', `#${order.id}`],
          ['Ordered at', at(order.ordered_at)],
          ['Ordered by', orderedBy.data ?? ''],
          ['From', warehouseText(order.from_warehouse)],
          ['To', warehouseText(order.to_warehouse)],
          ['Main storage message', order.main_storage_message ?? ''],
          ['Reason', order.reason ?? ''],
          ['Kind', stockKindWord(order.kind)],
          [
            'Stock transfer',
            order.transfer ? (
              <Link
                key="transfer"
                to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/stock_transfers/$stockTransferId"
                params={{
                  tenant: slug,
                  depoId,
                  warehouseId,
                  stockTransferId: order.transfer.id,
                }}
              >
                #{order.transfer.id}
              </Link>
            ) : (
              ''
            ),
          ],
          ['Approved at', at(order.transfer?.created_at)],
        ]}
      />
      <div className="stock-view__actions">
        {pending && (
          <SecondaryButton disabled={lock.locked} onClick={() => void onApprove()}>
            Approve
          </SecondaryButton>
        )}
        <ExportButton slug={slug} document="order" id={order.id} />
        <SecondaryButton onClick={() => window.print()}>Print</SecondaryButton>
        {pending && (
          <Link
            className="button"
            to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/stock_orders/$stockOrderId/edit"
            params={{
              tenant: slug,
              depoId,
              warehouseId,
              stockOrderId: order.id,
            }}
          >
            Edit
          </Link>
        )}
        {pending && (
          <DangerButton disabled={lock.locked} onClick={() => void onDelete()}>
            Delete
          </DangerButton>
        )}
      </div>
      <table className="stock-view__lines" aria-label="Order lines">
        <thead>
          <tr>
            <th>SKU</th>
            <th>Description</th>
            <th>Packages (amount)</th>
            <th>Received amount</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.product?.sku}</td>
              <td>{line.product?.description}</td>
              <td>
                {line.packaged_amount ?? ''} ({line.amount})
              </td>
              <td>{line.received_amount ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
