import type { ColDef } from 'ag-grid-community';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { AuditRequestRow } from '../api/get-audit-requests';
import { auditUserName } from '../audit-user-text';

/** The grid's box: under the page header and filters on a 900 px tall screen. */
const AUDIT_GRID_HEIGHT = 600;

export interface AuditTableProps {
  tenant: { slug: string; time_zone: string; date_format: string };
  rows: AuditRequestRow[] | undefined;
  loading: boolean;
}

export function AuditTable({ tenant, rows, loading }: AuditTableProps) {
  const columns = useMemo<ColDef<AuditRequestRow>[]>(
    () => [
      {
        headerName: 'Performed at',
        colId: 'performed_at',
        minWidth: 150,
        cellRenderer: ({ data }: { data?: AuditRequestRow }) =>
          data ? (
            <Link
              to="/$tenant/admin/user_http_requests/$userHttpRequestId"
              params={{ tenant: tenant.slug, userHttpRequestId: String(data.id) }}
            >
              {formatTenantDateTime(data.performed_at, tenant.date_format, tenant.time_zone)}
            </Link>
          ) : null,
      },
      { headerName: 'User', colId: 'user', valueGetter: ({ data }) => auditUserName(data?.user ?? null) },
      { headerName: 'Email', colId: 'email', minWidth: 150, valueGetter: ({ data }) => data?.user?.email ?? '' },
      { headerName: 'Role', colId: 'role', valueGetter: ({ data }) => data?.user?.role ?? '' },
      { headerName: 'Url', field: 'url', minWidth: 140 },
      { headerName: 'Referer', field: 'referer', minWidth: 120 },
      { headerName: 'Format', field: 'format' },
      { headerName: 'Tenant', colId: 'tenant', valueGetter: () => tenant.slug },
      { headerName: 'Controller', field: 'controller' },
      { headerName: 'Action', field: 'action' },
      { headerName: 'Status', field: 'status' },
      { headerName: 'Method', field: 'method' },
    ],
    [tenant.slug, tenant.time_zone, tenant.date_format],
  );
  return (
    <DataGrid
      ariaLabel="Audit"
      rows={rows}
      columns={columns}
      rowId={(row) => String(row.id)}
      loading={loading}
      emptyText="No requests recorded"
      // 50 rows of long URLs: a box that fits a 900 px screen keeps its sideways scrollbar in view, and the
      // columns shrink towards the screen's width (a request's full Url and Referer are on its detail page).
      fitWidth
      height={AUDIT_GRID_HEIGHT}
    />
  );
}
