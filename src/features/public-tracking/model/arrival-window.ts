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
