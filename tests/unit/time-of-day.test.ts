import { describe, expect, it } from 'vitest';
import { isTimeOfDayOrBlank, parseTimeOfDay } from '@/shared/dates/time-of-day';

describe('parseTimeOfDay', () => {
  it('reads HH:mm and the short ways of typing it', () => {
    expect(parseTimeOfDay('14:15')).toBe('14:15');
    expect(parseTimeOfDay(' 9:05 ')).toBe('09:05');
    expect(parseTimeOfDay('14.15')).toBe('14:15');
    expect(parseTimeOfDay('1415')).toBe('14:15');
    expect(parseTimeOfDay('905')).toBe('09:05');
    expect(parseTimeOfDay('9')).toBe('09:00');
    expect(parseTimeOfDay('08:00:00')).toBe('08:00');
    expect(parseTimeOfDay('00:00')).toBe('00:00');
    expect(parseTimeOfDay('23:59')).toBe('23:59');
  });

  it('refuses what is no time of day', () => {
    for (const text of ['', 'abc', '25:99', '24:00', '12:60', '09:00 AM', '1:2', '12345', '-1:00'])
      expect(parseTimeOfDay(text)).toBeNull();
  });

  it('takes blank as none', () => {
    expect(isTimeOfDayOrBlank('  ')).toBe(true);
    expect(isTimeOfDayOrBlank('7:30')).toBe(true);
    expect(isTimeOfDayOrBlank('7:3')).toBe(false);
  });
});
