import type { ColDef, GetRowIdParams, GridApi, RowClassParams } from 'ag-grid-community';
import { focusControlOf, nextControlCell } from './row-controls-focus';
import { themeQuartz } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useMediaQuery } from '@/shared/hooks/use-media-query';
import { registerGridModules } from './register-grid-modules';
import './data-grid.css';

registerGridModules();

// Spec: table header height 56, row height 40 (inventory-public-support.md §9).
const gridTheme = themeQuartz.withParams({ headerHeight: 56, rowHeight: 40, fontFamily: 'inherit' });

/** Where the first and Actions columns stay put while the others scroll sideways. */
const NARROW = '(max-width: 64rem)';
/** Long free text (an SMS body) wraps in its tooltip rather than widening the table past this. */
const LONG_TEXT_MAX = 480;

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
  /** Kept for callers of the old grid: every column is always rendered now, so it can be sized to its content. */
  renderAllColumns?: boolean;
  /**
   * The count shown above the table: a number (the list's total when it is paged), or `'rows'` when
   * the rows are the whole list. None: no count.
   */
  total?: number | 'rows';
}

/**
 * The product's table: full width, every column as wide as its content (phone numbers, plates and
 * dates are never cut), wider than the screen it scrolls sideways with its first and Actions columns
 * pinned. Server-side paging is left to the screen (it renders one page of rows).
 */
export function DataGrid<Row>({ rows, columns, rowId, loading, emptyText = 'No records found', fullWidthRow, rowClass, ariaLabel, total }: DataGridProps<Row>) {
  const narrow = useMediaQuery(NARROW);
  const container = useRef<HTMLDivElement>(null);
  const defaultColDef = useMemo<ColDef<Row>>(() => ({ sortable: false, resizable: true, suppressMovable: true, minWidth: 56 }), []);

  const sizedColumns = useMemo(
    () =>
      columns.map((column, index): ColDef<Row> => {
        // Content decides the width; a column that asked for a larger share is free text with a ceiling.
        const { flex, ...rest } = column;
        const pinned = narrow && columns.length > 2 ? (index === 0 ? 'left' : column.colId === 'actions' ? 'right' : rest.pinned) : rest.pinned;
        return { ...rest, pinned, ...((flex ?? 0) > 1 ? { maxWidth: rest.maxWidth ?? LONG_TEXT_MAX } : {}) };
      }),
    [columns, narrow],
  );

  // Size every column to its content, then hand out what is left of the width so the table fills it.
  const fit = useCallback((api: GridApi<Row>) => {
    if (api.isDestroyed()) return;
    api.autoSizeAllColumns();
    const used = api.getAllDisplayedColumns().reduce((sum, column) => sum + column.getActualWidth(), 0);
    const available = container.current?.clientWidth ?? 0;
    if (available > used + 2) api.sizeColumnsToFit();
  }, []);

  const count = total === 'rows' ? rows?.length : total;
  return (
    <div className="data-grid" ref={container}>
      {count !== undefined && !loading && (
        <p className="data-grid__count" data-testid="table-count">
          {count === 1 ? '1 record' : `${count} records`}
        </p>
      )}
      <div role="region" aria-label={ariaLabel}>
        <AgGridReact<Row>
          theme={gridTheme}
          rowData={rows}
          columnDefs={sizedColumns}
          defaultColDef={defaultColDef}
          getRowId={(params: GetRowIdParams<Row>) => rowId(params.data)}
          loading={loading}
          overlayNoRowsTemplate={`<span class="data-grid__empty">${escapeHtml(emptyText)}</span>`}
          domLayout="autoHeight"
          suppressCellFocus={false}
          // Tab goes from one row control (expand, Edit, Delete) to the next, not through every cell,
          // and a focused cell hands the focus to its control so Enter and Space operate it.
          tabToNextCell={(params) => nextControlCell(params, container.current)}
          onCellFocused={(event) => focusControlOf(event, container.current)}
          // Columns are measured to their content, which needs them all rendered.
          suppressColumnVirtualisation
          onFirstDataRendered={({ api }) => fit(api)}
          onRowDataUpdated={({ api }) => fit(api)}
          onGridSizeChanged={({ api }) => fit(api)}
          onGridColumnsChanged={({ api }) => fit(api)}
          isFullWidthRow={fullWidthRow ? (params) => (params.rowNode.data ? fullWidthRow.isFullWidth(params.rowNode.data) : false) : undefined}
          fullWidthCellRenderer={fullWidthRow ? (params: { data: Row }) => fullWidthRow.render(params.data) : undefined}
          getRowHeight={fullWidthRow ? (params) => (params.data && fullWidthRow.isFullWidth(params.data) ? fullWidthRow.height?.(params.data) : 40) : undefined}
          getRowClass={rowClass ? (params: RowClassParams<Row>) => (params.data ? rowClass(params.data) : undefined) : undefined}
        />
      </div>
    </div>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
