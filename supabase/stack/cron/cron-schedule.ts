/**
 * pg_cron's schedule language, so a job declared in a migration runs the same locally and hosted:
 * five fields (minute hour day-of-month month day-of-week) with `*`, `a-b`, `*\/n`, `a-b/n`, lists,
 * month and day names, 7 = Sunday and `$` (last day of the month); the `@hourly`-style shorthands;
 * and `'N seconds'` (1–59). Times are UTC, pg_cron's default `cron.timezone` (GMT).
 */
export type CronSchedule =
  { kind: 'interval'; seconds: number } | { kind: 'reboot' } | ({ kind: 'fields' } & CronFields);

export interface CronFields {
  minute: readonly boolean[];
  hour: readonly boolean[];
  dayOfMonth: readonly boolean[];
  month: readonly boolean[];
  /** 0–7, with 0 and 7 both Sunday. */
  dayOfWeek: readonly boolean[];
  /** `$` in the day-of-month field. */
  lastDayOfMonth: boolean;
  /** Vixie cron's rule: when either day field is `*`, both must match; otherwise either may. */
  dayStar: boolean;
}

export class CronScheduleError extends Error {
  constructor(schedule: string) {
    // pg_cron's own wording.
    super(`invalid schedule: ${schedule}`);
  }
}

interface FieldSpec {
  low: number;
  high: number;
  names?: readonly string[];
}

const MINUTE: FieldSpec = { low: 0, high: 59 };
const HOUR: FieldSpec = { low: 0, high: 23 };
const DAY_OF_MONTH: FieldSpec = { low: 1, high: 31 };
const MONTH: FieldSpec = {
  low: 1,
  high: 12,
  names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
};
const DAY_OF_WEEK: FieldSpec = { low: 0, high: 7, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] };

const SHORTHANDS: Record<string, string> = {
  yearly: '0 0 1 1 *',
  annually: '0 0 1 1 *',
  monthly: '0 0 1 * *',
  weekly: '0 0 * * 0',
  daily: '0 0 * * *',
  midnight: '0 0 * * *',
  hourly: '0 * * * *',
};

export function parseCronSchedule(schedule: string): CronSchedule {
  const text = schedule.trim().toLowerCase();
  const interval = /^(\d+)\s*seconds?$/.exec(text);
  if (interval) {
    const seconds = Number(interval[1]);
    if (seconds >= 1 && seconds <= 59) return { kind: 'interval', seconds };
    throw new CronScheduleError(schedule);
  }
  if (text.startsWith('@')) {
    const name = text.slice(1);
    if (name === 'reboot' || name === 'restart') return { kind: 'reboot' };
    const expanded = SHORTHANDS[name];
    if (!expanded) throw new CronScheduleError(schedule);
    return parseFields(expanded, schedule);
  }
  return parseFields(text, schedule);
}

function parseFields(text: string, original: string): CronSchedule {
  const parts = text.split(/\s+/);
  if (parts.length !== 5) throw new CronScheduleError(original);
  const [minute, hour, dom, month, dow] = parts as [string, string, string, string, string];
  const lastDayOfMonth = dom === '$';
  const dayOfWeek = parseField(dow, DAY_OF_WEEK, original);
  // Sunday is both 0 and 7.
  if (dayOfWeek[0] || dayOfWeek[7]) dayOfWeek[0] = dayOfWeek[7] = true;
  return {
    kind: 'fields',
    minute: parseField(minute, MINUTE, original),
    hour: parseField(hour, HOUR, original),
    dayOfMonth: lastDayOfMonth ? new Array<boolean>(32).fill(false) : parseField(dom, DAY_OF_MONTH, original),
    month: parseField(month, MONTH, original),
    dayOfWeek,
    lastDayOfMonth,
    dayStar: dom.startsWith('*') || dow.startsWith('*'),
  };
}

/** One field: a comma list of `*`, `n`, `a-b`, each but a bare number optionally `/step`. */
function parseField(field: string, spec: FieldSpec, original: string): boolean[] {
  const bits = new Array<boolean>(spec.high + 1).fill(false);
  for (const item of field.split(',')) {
    const match = /^(\*|[a-z0-9]+(?:-[a-z0-9]+)?)(?:\/(\d+))?$/.exec(item);
    if (!match) throw new CronScheduleError(original);
    const range = match[1] ?? '';
    const stepText = match[2];
    let start: number;
    let end: number;
    if (range === '*') {
      start = spec.low;
      end = spec.high;
    } else {
      const [a, b] = range.split('-');
      start = value(a ?? '', spec, original);
      // pg_cron rejects a step on a single number (`5/10`): only `*` and ranges take one.
      if (b === undefined && stepText !== undefined) throw new CronScheduleError(original);
      end = b === undefined ? start : value(b, spec, original);
    }
    const step = stepText === undefined ? 1 : Number(stepText);
    if (step < 1 || step > spec.high || start > end) throw new CronScheduleError(original);
    for (let i = start; i <= end; i += step) bits[i] = true;
  }
  return bits;
}

function value(token: string, spec: FieldSpec, original: string): number {
  let n: number;
  if (/^\d+$/.test(token)) {
    n = Number(token);
  } else {
    const index = spec.names?.indexOf(token) ?? -1;
    if (index < 0) throw new CronScheduleError(original);
    n = index + spec.low;
  }
  if (n < spec.low || n > spec.high) throw new CronScheduleError(original);
  return n;
}

/** Whether a five-field schedule fires in the minute holding `at` (UTC). */
export function matchesMinute(schedule: CronFields, at: Date): boolean {
  const tomorrow = new Date(at.getTime() + 86_400_000);
  const isLastDay = tomorrow.getUTCDate() === 1;
  const dom = (schedule.dayOfMonth[at.getUTCDate()] ?? false) || (schedule.lastDayOfMonth && isLastDay);
  const dow = schedule.dayOfWeek[at.getUTCDay()] ?? false;
  const day = schedule.dayStar ? dom && dow : dom || dow;
  return (
    (schedule.minute[at.getUTCMinutes()] ?? false) &&
    (schedule.hour[at.getUTCHours()] ?? false) &&
    (schedule.month[at.getUTCMonth() + 1] ?? false) &&
    day
  );
}

/** True when pg_cron would accept the schedule (the SQL side, cron._schedule_is_valid, must agree). */
export function isValidCronSchedule(schedule: string): boolean {
  try {
    parseCronSchedule(schedule);
    return true;
  } catch {
    return false;
  }
}
