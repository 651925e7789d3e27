import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { b2bCustomerKeys } from '../b2b-customer-keys';
import { b2bCustomerStatusSizesSchema, type B2bCustomerStatusSizes } from '../b2b-customer-row';
import type { B2bCustomerFilters } from '../b2b-customers-search';

export interface B2bCustomerStatusSizesParams {
  slug: string;
  tenantId: string;
  /** The tab does not change the counts. */
  filters: Omit<B2bCustomerFilters, 'tab'>;
}

const noCounts: B2bCustomerStatusSizes = {
  all_count: 0,
  in_route_count: 0,
  not_in_route_count: 0,
  in_calendar_count: 0,
  not_in_calendar_count: 0,
};

/** The five tab counts for status, depo and search (`GET b2b_customers/fetch_status_sizes`). */
export async function getB2bCustomerStatusSizes({
  tenantId,
  filters,
}: B2bCustomerStatusSizesParams): Promise<B2bCustomerStatusSizes> {
  const rows = await runQuery(
    supabase.rpc('b2b_customer_status_sizes', {
      p_tenant_id: tenantId,
      p_depo_id: filters.depoId ?? undefined,
      p_status: filters.status,
      p_search_phrase: filters.searchPhrase,
    }),
  );
  const [first] = Array.isArray(rows) ? rows : [];
  return first ? b2bCustomerStatusSizesSchema.parse(first) : noCounts;
}

export const b2bCustomerStatusSizesQueryOptions = (params: B2bCustomerStatusSizesParams) => {
  const { status, depoId, searchPhrase } = params.filters;
  const filters = { status, depoId, searchPhrase };
  return queryOptions({
    queryKey: b2bCustomerKeys(params.slug).statusSizes(filters),
    queryFn: () => getB2bCustomerStatusSizes({ ...params, filters }),
    placeholderData: keepPreviousData,
  });
};

export function useB2bCustomerStatusSizes(params: B2bCustomerStatusSizesParams) {
  return useQuery(b2bCustomerStatusSizesQueryOptions(params));
}
