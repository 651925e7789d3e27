import { describe, expect, it } from 'vitest';
import { canDropOn, editableRowsBelow } from '@/features/inventory/products/minimum-copy';

describe('copying a product minimum to other rows', () => {
  const rows = [{ editable: true }, { editable: false }, { editable: true }, { editable: true }];

  it('copies down by double click into the editable rows below only', () => {
    expect(editableRowsBelow(rows, 0)).toEqual([2, 3]);
    expect(editableRowsBelow(rows, 2)).toEqual([3]);
    expect(editableRowsBelow(rows, 3)).toEqual([]);
  });

  it('takes a drop on another editable row, not on itself or a row the caller may not edit', () => {
    expect(canDropOn(rows, 3, 0)).toBe(true);
    expect(canDropOn(rows, 0, 1)).toBe(false);
    expect(canDropOn(rows, 2, 2)).toBe(false);
    expect(canDropOn(rows, 0, 9)).toBe(false);
  });
});
