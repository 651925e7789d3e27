import type { ColDef } from 'ag-grid-community';
import { HEADER_HEIGHT, ROW_HEIGHT, type DataGridProps } from './data-grid-props';
import { cellContent } from './plain-cell';

type PlainTableProps<Row> = Pick<DataGridProps<Row>, 'rows' | 'columns' | 'rowId' | 'loading' | 'emptyText' | 'fullWidthRow' | 'rowClass'>;

const columnKey = <Row,>(column: ColDef<Row>, index: number) => column.colId ?? column.field ?? String(index);

/**
 * The first rows of a table, drawn without ag-grid while its chunk loads (data-grid.tsx): the same
 * columns, texts, row controls and sizes, in a plain accessible table, so a page's first row does
 * not wait for the grid. The first column and Actions stay put on a narrow screen as in the grid.
 */
export function PlainTable<Row>({ rows, columns, rowId, loading, emptyText = 'No records found', fullWidthRow, rowClass }: PlainTableProps<Row>) {
  const waiting = loading || rows === undefined;
  return (
    <div className="data-grid__plain">
      <table>
        <thead>
          <tr style={{ height: HEADER_HEIGHT }}>
            {columns.map((column, index) => (
              <th key={columnKey(column, index)} scope="col" data-col-id={columnKey(column, index)} style={{ minWidth: column.minWidth, maxWidth: column.maxWidth }}>
                {column.headerName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {waiting || rows.length === 0 ? (
            <tr className="data-grid__plain-state">
              <td colSpan={columns.length}>{waiting ? <span className="data-grid__loading">Loading…</span> : <span className="data-grid__empty">{emptyText}</span>}</td>
            </tr>
          ) : (
            rows.map((row) =>
              fullWidthRow?.isFullWidth(row) ? (
                <tr key={rowId(row)} className="data-grid__plain-full-width" style={{ height: fullWidthRow.height?.(row) ?? ROW_HEIGHT }}>
                  <td colSpan={columns.length}>{fullWidthRow.render(row)}</td>
                </tr>
              ) : (
                <tr key={rowId(row)} className={rowClass?.(row)} style={{ height: ROW_HEIGHT }}>
                  {columns.map((column, index) => (
                    <td key={columnKey(column, index)} data-col-id={columnKey(column, index)} style={{ minWidth: column.minWidth, maxWidth: column.maxWidth }}>
                      {cellContent(column, row)}
                    </td>
                  ))}
                </tr>
              ),
            )
          )}
        </tbody>
      </table>
    </div>
  );
}
