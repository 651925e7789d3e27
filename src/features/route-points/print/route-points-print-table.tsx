import { Fragment } from 'react';
import type { PrintRow } from './printable-points';

// Printouts are in Danish (delivery-operations §9; DESIGN §5): "Rute navn" and "Kunder" are the spec's words.
export const PRINT_TABLE_LABELS = {
  routeName: 'Rute navn',
  index: 'Nr.',
  address: 'Adresse',
  waitTime: 'Ventetid',
  arrivalTime: 'Ankomst',
  comment: 'Kommentar',
  customers: 'Kunder',
} as const;

/** The printable route table: one row a point, its business customers under it. */
export function RoutePointsPrintTable({ routeName, rows }: { routeName: string; rows: PrintRow[] }) {
  const l = PRINT_TABLE_LABELS;
  return (
    <article className="print-table">
      <h1>
        {l.routeName}: {routeName}
      </h1>
      <table>
        <thead>
          <tr>
            <th scope="col">{l.index}</th>
            <th scope="col">{l.address}</th>
            <th scope="col">{l.waitTime}</th>
            <th scope="col">{l.arrivalTime}</th>
            <th scope="col">{l.comment}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.key}>
              <tr data-testid="print-row">
                <td>{row.index}</td>
                <td>{row.address}</td>
                <td>{row.waitTime}</td>
                <td>{row.arrivalTime}</td>
                <td>{row.comment}</td>
              </tr>
              {row.b2bCustomers.length > 0 ? (
                <tr className="print-table__customers">
                  <td />
                  <td colSpan={4}>
                    {l.customers}: {row.b2bCustomers.join(', ')}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </article>
  );
}
