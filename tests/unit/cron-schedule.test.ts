import { describe, expect, it } from 'vitest';
import { matchesMinute, parseCronSchedule, type CronFields } from '../../supabase/stack/cron/cron-schedule.ts';

function fields(schedule: string): CronFields {
  const parsed = parseCronSchedule(schedule);
  if (parsed.kind !== 'fields') throw new Error(`${schedule} is not a five-field schedule`);
  return parsed;
}

const at = (iso: string) => new Date(iso);
const fires = (schedule: string, iso: string) => matchesMinute(fields(schedule), at(iso));

describe('cron schedule (pg_cron syntax, UTC)', () => {
  it('runs * * * * * every minute', () => {
    expect(fires('* * * * *', '2026-03-04T05:06:00Z')).toBe(true);
    expect(fires('* * * * *', '2026-03-04T05:06:59Z')).toBe(true);
  });

  it('steps with */n from the field start', () => {
    expect(fires('*/5 * * * *', '2026-03-04T05:00:00Z')).toBe(true);
    expect(fires('*/5 * * * *', '2026-03-04T05:35:00Z')).toBe(true);
    expect(fires('*/5 * * * *', '2026-03-04T05:36:00Z')).toBe(false);
    expect(fires('0 */6 * * *', '2026-03-04T18:00:00Z')).toBe(true);
    expect(fires('0 */6 * * *', '2026-03-04T19:00:00Z')).toBe(false);
  });

  it('reads ranges, stepped ranges and lists', () => {
    expect(fires('0 9-17 * * *', '2026-03-04T09:00:00Z')).toBe(true);
    expect(fires('0 9-17 * * *', '2026-03-04T17:00:00Z')).toBe(true);
    expect(fires('0 9-17 * * *', '2026-03-04T18:00:00Z')).toBe(false);
    expect(fires('10-30/10 * * * *', '2026-03-04T05:20:00Z')).toBe(true);
    expect(fires('10-30/10 * * * *', '2026-03-04T05:25:00Z')).toBe(false);
    expect(fires('5,20,40-42 * * * *', '2026-03-04T05:41:00Z')).toBe(true);
    expect(fires('5,20,40-42 * * * *', '2026-03-04T05:43:00Z')).toBe(false);
  });

  it('knows month and day names, and 7 as Sunday', () => {
    // 2026-03-01 is a Sunday.
    expect(fires('0 0 * mar sun', '2026-03-01T00:00:00Z')).toBe(true);
    expect(fires('0 0 * * 7', '2026-03-01T00:00:00Z')).toBe(true);
    expect(fires('0 0 * * 0', '2026-03-01T00:00:00Z')).toBe(true);
    expect(fires('0 0 * * mon-fri', '2026-03-01T00:00:00Z')).toBe(false);
    expect(fires('0 0 * * MON-FRI', '2026-03-02T00:00:00Z')).toBe(true);
  });

  it('matches either day field when both are restricted, both when one is *', () => {
    // The 15th (a Sunday in March 2026) or any Monday.
    expect(fires('0 0 15 * mon', '2026-03-15T00:00:00Z')).toBe(true);
    expect(fires('0 0 15 * mon', '2026-03-16T00:00:00Z')).toBe(true);
    expect(fires('0 0 15 * mon', '2026-03-17T00:00:00Z')).toBe(false);
    expect(fires('0 0 */2 * *', '2026-03-03T00:00:00Z')).toBe(true);
    expect(fires('0 0 * * 1', '2026-03-03T00:00:00Z')).toBe(false);
  });

  it("reads $ as the month's last day", () => {
    expect(fires('0 12 $ * *', '2026-02-28T12:00:00Z')).toBe(true);
    expect(fires('0 12 $ * *', '2028-02-28T12:00:00Z')).toBe(false);
    expect(fires('0 12 $ * *', '2028-02-29T12:00:00Z')).toBe(true);
  });

  it('expands the @ shorthands', () => {
    expect(fires('@hourly', '2026-03-04T05:00:00Z')).toBe(true);
    expect(fires('@hourly', '2026-03-04T05:01:00Z')).toBe(false);
    expect(fires('@daily', '2026-03-04T00:00:00Z')).toBe(true);
    expect(fires('@weekly', '2026-03-01T00:00:00Z')).toBe(true);
    expect(fires('@weekly', '2026-03-02T00:00:00Z')).toBe(false);
    expect(fires('@monthly', '2026-03-01T00:00:00Z')).toBe(true);
    expect(fires('@yearly', '2027-01-01T00:00:00Z')).toBe(true);
    expect(parseCronSchedule('@reboot')).toEqual({ kind: 'reboot' });
  });

  it("reads pg_cron's 'N seconds' form from 1 to 59", () => {
    expect(parseCronSchedule('30 seconds')).toEqual({ kind: 'interval', seconds: 30 });
    expect(parseCronSchedule(' 1 second ')).toEqual({ kind: 'interval', seconds: 1 });
    expect(parseCronSchedule('5seconds')).toEqual({ kind: 'interval', seconds: 5 });
    expect(() => parseCronSchedule('0 seconds')).toThrow('invalid schedule: 0 seconds');
    expect(() => parseCronSchedule('60 seconds')).toThrow('invalid schedule');
  });

  it('refuses what pg_cron refuses', () => {
    for (const bad of [
      '',
      '* * * *',
      '* * * * * *',
      '60 * * * *',
      '* 24 * * *',
      '* * 0 * *',
      '* * * 13 *',
      '* * * * 8',
      '5/10 * * * *',
      '*/0 * * * *',
      '*/60 * * * *',
      '*-5 * * * *',
      '10-5 * * * *',
      '* * * foo *',
      '@never',
      'every minute',
    ]) {
      expect(() => parseCronSchedule(bad), bad).toThrow('invalid schedule');
    }
  });
});
