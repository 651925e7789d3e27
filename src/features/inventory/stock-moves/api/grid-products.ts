import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** The tenant's active products the grid picks from (sku, description, packaging size). */
export function getGridProducts() {
  return runQuery(
    supabase.from('products').select('id, sku, description, packaging_size').eq('status', 'active').order('sku'),
  );
}

export const gridProductsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('stock-grid-products').list(),
    queryFn: getGridProducts,
  });

export const useGridProducts = (slug: string) => useQuery(gridProductsQueryOptions(slug));
