import { queryKeys } from '@/shared/query/query-keys';
import type { B2bCustomerFilters } from './b2b-customers-search';

/** The B2B customers' query keys, all under one tenant resource so one invalidation refreshes list and counts. */
export function b2bCustomerKeys(slug: string) {
  const resource = queryKeys.tenant(slug).resource('b2b_customers');
  return {
    ...resource,
    page: (filters: B2bCustomerFilters, page: number) => resource.list({ ...filters, page }),
    statusSizes: (filters: Omit<B2bCustomerFilters, 'tab'>) => [...resource.all, 'status-sizes', filters] as const,
  };
}
