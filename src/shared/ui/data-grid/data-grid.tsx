import type { ColDef, GetRowIdParams, RowClassParams } from 'ag-grid-community';
import { themeQuartz } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, type ReactNode } from 'react';
import { registerGridModules } from './register-grid-modules';

registerGridModules();

// Spec: table header height 56, row height 40 (inventory-public-support.md §9).
const gridTheme = themeQuartz.withParams({ headerHeight: 56, rowHeight: 40, fontFamily: 'inherit' });

export interface DataGridProps<Row> {
  rows: Row[] | undefined;
  columns: ColDef<Row>[];
  /** A stable id per row, so a live refetch updates rows in place instead of redrawing the grid. */
  rowId: (row: Row) => string;
  loading?: boolean;
  /** Shown when the list is empty (not while loading). */
  emptyText?: string;
  /** A row rendered across all columns under its parent (community ag-grid has no master/detail). */
  fullWidthRow?: {
    isFullWidth: (row: Row) => boolean;
    render: (row: Row) => ReactNode;
    /** The full-width row's height in pixels (ag-grid needs it up front); the row height when omitted. */
    height?: (row: Row) => number;
  };
  rowClass?: (row: Row) => string | undefined;
  ariaLabel: string;
  /** Renders every column, not only those in view: short lists whose last column (Actions) must be reachable on a phone. */
  renderAllColumns?: boolean;
}

/**
 * The product's table: ag-grid with server-side paging left to the screen (it renders one page of rows),
 * sized to its content so the page scrolls, not the grid.
 */
export function DataGrid<Row>({ rows, columns, rowId, loading, emptyText = 'No records found', fullWidthRow, rowClass, ariaLabel, renderAllColumns }: DataGridProps<Row>) {
  const defaultColDef = useMemo<ColDef<Row>>(() => ({ sortable: false, resizable: true, suppressMovable: true, flex: 1, minWidth: 90 }), []);
  return (
    <div className="data-grid" role="region" aria-label={ariaLabel}>
      <AgGridReact<Row>
        theme={gridTheme}
        rowData={rows}
        columnDefs={columns}
        defaultColDef={defaultColDef}
        getRowId={(params: GetRowIdParams<Row>) => rowId(params.data)}
        loading={loading}
        overlayNoRowsTemplate={`<span>${escapeHtml(emptyText)}</span>`}
        domLayout="autoHeight"
        suppressCellFocus={false}
        suppressColumnVirtualisation={renderAllColumns}
        isFullWidthRow={fullWidthRow ? (params) => (params.rowNode.data ? fullWidthRow.isFullWidth(params.rowNode.data) : false) : undefined}
        fullWidthCellRenderer={fullWidthRow ? (params: { data: Row }) => fullWidthRow.render(params.data) : undefined}
        getRowHeight={fullWidthRow ? (params) => (params.data && fullWidthRow.isFullWidth(params.data) ? fullWidthRow.height?.(params.data) : 40) : undefined}
        getRowClass={rowClass ? (params: RowClassParams<Row>) => (params.data ? rowClass(params.data) : undefined) : undefined}
      />
    </div>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
