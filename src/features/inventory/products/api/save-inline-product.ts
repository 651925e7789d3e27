import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import type { TablesUpdate } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { ProductFormRow } from '../product-form-values';
import { getProductForm, productFormKey } from './get-product-form';

export interface SaveInlineProductInput {
  productId: number;
  tenantId: string;
  /** Only the changed fields the server marked editable. */
  product: TablesUpdate<'products'>;
  /** The list's depo minimum, when changed and editable (RLS refuses another depo's anyway). */
  minimum?: { depo_id: number; minimum_for_depo: number; minimum_for_cars: number };
}

/** The list's inline save (the spec's PUT with minimum_required_balances_attributes): the product, then its depo minimum. */
export async function saveInlineProduct({
  productId,
  tenantId,
  product,
  minimum,
}: SaveInlineProductInput): Promise<ProductFormRow> {
  if (Object.keys(product).length > 0) {
    await runQuery(supabase.from('products').update(product).eq('id', productId).select('id').single());
  }
  if (minimum) {
    await runQuery(
      supabase
        .from('minimum_required_balances')
        .upsert(
          { ...minimum, tenant_id: tenantId, product_id: productId },
          { onConflict: 'tenant_id,product_id,depo_id' },
        )
        .select('id')
        .single(),
    );
  }
  return getProductForm(productId);
}

export function useSaveInlineProduct(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInlineProduct,
    onSuccess: (row) => {
      queryClient.setQueryData(productFormKey(slug, row.id), row);
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[1] === slug && queryKey.includes('inventory-products') && queryKey.includes('list'),
      });
    },
  });
}
