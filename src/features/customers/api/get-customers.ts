import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Tables } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import { pageRange } from '@/shared/ui/pagination/page-rules';
import { customerSearchFilter, type CustomerListParams } from '../customer-list-search';

export type CustomerListRow = Pick<
  Tables<'customers'>,
  'id' | 'email' | 'address' | 'username' | 'name' | 'first_name' | 'last_name' | 'phone' | 'gender' | 'sms_permission'
>;

const COLUMNS = 'id, email, address, username, name, first_name, last_name, phone, gender, sms_permission';

/** One page of the tenant's retail customers, newest first. */
export function getCustomers(tenantId: string, params: CustomerListParams): Promise<CustomerListRow[]> {
  const { from, to } = pageRange(params.page, params.perPage);
  let query = supabase.from('customers').select(COLUMNS).eq('tenant_id', tenantId);
  if (params.consent === 'sms') query = query.eq('sms_permission', true);
  if (params.consent === 'marketing') query = query.eq('marketing_agreement', true);
  if (params.searchPhrase) query = query.or(customerSearchFilter(params.searchPhrase));
  return runQuery(query.order('id', { ascending: false }).range(from, to));
}

export const customersQueryOptions = (tenant: { slug: string; id: string }, params: CustomerListParams) =>
  queryOptions({
    queryKey: queryKeys.tenant(tenant.slug).resource('customers').list({ ...params }),
    queryFn: () => getCustomers(tenant.id, params),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useCustomers(tenant: { slug: string; id: string }, params: CustomerListParams) {
  return useQuery(customersQueryOptions(tenant, params));
}
