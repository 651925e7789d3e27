import { formatDate, isIsoDate, parseDmy, type IsoDate, type TenantDateFormat } from '@/shared/dates/calendar-date';

export const TENANT_DATE_FORMATS: readonly TenantDateFormat[] = ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD-MM-YYYY', 'DDMMYY'];
const FORMATS = TENANT_DATE_FORMATS;

/** An ISO date (`2026-11-22`, or the date part of a timestamp) in the tenant's date format. */
export function formatTenantDate(iso: string, format: string): string {
  const date = iso.slice(0, 10);
  return FORMATS.includes(format as TenantDateFormat) ? formatDate(date, format as TenantDateFormat) : date;
}

/** A timestamp in the tenant's date format and time zone, with hours and minutes (`22-11-2026 14:05`). */
export function formatTenantDateTime(timestamp: string, format: string, timeZone: string): string {
  const moment = new Date(timestamp);
  if (Number.isNaN(moment.getTime())) return timestamp;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(moment);
  } catch {
    return timestamp;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${formatTenantDate(`${part('year')}-${part('month')}-${part('day')}`, format)} ${part('hour')}:${part('minute')}`;
}

/**
 * A date typed in the tenant's format, as an ISO date; null when it is no real date. Day-first formats also
 * take dots, slashes or dashes, one-digit days and months, and the digits alone (`24122026`, or `241226`
 * for DDMMYY).
 */
export function parseTenantDate(text: string, format: TenantDateFormat): IsoDate | null {
  const trimmed = text.trim();
  if (format === 'YYYY-MM-DD') return isIsoDate(trimmed) ? trimmed : null;
  const short = /^(\d{2})(\d{2})(\d{2})$/.exec(trimmed);
  if (format === 'DDMMYY' && short) return parseDmy(`${short[1]}-${short[2]}-20${short[3]}`);
  return parseDmy(trimmed);
}
