import { listOf, text } from '@/shared/routing/url-values';
import { activeStatuses, type ActiveStatus } from '@/shared/vocabulary/staff-vocabulary';

/** The list shows active products until the user filters otherwise. */
export const DEFAULT_PRODUCT_STATUSES: readonly ActiveStatus[] = ['active'];

/** The products list's URL search: the statuses last filtered on and the search phrase (any length). */
export interface ProductListSearch {
  statuses?: ActiveStatus[];
  search?: string;
}

export const productListSearchSchema = {
  parse: (raw: Partial<Record<keyof ProductListSearch, unknown>>): ProductListSearch => ({
    statuses: listOf(activeStatuses, raw.statuses),
    search: text(raw.search, { max: 200, trim: true, numbers: true }) || undefined,
  }),
};

/** The statuses to list, in a stable order so the query key does not depend on click order. */
export function effectiveProductStatuses(statuses: readonly ActiveStatus[] | undefined): ActiveStatus[] {
  const chosen = statuses && statuses.length > 0 ? statuses : DEFAULT_PRODUCT_STATUSES;
  return activeStatuses.filter((status) => chosen.includes(status));
}
