import type { ColDef } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { DepoListRow } from '../api/get-depo-list';

export interface DeposTableProps {
  depos: DepoListRow[] | undefined;
  loading: boolean;
  renderActions: (depo: DepoListRow) => ReactNode;
}

export function DeposTable({ depos, loading, renderActions }: DeposTableProps) {
  const columns = useMemo<ColDef<DepoListRow>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 80, minWidth: 60 },
      { headerName: 'Title', field: 'title' },
      { headerName: 'Address', field: 'address', minWidth: 160 },
      { headerName: 'Description', field: 'description', minWidth: 160 },
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: DepoListRow }) => (data ? renderActions(data) : null),
      },
    ],
    [renderActions],
  );
  return (
    <DataGrid
      ariaLabel="Depos"
      total="rows"
      rows={depos}
      columns={columns}
      rowId={(depo) => String(depo.id)}
      loading={loading}
      emptyText="No depos found"
      renderAllColumns
    />
  );
}
