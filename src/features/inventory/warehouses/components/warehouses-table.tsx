import type { ColDef } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { WarehouseListRow } from '../api/get-warehouses';
import './warehouses.css';

export interface WarehousesTableProps {
  warehouses: WarehouseListRow[] | undefined;
  loading: boolean;
  renderActions: (warehouse: WarehouseListRow) => ReactNode;
}

/** Code, name, owner (type), negative balances; a warehouse with any product below zero shows red. */
// A rule, not a one-off class: live stock may bring a warehouse's balances back above zero.
const negativeRow = { 'warehouse-row--negative': (warehouse: WarehouseListRow) => warehouse.negative_balances > 0 };

export function WarehousesTable({ warehouses, loading, renderActions }: WarehousesTableProps) {
  const columns = useMemo<ColDef<WarehouseListRow>[]>(
    () => [
      { headerName: 'Code', field: 'code' },
      { headerName: 'Name', field: 'name', minWidth: 160 },
      {
        headerName: 'Owner',
        colId: 'owner',
        valueGetter: ({ data }) => (data ? `${data.owner_title} (${data.owner_type})` : ''),
      },
      { headerName: 'Negative balances', field: 'negative_balances' },
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: WarehouseListRow }) => (data ? renderActions(data) : null),
      },
    ],
    [renderActions],
  );
  return (
    <DataGrid
      ariaLabel="Warehouses"
      total="rows"
      rows={warehouses}
      columns={columns}
      rowId={(warehouse) => String(warehouse.id)}
      loading={loading}
      emptyText="No warehouses found"
      rowClassRules={negativeRow}
      renderAllColumns
    />
  );
}
