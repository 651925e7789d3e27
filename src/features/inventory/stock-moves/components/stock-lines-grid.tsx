import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import {
  amountProblem,
  emptyLine,
  linesFromPaste,
  matchingProducts,
  productFor,
  remainingBalance,
  withAmount,
  withPackages,
  type GridLine,
  type GridProduct,
} from '../stock-lines';

export interface StockLinesGridProps {
  lines: readonly GridLine[];
  onChange: (lines: GridLine[]) => void;
  products: readonly GridProduct[];
  /** The from-warehouse's balances by product (null: no from-warehouse, no remaining balance). */
  balances: ReadonlyMap<number, number> | null;
  amountLabel: string;
  /** Amounts must be above 0 (an order); otherwise a loss below 0 may be typed (a win_lose transfer). */
  positiveAmounts?: boolean;
}

type Column = 'sku' | 'packages' | 'amount';

/** Keeps one empty row at the end, so typing and Tab always have a next row to go to. */
export function withTrailingEmptyRow(lines: readonly GridLine[]): GridLine[] {
  const last = lines.at(-1);
  const lastUsed =
    last && (last.productId !== null || last.skuText !== '' || last.amount !== '' || last.packages !== '');
  return !last || lastUsed ? [...lines, emptyLine()] : [...lines];
}

/**
 * The order/transfer lines as a spreadsheet: Sku (typed, picked from the products by sku or description),
 * Description, Packages amount, amount, Remaining balance (red below zero), delete. Enter in Sku picks the product
 * and moves to the amount, Enter in an amount moves to the next row's Sku; Tab walks the cells; a block pasted
 * into a Sku cell (sku and amount per row, tab separated, as a spreadsheet copies it) fills rows from there.
 * Plain inputs rather than ag-grid: the grid's clipboard paste is an Enterprise feature. On a phone each line is a
 * card whose cells name themselves (`data-label`), so the form fits the screen instead of a 634 px table.
 */
