import type { ColDef } from 'ag-grid-community';
import { HEADER_HEIGHT, ROW_HEIGHT, type DataGridProps } from './data-grid-props';
import { cellContent } from './plain-cell';

type PlainTableProps<Row> = Pick<
  DataGridProps<Row>,
  'rows' | 'columns' | 'rowId' | 'loading' | 'emptyText' | 'fullWidthRow' | 'rowClass' | 'rowClassRules' | 'height'
>;

const columnKey = <Row,>(column: ColDef<Row>, index: number) => column.colId ?? column.field ?? String(index);

/**
 * The first rows of a table, drawn without ag-grid while its chunk loads (data-grid.tsx): the same
 * columns, texts, row controls and sizes, in a plain accessible table, so a page's first row does
 * not wait for the grid. The first column and Actions stay put on a narrow screen as in the grid.
 */
export function PlainTable<Row>({
  rows,
  columns,
  rowId,
  loading,
  emptyText = 'No records found',
  fullWidthRow,
  rowClass,
  rowClassRules,
  height,
}: PlainTableProps<Row>) {
  const waiting = loading || rows === undefined;
  // In a box of fixed height only its first box-full is seen before the grid takes over.
  const shown = rows && height !== undefined ? rows.slice(0, Math.ceil(height / ROW_HEIGHT)) : rows;
  return (
    <div className="data-grid__plain">
      <table>
        <thead>
          <tr style={{ height: HEADER_HEIGHT }}>
            {columns.map((column, index) => (
              <th
                key={columnKey(column, index)}
                scope="col"
                data-col-id={columnKey(column, index)}
                style={{ minWidth: column.minWidth, maxWidth: column.maxWidth }}
              >
                {column.headerName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {waiting || rows.length === 0 ? (
            <tr className="data-grid__plain-state">
              <td colSpan={columns.length}>
                {waiting ? (
                  <span className="data-grid__loading">Loading…</span>
                ) : (
                  <span className="data-grid__empty">{emptyText}</span>
                )}
              </td>
            </tr>
          ) : (
            (shown ?? []).map((row) =>
              fullWidthRow?.isFullWidth(row) ? (
                <tr
                  key={rowId(row)}
                  className="data-grid__plain-full-width"
                  style={{ height: fullWidthRow.height?.(row) ?? ROW_HEIGHT }}
                >
                  <td colSpan={columns.length}>{fullWidthRow.render(row)}</td>
                </tr>
              ) : (
                <tr
                  key={rowId(row)}
                  className={plainRowClass(row, rowClass, rowClassRules)}
                  style={{ height: ROW_HEIGHT }}
                >
                  {columns.map((column, index) => (
                    <td
                      key={columnKey(column, index)}
                      data-col-id={columnKey(column, index)}
                      style={{ minWidth: column.minWidth, maxWidth: column.maxWidth }}
                    >
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

function plainRowClass<Row>(
  row: Row,
  rowClass: PlainTableProps<Row>['rowClass'],
  rules: PlainTableProps<Row>['rowClassRules'],
): string | undefined {
  const classes = [
    rowClass?.(row),
    ...Object.entries(rules ?? {}).flatMap(([name, holds]) => (holds(row) ? [name] : [])),
  ].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}
