import { formatTimeOfDay } from '@/shared/dates/date-time-text';

/** Minutes either side of the estimate that the tracking page and its markers show. */
export const TRACKING_WINDOW_MINUTES = 10;

/** The arrival window `{ from, to }` as HH:mm in the tenant's time zone; null without an estimate. */
export function arrivalWindow(estimate: string | null, timeZone: string): { from: string; to: string } | null {
  if (!estimate) return null;
  const at = new Date(estimate).getTime();
  if (Number.isNaN(at)) return null;
  const shift = TRACKING_WINDOW_MINUTES * 60_000;
  return {
    from: formatTimeOfDay(new Date(at - shift).toISOString(), timeZone),
    to: formatTimeOfDay(new Date(at + shift).toISOString(), timeZone),
  };
}

const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * The visit's day ("torsdag den 3. december") when the estimate is not today in the tenant's time zone, so a link
 * opened a day early does not read as "today at 14:05"; null today or without an estimate.
 */
export function arrivalDay(
  estimate: string | null,
  timeZone: string,
  locale: 'dk' | 'no',
  now: Date = new Date(),
): string | null {
  if (!estimate) return null;
  const at = new Date(estimate);
  if (Number.isNaN(at.getTime()) || localDate(at, timeZone) === localDate(now, timeZone)) return null;
  return new Intl.DateTimeFormat(locale === 'dk' ? 'da-DK' : 'nb-NO', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(at);
}
