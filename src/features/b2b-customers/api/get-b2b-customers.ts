import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { b2bCustomerKeys } from '../b2b-customer-keys';
import { b2bCustomerRowSchema, type B2bCustomerRow } from '../b2b-customer-row';
import type { B2bCustomerFilters } from '../b2b-customers-search';

export interface B2bCustomersPageParams {
  slug: string;
  tenantId: string;
  filters: B2bCustomerFilters;
  page: number;
}

/** One page (25 rows) of the list for the filters and tab (`GET b2b_customers`). */
export async function getB2bCustomers({ tenantId, filters, page }: B2bCustomersPageParams): Promise<B2bCustomerRow[]> {
  const rows = await runQuery(
    supabase.rpc('b2b_customers_page', {
      p_tenant_id: tenantId,
      p_search_phrase: filters.searchPhrase,
      p_depo_id: filters.depoId ?? undefined,
      p_tab: filters.tab,
      p_status: filters.status,
      p_page: page,
    }),
  );
  return z.array(b2bCustomerRowSchema).parse(rows);
}

export const b2bCustomersQueryOptions = (params: B2bCustomersPageParams) =>
  queryOptions({
    queryKey: b2bCustomerKeys(params.slug).page(params.filters, params.page),
    queryFn: () => getB2bCustomers(params),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useB2bCustomers(params: B2bCustomersPageParams) {
  return useQuery(b2bCustomersQueryOptions(params));
}
