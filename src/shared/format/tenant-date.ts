import { formatDate, type TenantDateFormat } from '@/shared/dates/calendar-date';

const FORMATS: readonly TenantDateFormat[] = ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD-MM-YYYY', 'DDMMYY'];

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
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }).formatToParts(moment);
  } catch {
    return timestamp;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${formatTenantDate(`${part('year')}-${part('month')}-${part('day')}`, format)} ${part('hour')}:${part('minute')}`;
}
