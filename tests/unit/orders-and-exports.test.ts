import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvStream } from '../../edge-functions/_shared/csv.ts';
import { fieldHistories } from '@/features/webshop-orders/changelog';
import { isDistanceFlagged, statusTabs } from '@/features/webshop-orders/order-kinds';
import { previousYear } from '@/features/webshop-orders/order-dates';
import { truncateComment } from '@/features/feedback/feedback-text';
import { defaultExportRange, isWithinExportWindow } from '@/features/sales-export/export-window';

describe('order lists', () => {
  it('offer Pickup only on the e-shop of a tenant with the ice-cream layout', () => {
    expect(statusTabs('eshop', true).map((t) => t.label)).toEqual(['New', 'Delivered', 'Problem', 'Cancelled', 'Pickup']);
    expect(statusTabs('eshop', false).map((t) => t.label)).toEqual(['New', 'Delivered', 'Problem', 'Cancelled']);
    expect(statusTabs('b2b', true).map((t) => t.label)).toEqual(['New', 'Delivered', 'Problem', 'Cancelled']);
  });

  it('flag an additional driving distance above 10 only', () => {
    expect([null, 9.99, 10, 10.01].map(isDistanceFlagged)).toEqual([false, false, false, true]);
  });

  it('clean up the whole previous year by default', () => {
    expect(previousYear('2027-01-01')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  it('show each field\'s changes with the current value last', () => {
    const histories = fieldHistories([
      { status: 'new', route_id: 1, comment: null },
      { status: 'new', route_id: 2, comment: null },
      { status: 'completed', route_id: 2, comment: 'Left at door' },
    ]);
    expect(histories.find((h) => h.field === 'status')!.values).toEqual(['new', 'completed']);
    expect(histories.find((h) => h.field === 'route_id')!.values).toEqual(['1', '2']);
    expect(histories.find((h) => h.field === 'comment')!.values).toEqual(['-', 'Left at door']);
  });
});

describe('feedback comments', () => {
  it('are cut to 50 characters', () => {
    expect(truncateComment('x'.repeat(50))).toBe('x'.repeat(50));
    expect(truncateComment('x'.repeat(51))).toBe(`${'x'.repeat(50)}…`);
    expect(truncateComment(null)).toBe('');
  });
});

describe('the export window', () => {
  it('is the last 7 days by default and at most 30 days ending with the end date', () => {
    expect(defaultExportRange('2027-03-01')).toEqual({ start: '2027-02-23', end: '2027-03-01' });
    expect(isWithinExportWindow({ start: '2027-01-31', end: '2027-03-01' })).toBe(true);
    expect(isWithinExportWindow({ start: '2027-01-30', end: '2027-03-01' })).toBe(false);
    expect(isWithinExportWindow({ start: '2027-03-02', end: '2027-03-01' })).toBe(false);
  });
});

describe('CSV', () => {
  it('quotes what needs it and keeps formulas as text', () => {
    expect(csvLine(['a', 1, null, 'b,c', 'say "hi"', '=SUM(A1)', -5])).toBe('a,1,,"b,c","say ""hi""",\'=SUM(A1),-5\r\n');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });

  it('pulls one page when the reader asks for it', async () => {
    let pagesRead = 0;
    async function* pages() {
      for (let page = 0; page < 3; page += 1) {
        pagesRead += 1;
        yield [[page, 'x']];
      }
    }
    const reader = csvStream(['n', 'v'], pages()).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe('n,v\r\n');
    expect(pagesRead).toBe(0);
    expect(decoder.decode((await reader.read()).value)).toBe('0,x\r\n');
    expect(pagesRead).toBe(1);
    await reader.cancel();
    expect(pagesRead).toBe(1);
  });
});
