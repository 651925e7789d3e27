import { useState } from "react";
import {
  useSaveBalanceFuture,
  useWarehouseProducts,
  warehouseProductsKey,
  type WarehouseProductRow,
} from "../api/warehouse-products";
import { amountFor, packagesFor, typedNumber } from "../order-amounts";
import { FutureCells } from "./future-cells";
import { useLiveStock } from "../../live/use-live-stock";

export interface WarehouseProductsTabProps {
  slug: string;
  depoId: number;
  warehouseId: number;
  /** A depo's warehouse also keeps a future quantity and date per product. */
  depoOwned: boolean;
  timeZone: string;
}

/** What is being ordered for a row: packages and amount, kept in step by the packaging size. */
interface OrderLine {
  packages: string;
  amount: string;
}

const emptyLine: OrderLine = { packages: "", amount: "" };

/** Checking a row offers what is missing to its minimum (nothing when nothing is missing). */
const prefill = (row: WarehouseProductRow): OrderLine =>
  row.missing_balance_amount > 0
    ? {
        packages: String(row.missing_balance_packages_count),
        amount: String(row.missing_balance_amount),
      }
    : emptyLine;

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
  const rows = products.data ?? [];

  const check = (targets: readonly WarehouseProductRow[], on: boolean) => {
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
  };
  const setLine = (row: WarehouseProductRow, line: OrderLine) =>
    setLines((previous) => new Map(previous).set(row.id, line));
  const typedPackages = (row: WarehouseProductRow, text: string) => {
    const packages = typedNumber(text);
    setLine(row, {
      packages: text,
      amount:
        packages === null
          ? ""
          : String(amountFor(packages, row.packaging_size)),
    });
  };
  const typedAmount = (row: WarehouseProductRow, text: string) => {
    const amount = typedNumber(text);
    setLine(row, {
      amount: text,
      packages:
        amount === null ? "" : String(packagesFor(amount, row.packaging_size)),
    });
  };
  const allChecked =
    rows.length > 0 && rows.every((row) => checked.has(row.id));

  if (products.isPending) return <p aria-live="polite">Loading products…</p>;
  return (
    <table className="warehouse-products" aria-label="Warehouse products">
      <thead>
        <tr>
          <th>
            <input
              type="checkbox"
              aria-label="Select all products"
              checked={allChecked}
              onChange={(event) => check(rows, event.target.checked)}
            />
          </th>
          <th>Sku</th>
          <th>Description</th>
          <th>Minimum amount</th>
          <th>Balance</th>
          <th>Actual Balance</th>
          {depoOwned && (
            <>
              <th>Future quantity</th>
              <th>Future date</th>
            </>
          )}
          <th>Packages</th>
          <th>Order/Transfer amount</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const line = lines.get(row.id) ?? emptyLine;
          return (
            <tr
              key={row.id}
              className={
                row.actual_balance < 0
                  ? "warehouse-products__row--negative"
                  : undefined
              }
            >
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select ${row.sku}`}
                  checked={checked.has(row.id)}
                  onChange={(event) => check([row], event.target.checked)}
                />
              </td>
              <td>{row.sku}</td>
              <td>{row.description}</td>
              <td>{row.minimum_required_balance}</td>
              <td>{row.balance_amount}</td>
              <td>{row.actual_balance}</td>
              {depoOwned && (
                <FutureCells
                  row={row}
                  timeZone={timeZone}
                  save={saveFuture.mutateAsync}
                />
              )}
              <td>
                <input
                  className="warehouse-products__input"
                  aria-label={`Packages of ${row.sku}`}
                  type="number"
                  min={1}
                  step={1}
                  value={line.packages}
                  onChange={(event) => typedPackages(row, event.target.value)}
                />
              </td>
              <td>
                <input
                  className="warehouse-products__input"
                  aria-label={`Amount of ${row.sku}`}
                  type="number"
                  min={1}
                  step={1}
                  value={line.amount}
                  onChange={(event) => typedAmount(row, event.target.value)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
