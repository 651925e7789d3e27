import type { ColDef } from 'ag-grid-community';

/**
 * The columns of a `fitWidth` grid with long headers wrapping onto a second line (the header row grows), so a
 * column can shrink to its minWidth without cutting its header off. A column's own setting wins.
 */
export function withWrappedHeaders<Row>(columns: ColDef<Row>[]): ColDef<Row>[] {
  return columns.map((column) => ({ wrapHeaderText: true, autoHeaderHeight: true, ...column }));
}
