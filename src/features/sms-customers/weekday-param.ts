import { parseDmy, type IsoDate } from '@/shared/dates/calendar-date';

/** The all-customers report's day in its URL (spec §2: DD/MM/YYYY), e.g. `?weekday=05/11/2026`. */
export function weekdayParam(iso: IsoDate): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** The day of `?weekday=`; undefined when missing or no real date (the page then shows today). */
export function readWeekday(value: unknown): IsoDate | undefined {
  if (typeof value !== 'string' || !/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return undefined;
  return parseDmy(value) ?? undefined;
}
