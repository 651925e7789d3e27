import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { WarehouseRow } from '../warehouse-form-values';

/** One warehouse of the depo in the path (another depo's or tenant's id answers Not found). */
export function getWarehouse(depoId: number, warehouseId: number): Promise<WarehouseRow> {
  return runQuery(supabase.from('warehouses').select('*').eq('depo_id', depoId).eq('id', warehouseId).single());
}

export const warehouseKey = (slug: string, depoId: number, warehouseId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('inventory-warehouses').detail(warehouseId);

export const warehouseQueryOptions = (slug: string, depoId: number, warehouseId: number) =>
  queryOptions({ queryKey: warehouseKey(slug, depoId, warehouseId), queryFn: () => getWarehouse(depoId, warehouseId) });

export const useWarehouse = (slug: string, depoId: number, warehouseId: number) =>
  useQuery(warehouseQueryOptions(slug, depoId, warehouseId));
