import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** The depo's warehouses with their owner and how many products are below zero. */
export function getWarehouses(depoId: number) {
  return runQuery(supabase.rpc('inventory_warehouses', { p_depo_id: depoId }));
}

export type WarehouseListRow = Awaited<ReturnType<typeof getWarehouses>>[number];

export const warehouseListsKey = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('inventory-warehouses').lists();

export const warehousesQueryOptions = (slug: string, depoId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('inventory-warehouses').list(),
    queryFn: () => getWarehouses(depoId),
  });

export const useWarehouses = (slug: string, depoId: number) => useQuery(warehousesQueryOptions(slug, depoId));
