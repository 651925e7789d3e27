import { describe, expect, it } from 'vitest';
import { rowCells } from '../../src/features/calendar/calendar-rows';
import { daysOf } from '../../src/features/calendar/iso-week';

const days = daysOf({ year: 2026, week: 53 }); // 28-12-2026 .. 03-01-2027

const shape = (events: Array<{ date: string; day_span: number }>) =>
  rowCells(days, events).map((cell) => (cell.kind === 'event' ? `${cell.date}x${cell.span}` : cell.date));

describe('calendar row cells', () => {
  it('merges the days of a multi-day event into one cell and leaves the other days empty', () => {
    expect(shape([{ date: '2026-12-29', day_span: 3 }])).toEqual([
      '2026-12-28',
      '2026-12-29x3',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('starts an event of the week before on Monday, and cuts one running past Sunday at Sunday', () => {
    expect(
      shape([
        { date: '2026-12-26', day_span: 4 },
        { date: '2027-01-02', day_span: 3 },
      ]),
    ).toEqual(['2026-12-28x2', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02x2']);
  });

  it('draws seven empty days for a car without events', () => {
    expect(shape([])).toEqual(days);
  });
});
