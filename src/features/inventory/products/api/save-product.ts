import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import type { Tables, TablesInsert, TablesUpdate } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { ProductFormRow } from '../product-form-values';
import { getProductForm, productFormKey } from './get-product-form';

export interface SaveProductInput {
  id: number | undefined;
  tenantId: string;
  insert: TablesInsert<'products'>;
  changes: TablesUpdate<'products'>;
  /** The minimums of the depos the caller may edit (RLS refuses any other). */
  minimums: Array<{ depo_id: number; minimum_for_depo: number; minimum_for_cars: number }>;
}

async function insertProduct(insert: TablesInsert<'products'>): Promise<number> {
  const row: Tables<'products'> = await runQuery(supabase.from('products').insert(insert).select('*').single());
  return row.id;
}

/** Creates or edits the product (only the fields sent), then its editable minimums; answers the form anew. */
export async function saveProduct({
  id,
  tenantId,
  insert,
  changes,
  minimums,
}: SaveProductInput): Promise<ProductFormRow> {
  const productId = id ?? (await insertProduct(insert));
  if (id !== undefined && Object.keys(changes).length > 0) {
    await runQuery(supabase.from('products').update(changes).eq('id', productId).select('id').single());
  }
  if (minimums.length > 0) {
    const rows = minimums.map((m) => ({ ...m, tenant_id: tenantId, product_id: productId }));
    await runQuery(
      supabase
        .from('minimum_required_balances')
        .upsert(rows, { onConflict: 'tenant_id,product_id,depo_id' })
        .select('id'),
    );
  }
  return getProductForm(productId);
}

export function useSaveProduct(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (row) => {
      queryClient.setQueryData(productFormKey(slug, row.id), row);
      // Every depo's products list shows the product (its minimums per depo).
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[1] === slug && queryKey.includes('inventory-products'),
      });
    },
  });
}
