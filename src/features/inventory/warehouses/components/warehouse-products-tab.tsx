import type { ColDef, SuppressKeyboardEventParams } from "ag-grid-community";
import { useCallback, useMemo, useState } from "react";
import { DataGrid } from "@/shared/ui/data-grid/data-grid";
import {
  useSaveBalanceFuture,
  useWarehouseProducts,
  warehouseProductsKey,
  type WarehouseProductRow,
} from "../api/warehouse-products";
import { amountFor, packagesFor, typedNumber } from "../order-amounts";
import { useLiveStock } from "../../live/use-live-stock";
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
} from "./warehouse-product-cells";

export interface WarehouseProductsTabProps {
  slug: string;
  depoId: number;
  warehouseId: number;
  /** A depo's warehouse also keeps a future quantity and date per product. */
  depoOwned: boolean;
  timeZone: string;
}

/** A tenant may have thousands of products: the grid scrolls in a box and draws only the rows in view. */
const GRID_HEIGHT = 640;

// A rule, not a one-off class: the red goes when a live refetch brings the balance back above zero.
const negativeRow = { "warehouse-products__row--negative": (row: WarehouseProductRow) => row.actual_balance < 0 };

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
export function WarehouseProductsTab({
  slug,
  depoId,
  warehouseId,
  depoOwned,
  timeZone,
}: WarehouseProductsTabProps) {
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
    if (on)
      setLines(
        (previous) =>
          new Map([
            ...previous,
            ...targets.map((row) => [row.id, prefill(row)] as const),
          ]),
      );
  }, []);
  const setLine = (row: WarehouseProductRow, line: OrderLine) =>
    setLines((previous) => new Map(previous).set(row.id, line));
  const typedPackages = useCallback((row: WarehouseProductRow, text: string) => {
    const packages = typedNumber(text);
    setLine(row, {
      packages: text,
      amount:
        packages === null
          ? ""
          : String(amountFor(packages, row.packaging_size)),
    });
  }, []);
  const typedAmount = useCallback((row: WarehouseProductRow, text: string) => {
    const amount = typedNumber(text);
    setLine(row, {
      amount: text,
      packages:
        amount === null ? "" : String(packagesFor(amount, row.packaging_size)),
    });
  }, []);

  const state = useMemo<WarehouseProductsState>(
    () => ({ rows, checked, lines, check, typedPackages, typedAmount, saveFuture: saveFuture.mutateAsync, timeZone }),
    [rows, checked, lines, check, typedPackages, typedAmount, saveFuture.mutateAsync, timeZone],
  );

  const columns = useMemo<ColDef<WarehouseProductRow>[]>(
    () => [
      { headerName: "", colId: "select", headerComponent: SelectAllHeader, cellRenderer: SelectCell, maxWidth: 56, suppressKeyboardEvent: typingInInput },
      { headerName: "Sku", field: "sku" },
      { headerName: "Description", field: "description", minWidth: 180 },
      { headerName: "Minimum amount", field: "minimum_required_balance" },
      { headerName: "Balance", field: "balance_amount" },
      { headerName: "Actual Balance", field: "actual_balance" },
      ...(depoOwned
        ? [
            { headerName: "Future quantity", colId: "future_quantity", cellRenderer: FutureQuantityGridCell, suppressKeyboardEvent: typingInInput },
            { headerName: "Future date", colId: "future_date", cellRenderer: FutureDateGridCell, cellClass: "warehouse-products__date-cell", minWidth: 160, suppressKeyboardEvent: typingInInput },
          ]
        : []),
      { headerName: "Packages", colId: "packages", cellRenderer: PackagesCell, suppressKeyboardEvent: typingInInput },
      { headerName: "Order/Transfer amount", colId: "amount", cellRenderer: AmountCell, suppressKeyboardEvent: typingInInput },
    ],
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
          total="rows"
        />
      </div>
    </WarehouseProductsContext.Provider>
  );
}
