import { Link } from '@tanstack/react-router';
import { stockKindWord } from '@/shared/vocabulary/code-words';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import type { StockTransfer } from '../api/get-stock-transfer';
import { useStaffName } from '../api/staff-name';
import type { StockContext } from '../stock-context';
import { ExportButton } from './export-button';
import { ViewHeader, warehouseText } from './stock-view-parts';
import './stock-moves.css';

export interface StockTransferViewProps {
  slug: string;
  depoId: number;
  warehouseId: number;
  context: StockContext;
  transfer: StockTransfer;
}

/** Stock transfer view (spec §2.1): header, the originating order, lines; export and print (a transfer is final). */
export function StockTransferView({ slug, depoId, warehouseId, context, transfer }: StockTransferViewProps) {
  const createdBy = useStaffName(slug, transfer.created_by);
  return (
    <div className="stock-view">
      <ViewHeader
        items={[
          ['Transfer nr', `#${transfer.id}`],
          ['Transfered at', formatTenantDateTime(transfer.transfered_at, context.dateFormat, context.timeZone)],
          ['Created by', createdBy.data ?? ''],
          ['From', warehouseText(transfer.from_warehouse)],
          ['To', warehouseText(transfer.to_warehouse)],
          ['Kind', stockKindWord(transfer.kind)],
          ['Main storage message', transfer.main_storage_message ?? ''],
          ['Description', transfer.description ?? ''],
          [
            'Stock order',
            transfer.stock_order_id === null ? (
              ''
            ) : (
              <Link
                key="order"
                to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/stock_orders/$stockOrderId"
                params={{
                  tenant: slug,
                  depoId,
                  warehouseId,
                  stockOrderId: transfer.stock_order_id,
                }}
              >
                #{transfer.stock_order_id}
              </Link>
            ),
          ],
        ]}
      />
      <div className="stock-view__actions">
        <ExportButton slug={slug} document="transfer" id={transfer.id} />
        <SecondaryButton onClick={() => window.print()}>Print</SecondaryButton>
      </div>
      <table className="stock-view__lines" aria-label="Transfer lines">
        <thead>
          <tr>
            <th>SKU</th>
            <th>Description</th>
            <th>Packages (amount)</th>
          </tr>
        </thead>
        <tbody>
          {transfer.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.product?.sku}</td>
              <td>{line.product?.description}</td>
              <td>
                {line.packaged_amount ?? ''} ({line.amount})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
