/**
 * Calendar dates as ISO strings (`YYYY-MM-DD`): what PostgREST filters take and the URL carries,
 * free of time zones. Screens show them as DD-MM-YYYY (the specs' format). Plain Date and Intl only.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isoFromParts(year: number, month: number, day: number): IsoDate | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function isoParts(iso: IsoDate): [number, number, number] {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`Not an ISO date: ${iso}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && isoFromParts(Number(match[1]), Number(match[2]), Number(match[3])) === value;
}

/** `2026-11-05` -> `05-11-2026`. */
export function formatDmy(iso: IsoDate): string {
  const [year, month, day] = isoParts(iso);
  return `${pad(day)}-${pad(month)}-${pad(year, 4)}`;
}

/**
 * Reads a typed date: DD-MM-YYYY, also with dots or slashes, one-digit day and month, or the
 * digits alone (DDMMYYYY). Null when it is no real date.
 */
export function parseDmy(text: string): IsoDate | null {
  const trimmed = text.trim();
  const separated = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(trimmed);
  if (separated) return isoFromParts(Number(separated[3]), Number(separated[2]), Number(separated[1]));
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (digits) return isoFromParts(Number(digits[3]), Number(digits[2]), Number(digits[1]));
  return null;
}

/** Date formats a tenant may choose (tenants.date_format). */
export type TenantDateFormat = 'YYYY-MM-DD' | 'DD.MM.YYYY' | 'DD-MM-YYYY' | 'DDMMYY';

export function formatDate(iso: IsoDate, format: TenantDateFormat): string {
  const [year, month, day] = isoParts(iso);
  switch (format) {
    case 'YYYY-MM-DD':
      return iso;
    case 'DD.MM.YYYY':
      return `${pad(day)}.${pad(month)}.${pad(year, 4)}`;
    case 'DD-MM-YYYY':
      return formatDmy(iso);
    case 'DDMMYY':
      return `${pad(day)}${pad(month)}${pad(year % 100)}`;
  }
}

/** Today in a time zone (the tenant's), as an ISO date. */
export function todayIso(now: Date = new Date(), timeZone?: string): IsoDate {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  const iso = isoFromParts(part('year'), part('month'), part('day'));
  if (!iso) throw new RangeError('Could not read today from Intl');
  return iso;
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  const [year, month, day] = isoParts(iso);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Monday of the ISO week (the specs' weeks start on Monday). */
export function startOfWeek(iso: IsoDate): IsoDate {
  const [year, month, day] = isoParts(iso);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return addDays(iso, -weekday);
}

export interface DateRange {
  start: IsoDate;
  end: IsoDate;
}

/** The specs' default window: the month of the given day, first to last day. */
export function monthRange(iso: IsoDate): DateRange {
  const [year, month] = isoParts(iso);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${pad(year, 4)}-${pad(month)}-01`, end: `${pad(year, 4)}-${pad(month)}-${pad(lastDay)}` };
}

/** The end date is forced to the start date when it would come before it. */
export function clampRange(range: DateRange): DateRange {
  return range.end < range.start ? { start: range.start, end: range.start } : range;
}
