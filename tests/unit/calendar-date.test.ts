import { describe, expect, it } from 'vitest';
import {
  addDays,
  clampRange,
  formatDate,
  formatDmy,
  isIsoDate,
  monthRange,
  parseDmy,
  startOfWeek,
  todayIso,
} from '../../src/shared/dates/calendar-date.ts';

describe('calendar dates', () => {
  it('show as DD-MM-YYYY', () => {
    expect(formatDmy('2026-11-05')).toBe('05-11-2026');
    expect(formatDmy('0999-01-31')).toBe('31-01-0999');
    expect(() => formatDmy('5.11.2026')).toThrow(RangeError);
  });

  it('read typed dates in the usual shapes and refuse impossible ones', () => {
    expect(parseDmy('05-11-2026')).toBe('2026-11-05');
    expect(parseDmy('5-1-2026')).toBe('2026-01-05');
    expect(parseDmy('05.11.2026')).toBe('2026-11-05');
    expect(parseDmy('05/11/2026')).toBe('2026-11-05');
    expect(parseDmy('05112026')).toBe('2026-11-05');
    expect(parseDmy(' 29-02-2028 ')).toBe('2028-02-29');
    expect(parseDmy('29-02-2026')).toBeNull();
    expect(parseDmy('31-04-2026')).toBeNull();
    expect(parseDmy('00-01-2026')).toBeNull();
    expect(parseDmy('2026-11-05')).toBeNull();
    expect(parseDmy('')).toBeNull();
  });

  it('know a real ISO date', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('26-02-28')).toBe(false);
  });

  it("format in each tenant's date format", () => {
    expect(formatDate('2026-03-09', 'YYYY-MM-DD')).toBe('2026-03-09');
    expect(formatDate('2026-03-09', 'DD.MM.YYYY')).toBe('09.03.2026');
    expect(formatDate('2026-03-09', 'DD-MM-YYYY')).toBe('09-03-2026');
    expect(formatDate('2026-03-09', 'DDMMYY')).toBe('090326');
  });

  it('tell today in a time zone', () => {
    // 23:30 UTC on 31 December is already New Year in Copenhagen.
    const lateEvening = new Date(Date.UTC(2026, 11, 31, 23, 30));
    expect(todayIso(lateEvening, 'UTC')).toBe('2026-12-31');
    expect(todayIso(lateEvening, 'Europe/Copenhagen')).toBe('2027-01-01');
  });

  it('add days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-05', 0)).toBe('2026-11-05');
  });

  it('start weeks on Monday', () => {
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(startOfWeek('2026-11-16')).toBe('2026-11-16'); // a Monday
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
  });

  it('give the month window by default', () => {
    expect(monthRange('2026-11-22')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(monthRange('2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });

  it('force the end date to the start date when it is earlier', () => {
    expect(clampRange({ start: '2026-11-10', end: '2026-11-01' })).toEqual({ start: '2026-11-10', end: '2026-11-10' });
    expect(clampRange({ start: '2026-11-01', end: '2026-11-10' })).toEqual({ start: '2026-11-01', end: '2026-11-10' });
    expect(clampRange({ start: '2026-11-01', end: '2026-11-01' })).toEqual({ start: '2026-11-01', end: '2026-11-01' });
  });
});
