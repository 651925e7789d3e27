import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** The warehouses still holding a (non-zero) balance of the product. */
export const remainingBalancesQueryOptions = (slug: string, productId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenant(slug).resource('inventory-products').detail(productId), 'remaining-balances'],
    queryFn: () => runQuery(supabase.rpc('remaining_product_warehouse_balances', { p_product_id: productId })),
  });

export const useRemainingBalances = (slug: string, productId: number) =>
  useQuery(remainingBalancesQueryOptions(slug, productId));

/** The active products the balances may move to (the product itself excluded). */
export const activeProductsQueryOptions = (slug: string, productId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenant(slug).resource('inventory-products').detail(productId), 'active-products'],
    queryFn: () =>
      runQuery(supabase.from('products').select('id, sku').eq('status', 'active').neq('id', productId).order('sku')),
  });

export interface MoveBalancesInput {
  productId: number;
  targetProductId: number;
  /** YYYY-MM-DD, the movement date. */
  date: string;
}

/** Moves every leftover balance to the target product (ledger transfers); answers the target's sku. */
export async function moveRemainingBalances({ productId, targetProductId, date }: MoveBalancesInput): Promise<string> {
  const moved = await runQuery(
    supabase.rpc('move_remaining_product_balances', {
      p_product_id: productId,
      p_target_product_id: targetProductId,
      p_date: date,
    }),
  );
  return (moved as { sku: string }).sku;
}

export function useMoveRemainingBalances(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveRemainingBalances,
    onSuccess: () =>
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[1] === slug && queryKey.includes('inventory-products'),
      }),
  });
}
