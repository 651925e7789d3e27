import { describe, expect, it } from 'vitest';
import { eodFailure } from '@/features/eod/eod-failure';
import { eodSections, miscellaneousLines } from '@/features/eod/eod-sections';
import { instantFromZoned, zonedInputValue } from '@/features/eod/zoned-input';
import { RequestError } from '@/shared/supabase/request-error';

const refused = (message: string, details: unknown) =>
  new RequestError({
    message,
    status: 400,
    path: '/rest/v1/rpc/approve_end_of_day_report',
    code: 'P0001',
    details: JSON.stringify(details),
  });

describe('EOD sections per layout', () => {
  it("shows Mobile Pay on the ice-cream layout and Vipps and Gift card elsewhere, in the spec's order", () => {
    expect(eodSections(true).map((s) => s.title)).toEqual([
      'Cash',
      'Card',
      'Mobile Pay',
      'Invoice',
      'Miscellaneous',
      'Deposited To Bank',
      'Discount',
      'Total',
    ]);
    expect(eodSections(false).map((s) => s.title)).toEqual([
      'Cash',
      'Card',
      'Vipps',
      'Gift card',
      'Invoice',
      'Miscellaneous',
      'Deposited To Bank',
      'Discount',
      'Total',
    ]);
    expect(miscellaneousLines(true).map((l) => l.label)).toEqual([
      'Customer Club',
      'Online Buy',
      'Gift Card',
      'Mobilepay Emergency Number',
    ]);
    expect(miscellaneousLines(false).map((l) => l.label)).toEqual([
      'Kredittsalg',
      'Vipps timet ut',
      'Gavekort',
      'Pre-paid',
    ]);
  });
});

describe('EOD failures', () => {
  it('reads the card, miscellaneous, stock and already-approved refusals into their dialogs', () => {
    expect(
      eodFailure(
        refused('Card amount must be equals to Dankort card amount + other card amount', {
          card: 500,
          local_card_amount: 250,
          other_card_amount: 200,
          missing: 50,
        }),
      ),
    ).toEqual({ kind: 'card', card: 500, dankort: 250, other: 200, missing: 50 });
    expect(
      eodFailure(
        refused('Miscellaneous fields must match the total', { fields: { end_prepaid: 10 }, total: 40, missing: 30 }),
      ),
    ).toEqual({ kind: 'miscellaneous', fields: { end_prepaid: 10 }, total: 40, missing: 30 });
    expect(
      eodFailure(
        refused('There is not enough stock in warehouse C7', {
          warehouse_id: 7,
          warehouse_code: 'C7',
          items: [{ sku: 'IS-101', missing: 3 }],
        }),
      ),
    ).toEqual({ kind: 'stock', warehouseId: 7, warehouseCode: 'C7', items: [{ sku: 'IS-101', missing: 3 }] });
    expect(
      eodFailure(
        refused(
          'EOD for this trip has already been approved. Please change EOD open date or create EOD manually',
          null,
        ),
      )?.kind,
    ).toBe('already-approved');
    expect(eodFailure(refused('Not found', null))).toBeNull();
    expect(eodFailure(new Error('boom'))).toBeNull();
  });
});

describe("wall-clock times in the tenant's zone", () => {
  it('round-trips a time in summer and winter, and across the spring change', () => {
    expect(instantFromZoned('2026-07-01T09:30', 'Europe/Copenhagen')).toBe('2026-07-01T07:30:00.000Z');
    expect(instantFromZoned('2026-01-15T09:30', 'Europe/Copenhagen')).toBe('2026-01-15T08:30:00.000Z');
    expect(instantFromZoned('2026-03-29T04:00', 'Europe/Oslo')).toBe('2026-03-29T02:00:00.000Z');
    expect(zonedInputValue('2026-07-01T07:30:00.000Z', 'Europe/Copenhagen')).toBe('2026-07-01T09:30');
    expect(instantFromZoned('yesterday', 'Europe/Copenhagen')).toBeNull();
  });
});
