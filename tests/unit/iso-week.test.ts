import { describe, expect, it } from 'vitest';
import {
  daysOf,
  formatIsoWeek,
  isoWeekOf,
  mondayOf,
  parseIsoWeek,
  shiftWeek,
  weeksInYear,
} from '../../src/features/calendar/iso-week';

describe('ISO weeks of the calendar', () => {
  it('counts 53 weeks in years starting on a Thursday (or leap years starting on a Wednesday), else 52', () => {
    expect([2020, 2026, 2032, 2037].map(weeksInYear)).toEqual([53, 53, 53, 53]);
    expect([2021, 2024, 2025, 2027].map(weeksInYear)).toEqual([52, 52, 52, 52]);
  });

  it('places dates around the turn of the year in the week of their Thursday', () => {
    expect(isoWeekOf('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-03')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeekOf('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(isoWeekOf('2026-11-26')).toEqual({ year: 2026, week: 48 });
  });

  it("wraps previous and next at the year's number of weeks", () => {
    expect(shiftWeek({ year: 2026, week: 53 }, 1)).toEqual({ year: 2027, week: 1 });
    expect(shiftWeek({ year: 2027, week: 1 }, -1)).toEqual({ year: 2026, week: 53 });
    expect(shiftWeek({ year: 2025, week: 52 }, 1)).toEqual({ year: 2026, week: 1 });
    expect(shiftWeek({ year: 2026, week: 1 }, -1)).toEqual({ year: 2025, week: 52 });
  });

  it('reads and writes YYYY-W, refusing weeks a year does not have', () => {
    expect(parseIsoWeek('2026-53')).toEqual({ year: 2026, week: 53 });
    expect(parseIsoWeek('2027-53')).toBeNull();
    expect(parseIsoWeek('2026-0')).toBeNull();
    expect(parseIsoWeek('nonsense')).toBeNull();
    expect(formatIsoWeek({ year: 2027, week: 1 })).toBe('2027-1');
  });

  it('gives Monday to Sunday of a week', () => {
    expect(mondayOf({ year: 2027, week: 1 })).toBe('2027-01-04');
    expect(daysOf({ year: 2026, week: 53 })).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });
});
