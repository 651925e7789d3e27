import { oneOf, positiveInt, text } from '@/shared/routing/url-values';

/** The five tabs of the list, in screen order, with the count each one shows. */
export const b2bCustomerTabs = [
  { id: 'all', label: 'All', count: 'all_count' },
  { id: 'in_route', label: 'In Route', count: 'in_route_count' },
  { id: 'not_in_route', label: 'Not in route', count: 'not_in_route_count' },
  { id: 'in_calendar', label: 'In calendar', count: 'in_calendar_count' },
  { id: 'not_in_calendar', label: 'Not in Calendar', count: 'not_in_calendar_count' },
] as const;

export type B2bCustomerTab = (typeof b2bCustomerTabs)[number]['id'];
export type B2bCustomerStatus = 'active' | 'inactive';

const tabIds: readonly B2bCustomerTab[] = b2bCustomerTabs.map((tab) => tab.id);

/**
 * The list's filters in the URL, so a reload or a shared link shows the same list. `depo_id` is the
 * list's own depo filter (none: every depo); the header's `depo` parameter is the working depo.
 * Malformed values fall back to the defaults rather than failing the page.
 */
export interface B2bCustomersSearch {
  status: B2bCustomerStatus;
  depo_id?: number;
  search_phrase: string;
  tab: B2bCustomerTab;
  page: number;
}

export const b2bCustomersSearchSchema = {
  // Typed by what a link may set, so a link with a wrong filter does not compile; the URL may still hold anything.
  parse: (raw: Partial<Record<keyof B2bCustomersSearch, unknown>>): B2bCustomersSearch => ({
    status: oneOf(['active', 'inactive'], raw.status) ?? 'active',
    depo_id: positiveInt(raw.depo_id),
    search_phrase: text(raw.search_phrase, { trim: true, max: 200 }) ?? '',
    tab: oneOf(tabIds, raw.tab) ?? 'all',
    page: positiveInt(raw.page) ?? 1,
  }),
};

/** The values a URL leaves out: the list as it opens. */
export const b2bCustomersSearchDefaults = { status: 'active', search_phrase: '', tab: 'all', page: 1 } as const;

/** What the list and the export are filtered by (the page aside). */
export interface B2bCustomerFilters {
  status: B2bCustomerStatus;
  depoId: number | null;
  searchPhrase: string;
  tab: B2bCustomerTab;
}

export function filtersFromSearch(search: B2bCustomersSearch): B2bCustomerFilters {
  return { status: search.status, depoId: search.depo_id ?? null, searchPhrase: search.search_phrase, tab: search.tab };
}

/**
 * The URL after a filter change: status, depo or search start again on page 1 of the same tab;
 * a tab switch starts on page 1 too.
 */
export function nextSearch(
  current: B2bCustomersSearch,
  change: Partial<Omit<B2bCustomersSearch, 'page'>>,
): B2bCustomersSearch {
  return { ...current, ...change, page: 1 };
}
