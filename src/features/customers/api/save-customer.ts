import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { consentRecordKeys } from './get-customer-consent-records';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { customerRowFromForm, type CustomerFormValues } from '../customer-form-values';
import { CUSTOMER_COLUMNS, type Customer } from './get-customer';

export interface SaveCustomerInput {
  /** null creates the customer (POST), an id changes it (PATCH). */
  customerId: number | null;
  values: CustomerFormValues;
}

export function saveCustomer(
  tenant: { id: string; hides_customer_route_number: boolean },
  input: SaveCustomerInput,
): Promise<Customer> {
  const row = customerRowFromForm(input.values, { hidesRouteNumber: tenant.hides_customer_route_number });
  const query =
    input.customerId === null
      ? supabase.from('customers').insert({ ...row, tenant_id: tenant.id })
      : supabase.from('customers').update(row).eq('tenant_id', tenant.id).eq('id', input.customerId);
  return runQuery(query.select(CUSTOMER_COLUMNS).single());
}

export function useSaveCustomer(tenant: { id: string; slug: string; hides_customer_route_number: boolean }) {
  const queryClient = useQueryClient();
  const keys = queryKeys.tenant(tenant.slug).resource('customers');
  return useMutation({
    mutationFn: (input: SaveCustomerInput) => saveCustomer(tenant, input),
    onSuccess: (customer) => {
      queryClient.setQueryData(keys.detail(customer.id), customer);
      void queryClient.invalidateQueries({ queryKey: keys.lists() });
      // A changed consent is recorded by the database: the history shows it.
      void queryClient.invalidateQueries({ queryKey: consentRecordKeys(tenant.slug).all });
    },
  });
}
