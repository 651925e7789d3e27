import { describe, expect, it } from 'vitest';
import { chooseFrom, chooseKind, chooseTo, defaultTargets } from '@/features/inventory/stock-moves/kind-rules';
import {
  emptyLine,
  linesFromPaste,
  linesToSave,
  productFor,
  remainingBalance,
  withAmount,
  withPackages,
} from '@/features/inventory/stock-moves/stock-lines';

const products = [
  { id: 1, sku: 'A-100', description: 'Vanilla box', packaging_size: 6 },
  { id: 2, sku: 'B-200', description: 'Chocolate cone', packaging_size: 1 },
  { id: 3, sku: 'A-1000', description: 'Lakrids stick', packaging_size: 12 },
];

describe('the order/transfer grid lines', () => {
  it('picks a product by exact sku, else by the only match in sku or description', () => {
    expect(productFor('a-100', products)?.id).toBe(1);
    expect(productFor('cone', products)?.id).toBe(2);
    expect(productFor('A-10', products)).toBeUndefined(); // two skus contain it
    expect(productFor('', products)).toBeUndefined();
  });

  it('keeps packages and amount in step by the packaging size', () => {
    const line = { ...emptyLine(), productId: 1 };
    expect(withAmount(line, '7', products[0])).toMatchObject({ amount: '7', packages: '2' });
    expect(withPackages(line, '3', products[0])).toMatchObject({ packages: '3', amount: '18' });
    expect(withAmount(line, 'x', products[0])).toMatchObject({ amount: 'x', packages: '' });
  });

  it('reads a pasted spreadsheet block: sku first, amount last, unknown skus kept as typed', () => {
    const lines = linesFromPaste('A-100\tVanilla\t12\r\nnope\t3\n\nB-200;4\n', products);
    expect(lines.map((l) => [l.productId, l.skuText, l.amount, l.packages])).toEqual([
      [1, 'A-100', '12', '2'],
      [null, 'nope', '3', ''],
      [2, 'B-200', '4', '4'],
    ]);
    // Only rows with a product and a non-zero amount are saved.
    expect(linesToSave([...lines, { ...emptyLine(), productId: 3, amount: '0' }])).toEqual([
      { product_id: 1, amount: 12 },
      { product_id: 2, amount: 4 },
    ]);
  });

  it('shows the from-warehouse balance left, negative when short, nothing without a from-warehouse', () => {
    const line = { ...emptyLine(), productId: 1, amount: '12' };
    expect(remainingBalance(line, new Map([[1, 10]]))).toBe(-2);
    expect(remainingBalance(line, null)).toBeNull();
  });
});

describe('the kind rules (spec §4)', () => {
  const order = { transfer: false, writeOffWithoutTo: false };
  const transfer = { transfer: true, writeOffWithoutTo: false };
  const flagged = { transfer: false, writeOffWithoutTo: true };
  const both = { kind: 'regular' as const, fromWarehouseId: 1, toWarehouseId: 2 };

  it('win_lose clears the from-warehouse; choosing a from-warehouse then clears the kind', () => {
    const winLose = chooseKind(both, 'win_lose', order);
    expect(winLose).toEqual({ kind: 'win_lose', fromWarehouseId: null, toWarehouseId: 2 });
    expect(chooseFrom(winLose, 1)).toEqual({ kind: 'regular', fromWarehouseId: 1, toWarehouseId: 2 });
  });

  it('write_off empties the to-warehouse in the flagged tenant; a to-warehouse then clears it (always in transfers)', () => {
    expect(chooseKind(both, 'write_off', order).toWarehouseId).toBe(2);
    const flaggedWriteOff = chooseKind(both, 'write_off', flagged);
    expect(flaggedWriteOff.toWarehouseId).toBeNull();
    expect(chooseTo(flaggedWriteOff, 2, flagged).kind).toBe('regular');
    expect(chooseTo({ ...both, kind: 'write_off' }, 3, transfer).kind).toBe('regular');
    expect(chooseTo({ ...both, kind: 'write_off' }, 3, order).kind).toBe('write_off');
  });

  it('defaults: a car warehouse receives from the primary depo warehouse; otherwise the primary receives', () => {
    const warehouses = [
      { id: 1, owner_type: 'depo' as const, primary: true },
      { id: 2, owner_type: 'car' as const, primary: false },
      { id: 3, owner_type: 'depo' as const, primary: false },
    ];
    expect(defaultTargets(warehouses[1], warehouses)).toEqual({
      kind: 'regular',
      fromWarehouseId: 1,
      toWarehouseId: 2,
    });
    expect(defaultTargets(warehouses[2], warehouses)).toEqual({
      kind: 'regular',
      fromWarehouseId: null,
      toWarehouseId: 1,
    });
  });
});
