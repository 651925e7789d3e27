import { isIsoDate, monthRange, type DateRange } from '@/shared/dates/calendar-date';
import { todayIn } from '@/shared/dates/today-in';
import { isUuid, oneOf, positiveInt } from '@/shared/routing/url-values';
import type { FeedbackFilters } from '../api/get-feedbacks';

export interface FeedbackSearch {
  status: FeedbackFilters['status'];
  start?: string;
  end?: string;
  drivers: string[];
  routes: number[];
  page: number;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const isoOrUndefined = (value: unknown) => (typeof value === 'string' && isIsoDate(value) ? value : undefined);

export const feedbackSearch = {
  parse: (raw: Record<string, unknown>): FeedbackSearch => ({
    status: oneOf(['pending', 'approved'] as const, raw.status) ?? 'pending',
    start: isoOrUndefined(raw.start),
    end: isoOrUndefined(raw.end),
    drivers: list(raw.drivers).filter(isUuid).slice(0, 100),
    routes: list(raw.routes)
      .map(positiveInt)
      .filter((id): id is number => id !== undefined)
      .slice(0, 100),
    page: positiveInt(raw.page) ?? 1,
  }),
};

/** The list's filters, with the tenant's current month as the default range. */
export function resolveFeedbackFilters(
  search: FeedbackSearch,
  timeZone: string,
): { filters: FeedbackFilters; defaultRange: DateRange } {
  const defaultRange = monthRange(todayIn(timeZone));
  const start = search.start ?? defaultRange.start;
  const end = search.end ?? defaultRange.end;
  return { filters: { ...search, start, end: end < start ? start : end }, defaultRange };
}
