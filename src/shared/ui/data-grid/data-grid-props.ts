import type { ColDef } from 'ag-grid-community';
import type { ReactNode } from 'react';

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
  /**
   * Classes a row has while its test holds. Unlike `rowClass` (applied when the row is drawn), these follow a live
   * refetch that changes the row in place: the class goes when the test stops holding.
   */
  rowClassRules?: Record<string, (row: Row) => boolean>;
  ariaLabel: string;
  /**
   * The columns shrink to their minWidth (long headers wrapping) so the table fits its box on a desk screen,
   * instead of scrolling its last columns out of sight: for a table whose far columns people read on every row.
   */
  fitWidth?: boolean;
  /** Kept for callers of the old grid: every column is always rendered now, so it can be sized to its content. */
  renderAllColumns?: boolean;
  /**
   * The count shown above the table: a number (the list's total when it is paged), or `'rows'` when
   * the rows are the whole list. None: no count.
   */
  total?: number | 'rows';
  /**
   * A long list (thousands of rows) scrolls inside a box this many pixels high, and only the rows in view are
   * drawn (ag-grid's row virtualisation; the plain first paint draws the first box-full). None: the table is as
   * tall as its rows and every row is drawn.
   */
  height?: number;
}

/** Spec: table header height 56, row height 40 (inventory-public-support.md §9); the plain table draws the same. */
export const HEADER_HEIGHT = 56;
export const ROW_HEIGHT = 40;
/** Where the first and Actions columns stay put while the others scroll sideways. */
export const NARROW = '(max-width: 64rem)';
