import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { ProductFormRow } from '../product-form-values';

/** The product for its form: fields, the server's editable flags, a minimum row per depo (jsonb, shape fixed by the migration). */
export async function getProductForm(productId: number): Promise<ProductFormRow> {
  const row = await runQuery(supabase.rpc('inventory_product_form', { p_product_id: productId }));
  return row as unknown as ProductFormRow;
}

export const productFormKey = (slug: string, productId: number) =>
  queryKeys.tenant(slug).resource('inventory-products').detail(productId);

export const productFormQueryOptions = (slug: string, productId: number) =>
  queryOptions({ queryKey: productFormKey(slug, productId), queryFn: () => getProductForm(productId) });

export const useProductForm = (slug: string, productId: number) => useQuery(productFormQueryOptions(slug, productId));
