import { addDays, type DateRange, type IsoDate } from '@/shared/dates/calendar-date';

/** The spec's warning, shown with the dates and answered by the function when the window is longer. */
export const EXPORT_WINDOW_MESSAGE = 'Maximum 30 days interval can be exported ending with "End date"';

/** At most 30 days ending with the end date (both days counted). */
export const MAX_EXPORT_DAYS = 30;

/** The default: the last 7 days, ending today. */
export const defaultExportRange = (today: IsoDate): DateRange => ({ start: addDays(today, -6), end: today });

export function isWithinExportWindow({ start, end }: DateRange): boolean {
  return start <= end && addDays(end, -(MAX_EXPORT_DAYS - 1)) <= start;
}
