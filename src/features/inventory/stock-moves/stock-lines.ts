import { serverMessage } from '@/shared/errors/server-messages';
import { amountFor, packagesFor, typedNumber } from '../warehouses/order-amounts';

/** A product as the grid picks it. */
export interface GridProduct {
  id: number;
  sku: string;
  description: string;
  packaging_size: number;
}

/** One row of the order/transfer grid, as typed (texts, so a half-typed number stays on screen). */
export interface GridLine {
  key: number;
  productId: number | null;
  /** What was typed in the Sku cell until a product is picked. */
  skuText: string;
  packages: string;
  amount: string;
}

let nextKey = 1;
export const emptyLine = (): GridLine => ({
  key: nextKey++,
  productId: null,
  skuText: '',
  packages: '',
  amount: '',
});

/** Amount typed: packages follow (rounded up to whole packages). */
export function withAmount(line: GridLine, text: string, product: GridProduct | undefined): GridLine {
  const amount = typedNumber(text);
  return {
    ...line,
    amount: text,
    packages: amount === null || !product ? '' : String(packagesFor(Math.abs(amount), product.packaging_size)),
  };
}

/** Packages typed: the amount follows (packages times the packaging size). */
export function withPackages(line: GridLine, text: string, product: GridProduct | undefined): GridLine {
  const packages = typedNumber(text);
  return {
    ...line,
    packages: text,
    amount: packages === null || !product ? '' : String(amountFor(packages, product.packaging_size)),
  };
}

/** The product whose sku is exactly the text (any case), else the only one whose sku or description contains it. */
export function productFor(text: string, products: readonly GridProduct[]): GridProduct | undefined {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return undefined;
  const exact = products.find((p) => p.sku.toLowerCase() === wanted);
  if (exact) return exact;
  const matches = matchingProducts(wanted, products, 2);
  return matches.length === 1 ? matches[0] : undefined;
}

/** Products whose sku or description contains the text, skus starting with it first. */
export function matchingProducts(text: string, products: readonly GridProduct[], limit = 8): GridProduct[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [];
  const hits = products.filter(
    (p) => p.sku.toLowerCase().includes(wanted) || p.description.toLowerCase().includes(wanted),
  );
  hits.sort(
    (a, b) => Number(!a.sku.toLowerCase().startsWith(wanted)) - Number(!b.sku.toLowerCase().startsWith(wanted)),
  );
  return hits.slice(0, limit);
}

/** A block pasted from a spreadsheet: one row a line, cells split by tabs (or ; and ,), the sku first and the amount last. */
export function parsePastedBlock(text: string): Array<{ sku: string; amount: string }> {
  return text
    .split(/\r?\n/)
    .map((row) => row.split(/\t|;/).map((cell) => cell.trim()))
    .filter((cells) => cells.some((cell) => cell !== ''))
    .map((cells) => ({
      sku: cells[0] ?? '',
      amount: cells.length > 1 ? cells[cells.length - 1] : '',
    }));
}

/** Rows from a pasted block: each sku matched to a product (unknown ones stay as typed text, to be fixed). */
export function linesFromPaste(text: string, products: readonly GridProduct[]): GridLine[] {
  return parsePastedBlock(text).map(({ sku, amount }) => {
    const product = productFor(sku, products);
    const line = {
      ...emptyLine(),
      productId: product?.id ?? null,
      skuText: product ? product.sku : sku,
    };
    return withAmount(line, amount, product);
  });
}

/**
 * What is wrong with a typed amount, in the server's words; null when it may be saved. Amounts have at most two
 * decimals (the column's scale); an order moves stock in, so its amounts are above 0 (a win_lose transfer may
 * record a loss, below 0).
 */
export function amountProblem(text: string, mustBePositive: boolean): string | null {
  if (text.trim() === '') return null;
  const amount = typedNumber(text);
  if (amount === null) return serverMessage('not_a_number');
  if (Math.round(amount * 100) !== amount * 100) return AMOUNT_DECIMALS;
  if (mustBePositive && amount <= 0) return serverMessage('greater_than', { count: 0 });
  return null;
}

/** Under an amount with more than two decimals. */
export const AMOUNT_DECIMALS = 'must have at most 2 decimals';

/** The lines that count (spec §5: a sku and a non-zero amount), as the save functions take them. */
export function linesToSave(lines: readonly GridLine[]): Array<{ product_id: number; amount: number }> {
  return lines.flatMap((line) => {
    const amount = typedNumber(line.amount);
    return line.productId !== null && amount !== null && amount !== 0 ? [{ product_id: line.productId, amount }] : [];
  });
}

/** The from-warehouse's balance left after this row (null without a from-warehouse or a product). */
export function remainingBalance(line: GridLine, balances: ReadonlyMap<number, number> | null): number | null {
  if (!balances || line.productId === null) return null;
  return (balances.get(line.productId) ?? 0) - (typedNumber(line.amount) ?? 0);
}

/** Rows for the amounts a link asks for: each sku matched exactly (an unknown one stays as typed text, to be fixed). */
export function linesFromPreset(
  preset: ReadonlyArray<{ sku: string; amount: number }>,
  products: readonly GridProduct[],
): GridLine[] {
  return preset.map(({ sku, amount }) => {
    const product = products.find((p) => p.sku.toLowerCase() === sku.trim().toLowerCase());
    const line = { ...emptyLine(), productId: product?.id ?? null, skuText: product ? product.sku : sku };
    return withAmount(line, String(amount), product);
  });
}
