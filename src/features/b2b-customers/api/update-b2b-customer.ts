import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { b2bCustomerKeys } from '../b2b-customer-keys';
import type { B2bCustomerPayload } from '../b2b-customer-fields';

/**
 * Saves the whole customer (`PUT b2b_customers/{id}`), as `b2bCustomerPayloadSchema` parsed it from the
 * form; 'Not found' when it was deleted meanwhile.
 */
export async function updateB2bCustomer(tenantId: string, id: number, values: B2bCustomerPayload): Promise<void> {
  await runQuery(
    supabase.from('b2b_customers').update(values).eq('tenant_id', tenantId).eq('id', id).select('id').single(),
  );
}

export function useUpdateB2bCustomer(slug: string, tenantId: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: B2bCustomerPayload) => updateB2bCustomer(tenantId, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: b2bCustomerKeys(slug).all }),
  });
}
