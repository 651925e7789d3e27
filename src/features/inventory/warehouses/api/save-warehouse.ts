import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { TablesInsert, TablesUpdate } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { WarehouseRow } from '../warehouse-form-values';
import { warehouseKey } from './get-warehouse';

export interface SaveWarehouseInput {
  id: number | undefined;
  insert: TablesInsert<'warehouses'>;
  changes: TablesUpdate<'warehouses'>;
}

/** Creates the warehouse, or changes the form's columns of it; answers the saved row. */
export function saveWarehouse({ id, insert, changes }: SaveWarehouseInput): Promise<WarehouseRow> {
  return id === undefined
    ? runQuery(supabase.from('warehouses').insert(insert).select('*').single())
    : runQuery(supabase.from('warehouses').update(changes).eq('id', id).select('*').single());
}

export function deleteWarehouse(id: number): Promise<unknown> {
  return runQuery(supabase.from('warehouses').delete().eq('id', id).select('id').single());
}

/** The depo's warehouses (list, owners, primary mark) change with any save or delete. */
const invalidateDepoWarehouses = (queryClient: ReturnType<typeof useQueryClient>, slug: string, depoId: number) =>
  Promise.all([
    queryClient.invalidateQueries({
      queryKey: queryKeys.tenant(slug).depo(depoId).resource('inventory-warehouses').all,
    }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tenant(slug).depo(depoId).resource('warehouse-owners').all }),
  ]);

export function useSaveWarehouse(slug: string, depoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWarehouse,
    onSuccess: (row) => {
      queryClient.setQueryData(warehouseKey(slug, depoId, row.id), row);
      void invalidateDepoWarehouses(queryClient, slug, depoId);
    },
  });
}

export function useDeleteWarehouse(slug: string, depoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWarehouse,
    onSuccess: () => invalidateDepoWarehouses(queryClient, slug, depoId),
  });
}
