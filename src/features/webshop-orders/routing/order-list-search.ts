import { isIsoDate } from '@/shared/dates/calendar-date';
import { todayIn } from '@/shared/dates/today-in';
import { oneOf, positiveInt, text } from '@/shared/routing/url-values';
import { Constants } from '@/shared/supabase/database.types';
import { defaultOrderRange } from '../order-dates';
import type { OrderFilters } from '../components/webshop-orders-page';

/** What the URL of an order list carries; a missing range is the tenant's current month. */
export interface OrderListSearch {
  status: OrderFilters['status'];
  start?: string;
  end?: string;
  search: string;
  page: number;
}

const isoOrUndefined = (value: unknown) => (typeof value === 'string' && isIsoDate(value) ? value : undefined);

export const orderListSearch = {
  parse: (raw: Record<string, unknown>): OrderListSearch => ({
    status: oneOf(Constants.public.Enums.order_status, raw.status) ?? 'new',
    start: isoOrUndefined(raw.start),
    end: isoOrUndefined(raw.end),
    search: text(raw.search, { max: 100 }) ?? '',
    page: positiveInt(raw.page) ?? 1,
  }),
};

/** The filters the list queries with: the URL's, the range defaulting to the current month in the tenant's clock. */
export function resolveOrderFilters(search: OrderListSearch, timeZone: string): OrderFilters {
  const month = defaultOrderRange(todayIn(timeZone));
  const start = search.start ?? month.start;
  const end = search.end ?? month.end;
  return { status: search.status, start, end: end < start ? start : end, search: search.search, page: search.page };
}
