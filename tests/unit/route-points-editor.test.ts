import { describe, expect, it } from 'vitest';
import { durationHours, lastStopFromDuration } from '../../src/features/route-points/route-duration.ts';
import { salesEfficiency } from '../../src/features/route-points/sales-efficiency.ts';
import { formatWaitTime, parseWaitTime } from '../../src/features/route-points/wait-time.ts';

describe('wait time as hh:mm', () => {
  it('writes decimal hours zero padded and keeps values with a colon', () => {
    expect(formatWaitTime(2)).toBe('02:00');
    expect(formatWaitTime(0.25)).toBe('00:15');
    expect(formatWaitTime('1.5')).toBe('01:30');
    expect(formatWaitTime(10.75)).toBe('10:45');
    expect(formatWaitTime('1:5x')).toBe('1:5x');
    expect(formatWaitTime(null)).toBe('');
  });
  it('reads hh:mm and decimal hours back', () => {
    expect(parseWaitTime('01:30')).toBe(1.5);
    expect(parseWaitTime('0:45')).toBe(0.75);
    expect(parseWaitTime('2,5')).toBe(2.5);
    expect(parseWaitTime('1:75')).toBeNull();
    expect(parseWaitTime('soon')).toBeNull();
  });
});

describe('sales efficiency colours', () => {
  it('is green at or above the minimum, orange above 0, red at 0', () => {
    expect(salesEfficiency(5, 5)).toBe('efficient');
    expect(salesEfficiency(4, 5)).toBe('some');
    expect(salesEfficiency(0, 5)).toBe('none');
  });
});

describe('route duration in hours', () => {
  it('runs from the first to the last stop, past midnight too, and back', () => {
    expect(durationHours('08:00', '15:30')).toBe(7.5);
    expect(durationHours('22:00', '01:00')).toBe(3);
    expect(durationHours(null, '15:30')).toBeNull();
    expect(lastStopFromDuration('08:00', 7.5)).toBe('15:30');
    expect(lastStopFromDuration('08:00:00', 2.25)).toBe('10:15');
  });
});
