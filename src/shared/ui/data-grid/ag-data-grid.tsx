import type { ColDef, GetRowIdParams, GridApi, RowClassParams } from 'ag-grid-community';
import { themeQuartz } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, type RefObject } from 'react';
import { useMediaQuery } from '@/shared/hooks/use-media-query';
import { HEADER_HEIGHT, NARROW, ROW_HEIGHT, type DataGridProps } from './data-grid-props';
import { registerGridModules } from './register-grid-modules';
import { focusControlOf, nextControlCell } from './row-controls-focus';

registerGridModules();

const gridTheme = themeQuartz.withParams({ headerHeight: HEADER_HEIGHT, rowHeight: ROW_HEIGHT, fontFamily: 'inherit' });

/** Long free text (an SMS body) wraps in its tooltip rather than widening the table past this. */
const LONG_TEXT_MAX = 480;

export interface AgDataGridProps<Row> extends Omit<DataGridProps<Row>, 'ariaLabel' | 'total' | 'renderAllColumns'> {
  /** The table's box: its width is what the columns fill; row controls are looked up inside it. */
  container: RefObject<HTMLDivElement | null>;
  /** Called once the grid has drawn its first rows (or its empty state) and sized its columns. */
  onDrawn: () => void;
}

/**
 * ag-grid behind the product's table (data-grid.tsx): every column as wide as its content (phone
 * numbers, plates and dates are never cut), wider than the screen it scrolls sideways with its first
 * and Actions columns pinned. Loaded after the first rows are on screen, so its chunk is not part of
 * what a page fetches before them.
 */
export function AgDataGrid<Row>({
  rows,
  columns,
  rowId,
  loading,
  emptyText = 'No records found',
  fullWidthRow,
  rowClass,
  rowClassRules,
  fitWidth,
  height,
  container,
  onDrawn,
}: AgDataGridProps<Row>) {
  const narrow = useMediaQuery(NARROW);
  const defaultColDef = useMemo<ColDef<Row>>(
    () => ({ sortable: false, resizable: true, suppressMovable: true, minWidth: 56 }),
    [],
  );

  const sizedColumns = useMemo(
    () =>
      columns.map((column, index): ColDef<Row> => {
        // Content decides the width; a column that asked for a larger share is free text with a ceiling.
        const { flex, ...rest } = column;
        const pinned =
          narrow && columns.length > 2
            ? index === 0
              ? 'left'
              : column.colId === 'actions'
                ? 'right'
                : rest.pinned
            : rest.pinned;
        return { ...rest, pinned, ...((flex ?? 0) > 1 ? { maxWidth: rest.maxWidth ?? LONG_TEXT_MAX } : {}) };
      }),
    [columns, narrow],
  );

  // Size every column to its content, then hand out what is left of the width so the table fills it.
  const fit = useCallback(
    (api: GridApi<Row>) => {
      if (api.isDestroyed()) return;
      api.autoSizeAllColumns();
      const used = api.getAllDisplayedColumns().reduce((sum, column) => sum + column.getActualWidth(), 0);
      const available = container.current?.clientWidth ?? 0;
      // Wider than the box: a fitWidth table shrinks its columns to fit (phones keep scrolling sideways).
      if (available > used + 2 || (fitWidth && !narrow && used > available)) api.sizeColumnsToFit();
    },
    [container, fitWidth, narrow],
  );

  const agRowClassRules = useMemo(
    () =>
      rowClassRules
        ? Object.fromEntries(
            Object.entries(rowClassRules).map(([name, holds]) => [
              name,
              (params: RowClassParams<Row>) => (params.data ? holds(params.data) : false),
            ]),
          )
        : undefined,
    [rowClassRules],
  );

  return (
    <AgGridReact<Row>
      theme={gridTheme}
      rowData={rows}
      columnDefs={sizedColumns}
      defaultColDef={defaultColDef}
      getRowId={(params: GetRowIdParams<Row>) => rowId(params.data)}
      loading={loading}
      overlayNoRowsTemplate={`<span class="data-grid__empty">${escapeHtml(emptyText)}</span>`}
      domLayout={height === undefined ? 'autoHeight' : 'normal'}
      containerStyle={height === undefined ? undefined : { height }}
      // A filtered list replaces its rows at once: with row animation a row that moves keeps a second,
      // fading copy in the page for a moment (seen as the same record twice in the Products list).
      animateRows={false}
      suppressCellFocus={false}
      // Tab goes from one row control (expand, Edit, Delete) to the next, not through every cell,
      // and a focused cell hands the focus to its control so Enter and Space operate it.
      tabToNextCell={(params) => nextControlCell(params, container.current)}
      onCellFocused={(event) => focusControlOf(event, container.current)}
      // Columns are measured to their content, which needs them all rendered.
      suppressColumnVirtualisation
      onGridReady={() => {
        // With no rows there is no first-data event: the empty state is what is drawn.
        if (!rows?.length) onDrawn();
      }}
      onFirstDataRendered={({ api }) => {
        fit(api);
        onDrawn();
      }}
      onRowDataUpdated={({ api }) => fit(api)}
      onGridSizeChanged={({ api }) => fit(api)}
      onGridColumnsChanged={({ api }) => fit(api)}
      isFullWidthRow={
        fullWidthRow
          ? (params) => (params.rowNode.data ? fullWidthRow.isFullWidth(params.rowNode.data) : false)
          : undefined
      }
      fullWidthCellRenderer={fullWidthRow ? (params: { data: Row }) => fullWidthRow.render(params.data) : undefined}
      getRowHeight={
        fullWidthRow
          ? (params) =>
              params.data && fullWidthRow.isFullWidth(params.data) ? fullWidthRow.height?.(params.data) : ROW_HEIGHT
          : undefined
      }
      rowClassRules={agRowClassRules}
      getRowClass={
        rowClass ? (params: RowClassParams<Row>) => (params.data ? rowClass(params.data) : undefined) : undefined
      }
    />
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
