import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { useWarehouseCountings } from '../api/counting-documents';
import { exportCountingDocument } from '../api/export-counting-document';
import './counting.css';

interface Props {
  slug: string;
  depoId: number;
  warehouseId: number;
  tenant: { date_format: string; time_zone: string };
}

/** The Manual Counting tab: Created by, Date, Created at, Approved at, view and xlsx export; 25 a page. */
export function ManualCountingsTab({ slug, depoId, warehouseId, tenant }: Props) {
  const [page, setPage] = useState(1);
  const list = useWarehouseCountings(slug, depoId, warehouseId, page);
  useFlashOnError(list.error);
  const at = (value: string | null) => (value ? formatTenantDateTime(value, tenant.date_format, tenant.time_zone) : '');
  const rows = list.data ?? [];
  return (
    <>
      <table className="counting-lines" aria-label="Manual counting documents">
        <thead>
          <tr>
            <th>Created by</th>
            <th>Date</th>
            <th>Created at</th>
            <th>Approved at</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.created_by_name ?? ''}</td>
              <td>{formatTenantDate(row.counted_at, tenant.date_format)}</td>
              <td>{at(row.created_at)}</td>
              <td>{at(row.approved_at)}</td>
              <td>
                <Link
                  to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/manual_counting_documents/$documentId"
                  params={{ tenant: slug, depoId, warehouseId, documentId: row.id }}
                  aria-label={`View counting ${row.id}`}
                >
                  View
                </Link>{' '}
                <button
                  type="button"
                  className="button"
                  aria-label={`Export counting ${row.id}`}
                  onClick={() => {
                    exportCountingDocument(slug, row.id).catch((failure: unknown) => flashRequestError(failure));
                  }}
                >
                  xlsx
                </button>
              </td>
            </tr>
          ))}
          {!list.isPending && rows.length === 0 && (
            <tr>
              <td colSpan={5}>No manual counting documents</td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page} rowCount={rows.length} onPageChange={setPage} label="Manual counting pages" />
    </>
  );
}
