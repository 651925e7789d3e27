import type { ColDef, SuppressKeyboardEventParams } from 'ag-grid-community';
import { useCallback, useMemo, useState } from 'react';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { withWrappedHeaders } from '@/shared/ui/data-grid/wrapped-headers';
import {
  useSaveBalanceFuture,
  useWarehouseProducts,
  warehouseProductsKey,
  type WarehouseProductRow,
} from '../api/warehouse-products';
import { amountFor, packagesFor, typedNumber } from '../order-amounts';
import { useLiveStock } from '../../live/use-live-stock';
import {
  AmountCell,
  emptyLine,
  FutureDateGridCell,
  FutureQuantityGridCell,
  PackagesCell,
  SelectAllHeader,
  SelectCell,
  WarehouseProductsContext,
  type OrderLine,
  type WarehouseProductsState,
} from './warehouse-product-cells';
// The tab's own styles (the red of a negative row among them): the tab opens without the list page too.
import './warehouse-products.css';

export interface WarehouseProductsTabProps {
  slug: string;
  depoId: number;
  warehouseId: number;
  /** A depo's warehouse also keeps a future quantity and date per product. */
  depoOwned: boolean;
  timeZone: string;
}

/** A column of number inputs: the 6rem input and the cell's padding. */
const INPUT_COLUMN = 128;

/** A tenant may have thousands of products: the grid scrolls in a box and draws only the rows in view. */
const GRID_HEIGHT = 640;

// A rule, not a one-off class: the red goes when a live refetch brings the balance back above zero.
const negativeRow = { 'warehouse-products__row--negative': (row: WarehouseProductRow) => row.actual_balance < 0 };

/** Checking a row offers what is missing to its minimum (nothing when nothing is missing). */
const prefill = (row: WarehouseProductRow): OrderLine =>
  row.missing_balance_amount > 0
    ? {
        packages: String(row.missing_balance_packages_count),
        amount: String(row.missing_balance_amount),
      }
    : emptyLine;

// Keys typed into a cell's input are the input's, not the grid's navigation.
const typingInInput = ({ event }: SuppressKeyboardEventParams<WarehouseProductRow>) =>
  event.target instanceof HTMLInputElement;

/** The show page's Products tab: balances against minimums, an actual balance below zero red, the order lines to fill. */
export function WarehouseProductsTab({ slug, depoId, warehouseId, depoOwned, timeZone }: WarehouseProductsTabProps) {
  const products = useWarehouseProducts(slug, depoId, warehouseId);
  const saveFuture = useSaveBalanceFuture(slug, depoId, warehouseId);
  // Balances and pending orders follow the stock as it moves; ticked rows and typed amounts stay (kept by id).
  useLiveStock(depoId, warehouseProductsKey(slug, depoId, warehouseId));
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [lines, setLines] = useState<ReadonlyMap<number, OrderLine>>(new Map());
  const rows = useMemo(() => products.data ?? [], [products.data]);

  const check = useCallback((targets: readonly WarehouseProductRow[], on: boolean) => {
    setChecked((previous) => {
      const next = new Set(previous);
      targets.forEach((row) => (on ? next.add(row.id) : next.delete(row.id)));
      return next;
    });
    if (on) setLines((previous) => new Map([...previous, ...targets.map((row) => [row.id, prefill(row)] as const)]));
  }, []);
  const setLine = (row: WarehouseProductRow, line: OrderLine) =>
    setLines((previous) => new Map(previous).set(row.id, line));
  const typedPackages = useCallback((row: WarehouseProductRow, text: string) => {
    const packages = typedNumber(text);
    setLine(row, {
      packages: text,
      amount: packages === null ? '' : String(amountFor(packages, row.packaging_size)),
    });
  }, []);
  const typedAmount = useCallback((row: WarehouseProductRow, text: string) => {
    const amount = typedNumber(text);
    setLine(row, {
      amount: text,
      packages: amount === null ? '' : String(packagesFor(amount, row.packaging_size)),
    });
  }, []);

  const state = useMemo<WarehouseProductsState>(
    () => ({ rows, checked, lines, check, typedPackages, typedAmount, saveFuture: saveFuture.mutateAsync, timeZone }),
    [rows, checked, lines, check, typedPackages, typedAmount, saveFuture.mutateAsync, timeZone],
  );

  const columns = useMemo<ColDef<WarehouseProductRow>[]>(
    () =>
      withWrappedHeaders<WarehouseProductRow>([
        {
          headerName: '',
          colId: 'select',
          headerComponent: SelectAllHeader,
          cellRenderer: SelectCell,
          maxWidth: 56,
          suppressKeyboardEvent: typingInInput,
        },
        { headerName: 'Sku', field: 'sku', minWidth: 72 },
        { headerName: 'Description', field: 'description', minWidth: 140 },
        { headerName: 'Minimum amount', field: 'minimum_required_balance', minWidth: 72 },
        { headerName: 'Balance', field: 'balance_amount', minWidth: 72 },
        { headerName: 'Actual Balance', field: 'actual_balance', minWidth: 72 },
        ...(depoOwned
          ? [
              {
                headerName: 'Future quantity',
                colId: 'future_quantity',
                cellRenderer: FutureQuantityGridCell,
                minWidth: INPUT_COLUMN,
                suppressKeyboardEvent: typingInInput,
              },
              {
                headerName: 'Future date',
                colId: 'future_date',
                cellRenderer: FutureDateGridCell,
                cellClass: 'warehouse-products__date-cell',
                // The date field's 10rem input and the cell's padding: the whole input stays in its cell.
                minWidth: 196,
                suppressKeyboardEvent: typingInInput,
              },
            ]
          : []),
        {
          headerName: 'Packages',
          colId: 'packages',
          cellRenderer: PackagesCell,
          minWidth: INPUT_COLUMN,
          suppressKeyboardEvent: typingInInput,
        },
        {
          headerName: 'Order/Transfer amount',
          colId: 'amount',
          cellRenderer: AmountCell,
          minWidth: INPUT_COLUMN,
          suppressKeyboardEvent: typingInInput,
        },
      ]),
    [depoOwned],
  );

  return (
    <WarehouseProductsContext.Provider value={state}>
      <div className="warehouse-products-grid">
        <DataGrid
          ariaLabel="Warehouse products"
          rows={products.data}
          columns={columns}
          rowId={(row) => String(row.id)}
          loading={products.isPending}
          emptyText="No products found"
          rowClassRules={negativeRow}
          height={GRID_HEIGHT}
          // Packages and the amount are what a person fills on every row: at 1440 they stay on screen.
          fitWidth
          total="rows"
        />
      </div>
    </WarehouseProductsContext.Provider>
  );
}
