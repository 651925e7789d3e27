import { describe, expect, it } from 'vitest';
import { convexHull } from '../../src/features/sms-customers/convex-hull.ts';
import { canSelect, smsState } from '../../src/features/sms-customers/sms-status.ts';
import { formatSlashDmy, parseSlashDmy } from '../../src/shared/dates/slash-date.ts';

describe("the plan event's outline on the SMS customer map", () => {
  it('is the closed convex hull of the stops, inner stops left out', () => {
    const hull = convexHull([
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 0.5],
    ]);
    expect(hull).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ]);
  });

  it('needs three places that are not on one line', () => {
    expect(
      convexHull([
        [1, 1],
        [2, 2],
      ]),
    ).toBeNull();
    expect(
      convexHull([
        [1, 1],
        [1, 1],
        [2, 2],
      ]),
    ).toBeNull();
    expect(
      convexHull([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toBeNull();
  });
});

describe("the all-customers report's day in its URL (DD/MM/YYYY)", () => {
  it('writes and reads the day', () => {
    expect(formatSlashDmy('2026-03-05')).toBe('05/03/2026');
    expect(parseSlashDmy('05/03/2026')).toBe('2026-03-05');
  });

  it('reads no malformed or impossible day', () => {
    for (const value of [
      '31/02/2026',
      '5/3/2026',
      '2026-03-05',
      '05-03-2026',
      20260305,
      undefined,
      `${'1'.repeat(5000)}`,
    ]) {
      expect(parseSlashDmy(value)).toBeUndefined();
    }
  });
});

describe("an SMS customer's state in the list", () => {
  const row = { sms_sent_at: null, sms_sent_skipped_at: null, sms_stopped_at: null };
  it('is sent, skipped, stopped or waiting, and stopped rows cannot be selected', () => {
    expect(smsState({ ...row, sms_sent_at: '2026-01-01T10:00:00Z' })).toBe('sent');
    expect(smsState({ ...row, sms_sent_skipped_at: '2026-01-01T10:00:00Z' })).toBe('skipped');
    expect(smsState({ ...row, sms_stopped_at: '2026-01-01T10:00:00Z' })).toBe('stopped');
    expect(smsState(row)).toBe('pending');
    expect(canSelect(row)).toBe(true);
    expect(canSelect({ sms_stopped_at: '2026-01-01T10:00:00Z' })).toBe(false);
  });
});
