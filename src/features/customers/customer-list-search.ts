import { oneOf, positiveInt, text } from '@/shared/routing/url-values';

/** Rows per page of the customers table (admin-core §9): 25 or 50, default 25. */
export const CUSTOMER_PAGE_SIZES = [25, 50] as const;
export type CustomerPageSize = (typeof CUSTOMER_PAGE_SIZES)[number];

/** The consent radio filter (tenants with `has_consent_filter` only). */
export const CONSENTS = ['sms', 'marketing'] as const;
export type Consent = (typeof CONSENTS)[number];

/** The list's URL search: page, rows per page, consent filter and search phrase; bad values fall back. */
export interface CustomerListSearch {
  page?: number;
  per_page?: CustomerPageSize;
  consent?: Consent;
  search_phrase?: string;
}

export const customerListSearchSchema = {
  parse: (raw: Partial<Record<keyof CustomerListSearch, unknown>>): CustomerListSearch => {
    const perPage = positiveInt(raw.per_page);
    return {
      page: positiveInt(raw.page),
      per_page: CUSTOMER_PAGE_SIZES.find((size) => size === perPage),
      consent: oneOf(CONSENTS, raw.consent),
      search_phrase: text(raw.search_phrase),
    };
  },
};

export interface CustomerListParams {
  page: number;
  perPage: CustomerPageSize;
  consent: Consent | null;
  searchPhrase: string;
}

/** The list parameters a URL search stands for, with the defaults filled in. */
export function customerListParams(search: CustomerListSearch): CustomerListParams {
  return {
    page: search.page ?? 1,
    perPage: search.per_page ?? 25,
    consent: search.consent ?? null,
    searchPhrase: search.search_phrase?.trim() ?? '',
  };
}
