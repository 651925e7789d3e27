import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { TablesUpdate } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { CarRow } from '../car-form-values';
import { carListsKey } from './get-cars';

export interface UpdateCarInput {
  id: number;
  changes: TablesUpdate<'cars'>;
}

export function updateCar({ id, changes }: UpdateCarInput): Promise<CarRow> {
  return runQuery(supabase.from('cars').update(changes).eq('id', id).select('*').single());
}

/** Saves a car; both the depo it left and the one it is in now list it anew. */
export function useUpdateCar(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCar,
    onSuccess: (car, { changes }) => {
      const detailKey = queryKeys.tenant(slug).resource('cars').detail(car.id);
      const before = queryClient.getQueryData<CarRow>(detailKey);
      queryClient.setQueryData(detailKey, car);
      void queryClient.invalidateQueries({ queryKey: carListsKey(slug, car.depo_id) });
      if (before && before.depo_id !== car.depo_id && changes.depo_id !== undefined) {
        void queryClient.invalidateQueries({ queryKey: carListsKey(slug, before.depo_id) });
      }
    },
  });
}
