import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Tables } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

export type Customer = Pick<
  Tables<'customers'>,
  | 'id'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'username'
  | 'name'
  | 'phone'
  | 'route_number'
  | 'address'
  | 'address_type'
  | 'home_address'
  | 'home_address_type'
  | 'lat'
  | 'lng'
  | 'gender'
  | 'sms_permission'
>;

export const CUSTOMER_COLUMNS =
  'id, email, first_name, last_name, username, name, phone, route_number, address, address_type, home_address, home_address_type, lat, lng, gender, sms_permission';

/** One customer for the edit form ("Not found" when it is not the tenant's). */
export function getCustomer(tenantId: string, customerId: number): Promise<Customer> {
  return runQuery(
    supabase.from('customers').select(CUSTOMER_COLUMNS).eq('tenant_id', tenantId).eq('id', customerId).single(),
  );
}

export const customerQueryOptions = (tenant: { slug: string; id: string }, customerId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(tenant.slug).resource('customers').detail(customerId),
    queryFn: () => getCustomer(tenant.id, customerId),
  });

export function useCustomer(tenant: { slug: string; id: string }, customerId: number) {
  return useQuery(customerQueryOptions(tenant, customerId));
}
