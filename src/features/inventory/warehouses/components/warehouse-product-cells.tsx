import { createContext, useContext } from 'react';
import type { BalanceFuture, WarehouseProductRow } from '../api/warehouse-products';
import { FutureDateCell, FutureQuantityCell } from './future-cells';

/** What is being ordered for a row: packages and amount, kept in step by the packaging size. */
export interface OrderLine {
  packages: string;
  amount: string;
}

export const emptyLine: OrderLine = { packages: '', amount: '' };

/**
 * The tab's state reaches the grid's cells through context, so the columns stay the same objects while the user
 * ticks and types: a cell keeps its input and focus, and a row scrolled out of view and back shows its line again.
 */
export interface WarehouseProductsState {
  rows: readonly WarehouseProductRow[];
  checked: ReadonlySet<number>;
  lines: ReadonlyMap<number, OrderLine>;
  check: (targets: readonly WarehouseProductRow[], on: boolean) => void;
  typedPackages: (row: WarehouseProductRow, text: string) => void;
  typedAmount: (row: WarehouseProductRow, text: string) => void;
  saveFuture: (future: BalanceFuture) => Promise<unknown>;
  timeZone: string;
}

export const WarehouseProductsContext = createContext<WarehouseProductsState | undefined>(undefined);

const useTab = () => {
  const state = useContext(WarehouseProductsContext);
  if (!state) throw new Error('WarehouseProductsContext missing');
  return state;
};

type CellProps = { data?: WarehouseProductRow };

export function SelectAllHeader() {
  const { rows, checked, check } = useTab();
  const all = rows.length > 0 && rows.every((row) => checked.has(row.id));
  return (
    <input
      type="checkbox"
      aria-label="Select all products"
      checked={all}
      onChange={(event) => check(rows, event.target.checked)}
    />
  );
}

export function SelectCell({ data }: CellProps) {
  const { checked, check } = useTab();
  if (!data) return null;
  return (
    <input
      type="checkbox"
      aria-label={`Select ${data.sku}`}
      checked={checked.has(data.id)}
      onChange={(event) => check([data], event.target.checked)}
    />
  );
}

function OrderInput({ data, part }: CellProps & { part: keyof OrderLine }) {
  const { lines, typedPackages, typedAmount } = useTab();
  if (!data) return null;
  const line = lines.get(data.id) ?? emptyLine;
  return (
    <input
      className="warehouse-products__input"
      aria-label={`${part === 'packages' ? 'Packages' : 'Amount'} of ${data.sku}`}
      type="number"
      min={1}
      step={1}
      value={line[part]}
      onChange={(event) => (part === 'packages' ? typedPackages : typedAmount)(data, event.target.value)}
    />
  );
}

export const PackagesCell = ({ data }: CellProps) => <OrderInput data={data} part="packages" />;
export const AmountCell = ({ data }: CellProps) => <OrderInput data={data} part="amount" />;

export function FutureQuantityGridCell({ data }: CellProps) {
  const { saveFuture } = useTab();
  return data ? <FutureQuantityCell row={data} save={saveFuture} /> : null;
}

export function FutureDateGridCell({ data }: CellProps) {
  const { saveFuture, timeZone } = useTab();
  return data ? <FutureDateCell row={data} save={saveFuture} timeZone={timeZone} /> : null;
}
