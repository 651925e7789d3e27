import { useState } from 'react';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { useWarehouseOrders, warehouseOrdersKey } from '../api/warehouse-documents';
import { useLiveStock } from '../../live/use-live-stock';
import { exportStockDocument } from '../../stock-moves/api/export-stock-document';

interface Props {
  slug: string;
  depoId: number;
  warehouseId: number;
  tenant: { date_format: string; time_zone: string };
}

/**
 * The Orders tab (spec §2.1): From, To, Ordered at, Message, Created by, Created at; edit only while pending, view
 * always, xlsx only between a depo's and a car's warehouse. The order screens are their own routes (plain links).
 */
export function WarehouseOrdersTab({ slug, depoId, warehouseId, tenant }: Props) {
  const [page, setPage] = useState(1);
  const list = useWarehouseOrders(slug, depoId, warehouseId, page);
  useLiveStock(depoId, warehouseOrdersKey(slug, depoId));
  useFlashOnError(list.error);
  const at = (value: string | null) => (value ? formatTenantDateTime(value, tenant.date_format, tenant.time_zone) : '');
  const base = `/${slug}/inventory/depo/${depoId}/warehouses/${warehouseId}/stock_orders`;
  const rows = list.data ?? [];
  return (
    <>
      <table className="counting-lines" aria-label="Stock orders">
        <thead>
          <tr>
            <th>From</th>
            <th>To</th>
            <th>Ordered at</th>
            <th>Message</th>
            <th>Created by</th>
            <th>Created at</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((order) => (
            <tr key={order.id} data-status={order.status}>
              <td>{order.from_name ?? ''}</td>
              <td>{order.to_name ?? ''}</td>
              <td>{at(order.ordered_at)}</td>
              <td>{order.message ?? ''}</td>
              <td>{order.created_by_name ?? ''}</td>
              <td>{at(order.created_at)}</td>
              <td>
                <a href={`${base}/${order.id}`} aria-label={`View order ${order.id}`}>
                  View
                </a>{' '}
                {order.status === 'pending' && (
                  <a href={`${base}/${order.id}/edit`} aria-label={`Edit order ${order.id}`}>
                    Edit
                  </a>
                )}{' '}
                {order.exportable && (
                  <button
                    type="button"
                    className="button"
                    aria-label={`Export order ${order.id}`}
                    onClick={() => {
                      exportStockDocument(slug, 'order', order.id).catch((failure: unknown) =>
                        flashRequestError(failure),
                      );
                    }}
                  >
                    xlsx
                  </button>
                )}
              </td>
            </tr>
          ))}
          {!list.isPending && rows.length === 0 && (
            <tr>
              <td colSpan={7}>No stock orders</td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page} rowCount={rows.length} onPageChange={setPage} label="Stock order pages" />
    </>
  );
}