export function StockLinesGrid({
  lines,
  onChange,
  products,
  balances,
  amountLabel,
  positiveAmounts = false,
}: StockLinesGridProps) {
  const table = useRef<HTMLTableElement>(null);
  const problemId = useId();
  const [open, setOpen] = useState<{ key: number; highlighted: number } | null>(null);
  const byId = new Map(products.map((p) => [p.id, p]));

  const focusCell = (row: number, column: Column) => {
    const cell = () => table.current?.querySelector<HTMLInputElement>(`[data-row="${row}"][data-col="${column}"]`);
    // At once when the cell is drawn already, so the next keystroke lands there; a row just added gets it once React
    // has drawn it.
    const now = cell();
    if (now) now.focus();
    else requestAnimationFrame(() => cell()?.focus());
  };
  const replace = (index: number, line: GridLine) =>
    onChange(withTrailingEmptyRow(lines.map((l, i) => (i === index ? line : l))));
  const pick = (index: number, product: GridProduct) => {
    const line = lines[index];
    replace(index, withAmount({ ...line, productId: product.id, skuText: product.sku }, line.amount, product));
    setOpen(null);
  };
  const resolveSku = (index: number) => {
    const line = lines[index];
    const product = productFor(line.skuText, products);
    if (product && product.id !== line.productId) pick(index, product);
  };

  const skuKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const line = lines[index];
    const matches = matchingProducts(line.skuText, products);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const current = open?.key === line.key ? open.highlighted : -1;
      setOpen({
        key: line.key,
        highlighted: Math.max(0, Math.min(matches.length - 1, current + step)),
      });
    } else if (event.key === 'Escape') {
      setOpen(null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const highlighted = open?.key === line.key ? matches[open.highlighted] : undefined;
      const product = highlighted ?? productFor(line.skuText, products) ?? matches[0];
      if (product) pick(index, product);
      focusCell(index, 'amount');
    }
  };
  const numberKeyDown = (index: number, column: Column, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (column === 'packages') focusCell(index, 'amount');
    else focusCell(index + 1, 'sku');
  };
  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.trim())) return; // one value: an ordinary paste into the cell
    event.preventDefault();
    const pasted = linesFromPaste(text, products);
    const before = lines.slice(0, index);
    const after = lines.slice(index + 1).filter((l) => l.productId !== null || l.skuText !== '');
    const current = lines[index];
    const keepCurrent = current.productId !== null || current.skuText !== '' ? [current] : [];
    onChange(withTrailingEmptyRow([...before, ...keepCurrent, ...pasted, ...after]));
    setOpen(null);
  };
  const remove = (index: number) => onChange(withTrailingEmptyRow(lines.filter((_, i) => i !== index)));

  return (
    <table className="stock-lines" aria-label="Stock lines" ref={table}>
      <thead>
        <tr>
          <th>Sku</th>
          <th>Description</th>
          <th>Packages amount</th>
          <th>{amountLabel}</th>
          <th>Remaining balance</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => {
          const product = line.productId === null ? undefined : byId.get(line.productId);
          const remaining = remainingBalance(line, balances);
          const unknown = line.productId === null && line.skuText.trim() !== '' && open?.key !== line.key;
          const matches = open?.key === line.key ? matchingProducts(line.skuText, products) : [];
          const rowName = `row ${index + 1}`;
          const problem = amountProblem(line.amount, positiveAmounts);
          return (
            <tr
              key={line.key}
              className={remaining !== null && remaining < 0 ? 'stock-lines__row--negative' : undefined}
            >
              <td className="stock-lines__sku" data-label="Sku">
                <input
                  aria-label={`Sku, ${rowName}`}
                  aria-invalid={unknown || undefined}
                  aria-autocomplete="list"
                  autoComplete="off"
                  data-row={index}
                  data-col="sku"
                  value={line.skuText}
                  onChange={(event) => {
                    replace(index, {
                      ...line,
                      skuText: event.target.value,
                      productId: null,
                      packages: '',
                    });
                    setOpen({ key: line.key, highlighted: -1 });
                  }}
                  onKeyDown={(event) => skuKeyDown(index, event)}
                  onPaste={(event) => paste(index, event)}
                  onBlur={() => {
                    resolveSku(index);
                    setOpen(null);
                  }}
                />
                {matches.length > 0 && (
                  <ul className="stock-lines__choices" role="listbox" aria-label={`Products for ${rowName}`}>
                    {matches.map((choice, i) => (
                      <li
                        key={choice.id}
                        role="option"
                        aria-selected={open?.highlighted === i}
                        // Before the input's blur, so the click picks this product.
                        onMouseDown={(event) => {
                          event.preventDefault();
                          pick(index, choice);
                        }}
                      >
                        {choice.sku} – {choice.description}
                      </li>
                    ))}
                  </ul>
                )}
                {unknown && <span className="stock-lines__unknown">Unknown sku</span>}
              </td>
              <td className="stock-lines__description" data-label="Description">
                {product?.description ?? ''}
              </td>
              <td data-label="Packages amount">
                <input
                  aria-label={`Packages amount, ${rowName}`}
                  inputMode="numeric"
                  data-row={index}
                  data-col="packages"
                  value={line.packages}
                  onChange={(event) => replace(index, withPackages(line, event.target.value, product))}
                  onKeyDown={(event) => numberKeyDown(index, 'packages', event)}
                />
              </td>
              <td data-label={amountLabel}>
                <input
                  aria-label={`${amountLabel}, ${rowName}`}
                  inputMode="decimal"
                  data-row={index}
                  data-col="amount"
                  value={line.amount}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${problemId}-${index}` : undefined}
                  onChange={(event) => replace(index, withAmount(line, event.target.value, product))}
                  onKeyDown={(event) => numberKeyDown(index, 'amount', event)}
                />
                {problem ? (
                  <span id={`${problemId}-${index}`} className="field__error">
                    {problem}
                  </span>
                ) : null}
              </td>
              <td className="stock-lines__remaining" data-label="Remaining balance">
                {remaining ?? ''}
              </td>
              <td className="stock-lines__actions">
                <button
                  type="button"
                  className="stock-lines__delete"
                  aria-label={`Delete ${rowName}`}
                  onClick={() => remove(index)}
                >
                  ×
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
