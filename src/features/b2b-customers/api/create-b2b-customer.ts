import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { b2bCustomerKeys } from '../b2b-customer-keys';
import { newB2bCustomerSchema, type NewB2bCustomer } from '../b2b-customer-fields';

/** Adds a customer from the modal's Name and Account Number (`POST b2b_customers`); returns its id. */
export async function createB2bCustomer(tenantId: string, input: NewB2bCustomer): Promise<number> {
  const values = newB2bCustomerSchema.parse(input);
  const row = await runQuery(
    supabase
      .from('b2b_customers')
      .insert({ tenant_id: tenantId, customer_name: values.customer_name, customer_number: values.customer_number })
      .select('id')
      .single(),
  );
  return z.object({ id: z.number() }).parse(row).id;
}

export function useCreateB2bCustomer(slug: string, tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewB2bCustomer) => createB2bCustomer(tenantId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: b2bCustomerKeys(slug).all }),
  });
}
