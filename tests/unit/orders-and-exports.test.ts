import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvStream } from '../../edge-functions/_shared/csv.ts';
import { changeEntries, fieldHistories, type ChangelogVersion } from '@/features/webshop-orders/changelog';
import { isDistanceFlagged, statusTabs } from '@/features/webshop-orders/order-kinds';
import { previousYear } from '@/features/webshop-orders/order-dates';
import { truncateComment } from '@/features/feedback/feedback-text';
import { defaultExportRange, isWithinExportWindow } from '@/features/sales-export/export-window';

describe('order lists', () => {
  it('offer Pickup only on the e-shop of a tenant with the ice-cream layout', () => {
    expect(statusTabs('eshop', true).map((t) => t.label)).toEqual([
      'New',
      'Delivered',
      'Problem',
      'Cancelled',
      'Pickup',
    ]);
    expect(statusTabs('eshop', false).map((t) => t.label)).toEqual(['New', 'Delivered', 'Problem', 'Cancelled']);
    expect(statusTabs('b2b', true).map((t) => t.label)).toEqual(['New', 'Delivered', 'Problem', 'Cancelled']);
  });

  it('flag an additional driving distance above 10 only', () => {
    expect([null, 9.99, 10, 10.01].map(isDistanceFlagged)).toEqual([false, false, false, true]);
  });

  it('clean up the whole previous year by default', () => {
    expect(previousYear('2027-01-01')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  const version = (over: Partial<ChangelogVersion>): ChangelogVersion => ({
    id: 1,
    created_at: '2026-12-01T13:05:00Z',
    user_id: null,
    user_full_name: null,
    status: 'new',
    delivery_date: '2026-12-01',
    route_id: null,
    route_name: null,
    stop_id: null,
    stop_address: null,
    stop_position: null,
    recorded_depo_id: 3,
    recorded_depo_title: 'Aarhus',
    comment: null,
    ...over,
  });
  const tenant = { date_format: 'DD-MM-YYYY', time_zone: 'Europe/Copenhagen' };

  it("show each field's changes in words with the current value last (issue 25 item 6: no codes, ids or ISO dates)", () => {
    const histories = fieldHistories(
      [
        version({ route_id: 1, route_name: 'Tur 1', stop_id: 25181, stop_position: 4, stop_address: 'Vestergade 3' }),
        version({
          id: 2,
          route_id: 2,
          route_name: 'Tur 2',
          stop_id: 25181,
          stop_position: 4,
          stop_address: 'Vestergade 3',
        }),
        version({
          id: 3,
          status: 'completed',
          delivery_date: '2026-12-02',
          route_id: 2,
          route_name: 'Tur 2',
          stop_id: 25181,
          stop_position: 4,
          stop_address: 'Vestergade 3',
          comment: 'Left at door',
        }),
      ],
      tenant,
    );
    const of = (field: string) => histories.find((h) => h.field === field)!;
    expect(histories.map((h) => h.label)).toEqual(['Status', 'Delivery date', 'Route', 'Stop', 'Depo', 'Comment']);
    expect(of('status').values).toEqual(['New', 'Delivered']);
    expect(of('delivery_date').values).toEqual(['01-12-2026', '02-12-2026']);
    expect(of('route').values).toEqual(['Tur 1', 'Tur 2']);
    expect(of('stop').values).toEqual(['Stop 4, Vestergade 3']);
    expect(of('depo').values).toEqual(['Aarhus']);
    expect(of('comment').values).toEqual(['-', 'Left at door']);
  });

  it('say who changed what when, newest first, and name what the caller may not read without its id', () => {
    const versions = [
      version({ route_id: 7, route_name: null }),
      version({
        id: 2,
        created_at: '2026-12-01T14:30:00Z',
        user_id: 'u1',
        user_full_name: 'Dora Depo',
        status: 'failed',
        route_id: 7,
      }),
    ];
    expect(changeEntries(versions, tenant)).toEqual([
      { id: 2, at: '01-12-2026 15:30', by: 'Dora Depo', changed: 'Status' },
      { id: 1, at: '01-12-2026 14:05', by: 'Web shop', changed: 'Created the order' },
    ]);
    expect(fieldHistories(versions, tenant).find((h) => h.field === 'route')!.values).toEqual([
      'A route of another depo',
    ]);
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
    expect(csvLine(['a', 1, null, 'b,c', 'say "hi"', '=SUM(A1)', -5])).toBe(
      'a,1,,"b,c","say ""hi""",\'=SUM(A1),-5\r\n',
    );
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
