import { monthRange, type DateRange, type IsoDate } from '@/shared/dates/calendar-date';

/** The cleanup's default interval: the whole year before the given day's year. */
export function previousYear(today: IsoDate): DateRange {
  const year = Number(today.slice(0, 4)) - 1;
  const padded = String(year).padStart(4, '0');
  return { start: `${padded}-01-01`, end: `${padded}-12-31` };
}

/** The lists' default range: the current month. */
export const defaultOrderRange = (today: IsoDate): DateRange => monthRange(today);
