import { addDays, type IsoDate } from '@/shared/dates/calendar-date';

/**
 * ISO weeks as the calendar's URL carries them: `YYYY-W` (`2026-53`, `2027-1`). Week 1 is the week with the
 * year's first Thursday; weeks start on Monday. A year has 53 weeks when it starts on a Thursday, or is a leap
 * year starting on a Wednesday, which is why previous/next wrap at the year's own count.
 */
export interface IsoWeek {
  year: number;
  week: number;
}

const WEEK_TEXT = /^(\d{4})-(\d{1,2})$/;

const utc = (iso: IsoDate) => new Date(`${iso}T00:00:00Z`);
const isoOf = (date: Date): IsoDate => date.toISOString().slice(0, 10);

/** The Monday of week 1 of `year`. */
function firstMonday(year: number): IsoDate {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const weekday = (jan4.getUTCDay() + 6) % 7; // Monday 0
  return addDays(isoOf(jan4), -weekday);
}

export function weeksInYear(year: number): number {
  const jan1 = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return jan1 === 4 || (leap && jan1 === 3) ? 53 : 52;
}

/** The ISO week a date falls in (late December can be week 1 of the next year, early January week 52/53). */
export function isoWeekOf(iso: IsoDate): IsoWeek {
  const date = utc(iso);
  const weekday = (date.getUTCDay() + 6) % 7;
  // The Thursday of the same week decides the year.
  const thursday = addDays(iso, 3 - weekday);
  const year = Number(thursday.slice(0, 4));
  const week = 1 + Math.floor((utc(thursday).getTime() - utc(firstMonday(year)).getTime()) / (7 * 86_400_000));
  return { year, week };
}

export function mondayOf({ year, week }: IsoWeek): IsoDate {
  return addDays(firstMonday(year), (week - 1) * 7);
}

/** The seven dates of a week, Monday first. */
export function daysOf(week: IsoWeek): IsoDate[] {
  const monday = mondayOf(week);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** `2026-53`; the URL and the title show it so. */
export function formatIsoWeek({ year, week }: IsoWeek): string {
  return `${year}-${week}`;
}

/** Reads `YYYY-W`; null for text that is no week of that year (`2026-54`, `2027-53`). */
export function parseIsoWeek(text: string): IsoWeek | null {
  const match = WEEK_TEXT.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const week = Number(match[2]);
  if (year < 1970 || week < 1 || week > weeksInYear(year)) return null;
  return { year, week };
}

/** The week before or after, across the turn of the year at that year's number of weeks. */
export function shiftWeek({ year, week }: IsoWeek, by: -1 | 1): IsoWeek {
  if (by === 1) return week >= weeksInYear(year) ? { year: year + 1, week: 1 } : { year, week: week + 1 };
  return week <= 1 ? { year: year - 1, week: weeksInYear(year - 1) } : { year, week: week - 1 };
}
