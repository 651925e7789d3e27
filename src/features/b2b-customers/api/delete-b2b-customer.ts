import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { b2bCustomerKeys } from '../b2b-customer-keys';

/** Deletes a customer (`DELETE b2b_customers/{id}`); 'Not found' when RLS hides or refuses it. */
export async function deleteB2bCustomer(tenantId: string, id: number): Promise<void> {
  await runQuery(supabase.from('b2b_customers').delete().eq('tenant_id', tenantId).eq('id', id).select('id').single());
}

export function useDeleteB2bCustomer(slug: string, tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteB2bCustomer(tenantId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: b2bCustomerKeys(slug).all }),
  });
}
