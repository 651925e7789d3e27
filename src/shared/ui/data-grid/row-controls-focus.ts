import type { CellFocusedEvent, CellPosition, Column, TabToNextCellParams } from 'ag-grid-community';

/** What a keyboard user operates inside a cell: the row's expand button, its Edit link, its Delete button. */
const CONTROL = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])';

/** The cell's element (every row and column is rendered: the grid has no row or column virtualisation). */
function cellElement(container: HTMLElement | null, rowIndex: number, column: Column): HTMLElement | null {
  return (
    container?.querySelector<HTMLElement>(
      `.ag-row[row-index="${rowIndex}"] .ag-cell[col-id="${CSS.escape(column.getColId())}"]`,
    ) ?? null
  );
}

/**
 * Tab's next stop in the body: the next cell, in reading order, that holds a control; none left and
 * the focus leaves the grid (false), as it would leave any other part of the page.
 */
export function nextControlCell(params: TabToNextCellParams, container: HTMLElement | null): CellPosition | boolean {
  const { api, previousCellPosition: from, backwards } = params;
  const columns = api.getAllDisplayedColumns();
  const rows = api.getDisplayedRowCount();
  let rowIndex = from.rowIndex;
  let columnIndex = columns.indexOf(from.column);
  if (from.rowPinned || columnIndex < 0) return params.nextCellPosition ?? false;
  for (;;) {
    columnIndex += backwards ? -1 : 1;
    if (columnIndex >= columns.length) [rowIndex, columnIndex] = [rowIndex + 1, 0];
    if (columnIndex < 0) [rowIndex, columnIndex] = [rowIndex - 1, columns.length - 1];
    if (rowIndex < 0 || rowIndex >= rows) return false;
    if (cellElement(container, rowIndex, columns[columnIndex])?.querySelector(CONTROL))
      return { rowIndex, column: columns[columnIndex], rowPinned: null };
  }
}

/** A cell that holds a control passes the focus on to it, so Enter and Space press it. */
export function focusControlOf(event: CellFocusedEvent, container: HTMLElement | null): void {
  const { rowIndex, column, rowPinned } = event;
  if (rowIndex === null || rowPinned || !column || typeof column === 'string') return;
  // After the grid has focused the cell itself, and only while the focus is still there: a click may have opened
  // something that took the focus meanwhile (a row's inline inputs), and that focus stays where it went.
  requestAnimationFrame(() => {
    const cell = cellElement(container, rowIndex, column);
    if (!cell || document.activeElement !== cell) return;
    cell.querySelector<HTMLElement>(CONTROL)?.focus();
  });
}
