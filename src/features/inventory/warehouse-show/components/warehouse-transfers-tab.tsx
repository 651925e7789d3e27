import { useState } from 'react';
import { stockKindWord } from '@/shared/vocabulary/code-words';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { useWarehouseTransfers, warehouseTransfersKey } from '../api/warehouse-documents';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';

interface Props {
  slug: string;
  depoId: number;
  warehouseId: number;
  tenant: { date_format: string; time_zone: string };
}

/** The Transfers tab (spec §2.1): From, To, Description, Kind, Transfered at, Created by, and the transfer's view. */
export function WarehouseTransfersTab({ slug, depoId, warehouseId, tenant }: Props) {
  const [page, setPage] = useState(1);
  const list = useWarehouseTransfers(slug, depoId, warehouseId, page);
  // A transfer without lines moves no balance, so the transfers' own topic, not the stock one.
  useLiveInvalidation(liveTopics.depo(depoId, 'stock_transfers'), warehouseTransfersKey(slug, depoId));
  useFlashOnError(list.error);
  const base = `/${slug}/inventory/depo/${depoId}/warehouses/${warehouseId}/stock_transfers`;
  const rows = list.data ?? [];
  return (
    <>
      <table className="counting-lines" aria-label="Stock transfers">
        <thead>
          <tr>
            <th>From</th>
            <th>To</th>
            <th>Description</th>
            <th>Kind</th>
            <th>Transfered at</th>
            <th>Created by</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((transfer) => (
            <tr key={transfer.id}>
              <td>{transfer.from_name ?? ''}</td>
              <td>{transfer.to_name ?? ''}</td>
              <td>{transfer.description ?? ''}</td>
              <td>{stockKindWord(transfer.kind)}</td>
              <td>{formatTenantDateTime(transfer.transfered_at, tenant.date_format, tenant.time_zone)}</td>
              <td>{transfer.created_by_name ?? ''}</td>
              <td>
                <a href={`${base}/${transfer.id}`} aria-label={`View transfer ${transfer.id}`}>
                  View
                </a>
              </td>
            </tr>
          ))}
          {!list.isPending && rows.length === 0 && (
            <tr>
              <td colSpan={7}>No stock transfers</td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page} rowCount={rows.length} onPageChange={setPage} label="Stock transfer pages" />
    </>
  );
}
