import type { ColDef } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { formatTenantDate } from '@/shared/format/tenant-date';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { RouteListRow } from '../api/get-routes';
import { approvalLabel } from '../route-approval';

export interface RoutesTableProps {
  routes: RouteListRow[] | undefined;
  loading: boolean;
  dateFormat: string;
  emptyText: string;
  /** The row's links and buttons (route points, edit, approve, undo delete), rendered by the page. */
  renderActions: (route: RouteListRow) => ReactNode;
}

export function RoutesTable({ routes, loading, dateFormat, emptyText, renderActions }: RoutesTableProps) {
  const columns = useMemo<ColDef<RouteListRow>[]>(
    () => [
      { headerName: 'Name', field: 'name', minWidth: 160 },
      { headerName: '#', field: 'id', maxWidth: 90 },
      { headerName: 'Route type', field: 'route_type' },
      { headerName: 'Tag', field: 'tag' },
      { headerName: 'Stops', field: 'stops_count', maxWidth: 100 },
      {
        headerName: 'Approval',
        colId: 'approval',
        valueGetter: ({ data }) => (data ? approvalLabel(data.should_approve) : ''),
      },
      { headerName: 'Radius', field: 'radius', maxWidth: 100 },
      {
        headerName: 'Created',
        colId: 'created_at',
        valueGetter: ({ data }) => (data ? formatTenantDate(data.created_at, dateFormat) : ''),
      },
      {
        headerName: 'Actions',
        colId: 'actions',
        minWidth: 260,
        cellRenderer: ({ data }: { data?: RouteListRow }) => (data ? renderActions(data) : null),
      },
    ],
    [dateFormat, renderActions],
  );
  return (
    <DataGrid
      ariaLabel="Routes"
      total="rows"
      rows={routes}
      columns={columns}
      rowId={(route) => String(route.id)}
      loading={loading}
      emptyText={emptyText}
    />
  );
}
