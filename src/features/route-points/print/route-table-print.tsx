import { PrintPreview } from './print-preview';
import type { PrintRow } from './printable-points';
import { RoutePointsPrintTable } from './route-points-print-table';
import { usePrintState } from './use-print-state';

const noop = () => {};

/** Print preview of the route table: the rows as the editor holds them, printed with the browser. */
export function RouteTablePrint({
  routeName,
  rows,
  onClose,
}: {
  routeName: string;
  rows: PrintRow[];
  onClose: () => void;
}) {
  const printing = usePrintState(noop);
  return (
    <PrintPreview
      title="Print route points"
      printState={printing.state}
      canPrint={rows.length > 0}
      onPrint={printing.print}
      onClose={onClose}
    >
      <RoutePointsPrintTable routeName={routeName} rows={rows} />
    </PrintPreview>
  );
}
