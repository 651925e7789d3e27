import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { allPages } from '@/shared/supabase/all-pages';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** The Products tab: every active product with this warehouse's balance, minimum and what is missing (all pages). */
export function getWarehouseProducts(warehouseId: number) {
  return allPages((from, to) =>
    runQuery(supabase.rpc('warehouse_products_balance', { p_warehouse_id: warehouseId }).range(from, to)),
  );
}

export type WarehouseProductRow = Awaited<ReturnType<typeof getWarehouseProducts>>[number];

export const warehouseProductsKey = (slug: string, depoId: number, warehouseId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('warehouse-products').list({ warehouseId });

export const warehouseProductsQueryOptions = (slug: string, depoId: number, warehouseId: number) =>
  queryOptions({
    queryKey: warehouseProductsKey(slug, depoId, warehouseId),
    queryFn: () => getWarehouseProducts(warehouseId),
  });

export const useWarehouseProducts = (slug: string, depoId: number, warehouseId: number) =>
  useQuery(warehouseProductsQueryOptions(slug, depoId, warehouseId));

/** The quantity or the date, or both: a cell saves only its own column, so two cells' saves never undo each other. */
export interface BalanceFuture {
  balanceId: number;
  future_inventory_quantity?: number | null;
  future_inventory_date?: string | null;
}

/** A balance's future quantity and date: the only columns of a balance a client may change (the amount is the ledger's). */
export function saveBalanceFuture({ balanceId, ...future }: BalanceFuture): Promise<unknown> {
  return runQuery(supabase.from('warehouse_product_balances').update(future).eq('id', balanceId).select('id').single());
}

export function useSaveBalanceFuture(slug: string, depoId: number, warehouseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBalanceFuture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseProductsKey(slug, depoId, warehouseId) }),
  });
}
