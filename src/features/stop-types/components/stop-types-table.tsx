import type { ColDef } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { StopTypeRow } from '../stop-type-form-values';
import { formatWaitTime } from '../wait-time';

export interface StopTypesTableProps {
  stopTypes: StopTypeRow[] | undefined;
  loading: boolean;
  renderActions: (stopType: StopTypeRow) => ReactNode;
}

export function StopTypesTable({ stopTypes, loading, renderActions }: StopTypesTableProps) {
  const columns = useMemo<ColDef<StopTypeRow>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 80, minWidth: 60 },
      { headerName: 'Stop type', field: 'stop_type', minWidth: 140 },
      { headerName: 'Wait time', colId: 'wait_time', valueGetter: ({ data }) => formatWaitTime(data?.wait_time) },
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: StopTypeRow }) => (data ? renderActions(data) : null),
      },
    ],
    [renderActions],
  );
  return (
    <DataGrid
      ariaLabel="Stop types"
      total="rows"
      rows={stopTypes}
      columns={columns}
      rowId={(row) => String(row.id)}
      loading={loading}
      emptyText="No stop types found"
      renderAllColumns
    />
  );
}
