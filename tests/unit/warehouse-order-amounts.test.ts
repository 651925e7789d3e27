import { describe, expect, it } from 'vitest';
import { amountFor, packagesFor, typedNumber } from '@/features/inventory/warehouses/order-amounts';
import { parseOwner } from '@/features/inventory/warehouses/warehouse-form-values';

describe('warehouse products tab amounts', () => {
  it('needs the rounded-up whole packages for an amount, and packages give packages x size', () => {
    expect(packagesFor(13, 6)).toBe(3);
    expect(packagesFor(12, 6)).toBe(2);
    expect(packagesFor(0, 6)).toBe(0);
    expect(amountFor(3, 6)).toBe(18);
  });

  it('reads a typed number, blank or text as none', () => {
    expect(typedNumber('12,5')).toBe(12.5);
    expect(typedNumber(' ')).toBeNull();
    expect(typedNumber('abc')).toBeNull();
  });
});

describe('warehouse owner select', () => {
  it('reads depo and car owners, nothing else', () => {
    expect(parseOwner('car:12')).toEqual({ type: 'car', id: 12 });
    expect(parseOwner('depo:4')).toEqual({ type: 'depo', id: 4 });
    expect(parseOwner('')).toBeNull();
    expect(parseOwner('truck:1')).toBeNull();
  });
});
