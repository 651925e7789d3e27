import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** Who may own a warehouse of the depo: the depo and its cars, a car that has another warehouse not available. */
export function getWarehouseOwners(depoId: number, warehouseId: number | undefined) {
  return runQuery(
    supabase.rpc('warehouse_owners', {
      p_depo_id: depoId,
      ...(warehouseId === undefined ? {} : { p_warehouse_id: warehouseId }),
    }),
  );
}

export type WarehouseOwner = Awaited<ReturnType<typeof getWarehouseOwners>>[number];

export const warehouseOwnersQueryOptions = (slug: string, depoId: number, warehouseId: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('warehouse-owners').list({ warehouseId }),
    queryFn: () => getWarehouseOwners(depoId, warehouseId),
  });

export const useWarehouseOwners = (slug: string, depoId: number, warehouseId: number | undefined) =>
  useQuery(warehouseOwnersQueryOptions(slug, depoId, warehouseId));
