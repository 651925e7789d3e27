import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Tables } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { CustomerListParams } from '../customer-list-search';

export type CustomerListRow = Pick<
  Tables<'customers'>,
  'id' | 'email' | 'address' | 'username' | 'name' | 'first_name' | 'last_name' | 'phone' | 'gender' | 'sms_permission'
>;

/**
 * One page of the tenant's retail customers, newest first. Through `customers_page` rather than REST: under
 * row-level security the planner could neither use the search's trigram indexes nor its statistics (issue 15).
 */
export function getCustomers(tenantId: string, params: CustomerListParams): Promise<CustomerListRow[]> {
  return runQuery(
    supabase.rpc('customers_page', {
      p_tenant_id: tenantId,
      p_consent: params.consent ?? undefined,
      p_search_phrase: params.searchPhrase || undefined,
      p_page: params.page,
      p_per_page: params.perPage,
    }),
  );
}

export const customersQueryOptions = (tenant: { slug: string; id: string }, params: CustomerListParams) =>
  queryOptions({
    queryKey: queryKeys
      .tenant(tenant.slug)
      .resource('customers')
      .list({ ...params }),
    queryFn: () => getCustomers(tenant.id, params),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useCustomers(tenant: { slug: string; id: string }, params: CustomerListParams) {
  return useQuery(customersQueryOptions(tenant, params));
}
