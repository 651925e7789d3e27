import type { ColDef, ICellRendererParams, ValueFormatterParams, ValueGetterParams } from 'ag-grid-community';
import { createElement, type ComponentType, type ReactNode } from 'react';

/**
 * What a column shows for a row, worked out as ag-grid does for the columns the product writes: a
 * `valueGetter` or `field` gives the value, a `valueFormatter` its text, a `cellRenderer` the content.
 * The screens' getters, formatters and renderers read `data` and `value` only, so that is what they get.
 */
export function cellValue<Row>(column: ColDef<Row>, row: Row): unknown {
  if (typeof column.valueGetter === 'function') return column.valueGetter({ data: row } as ValueGetterParams<Row>);
  if (typeof column.field === 'string') return (row as Record<string, unknown>)[column.field];
  return undefined;
}

export function cellText<Row>(column: ColDef<Row>, row: Row, value: unknown): string {
  if (typeof column.valueFormatter === 'function')
    return column.valueFormatter({ data: row, value } as ValueFormatterParams<Row>);
  return value === null || value === undefined ? '' : String(value);
}

export function cellContent<Row>(column: ColDef<Row>, row: Row): ReactNode {
  const value = cellValue(column, row);
  const text = cellText(column, row, value);
  // ag-grid-react treats a function renderer as a React component; so does the plain table.
  if (typeof column.cellRenderer === 'function') {
    const renderer = column.cellRenderer as ComponentType<ICellRendererParams<Row>>;
    return createElement(renderer, { data: row, value, valueFormatted: text } as ICellRendererParams<Row>);
  }
  return text;
}
