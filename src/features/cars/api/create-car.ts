import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { TablesInsert } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { CarRow } from '../car-form-values';
import { carListsKey } from './get-cars';

export function createCar(car: TablesInsert<'cars'>): Promise<CarRow> {
  return runQuery(supabase.from('cars').insert(car).select('*').single());
}

/** Creates a car; the form then edits the returned row. */
export function useCreateCar(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCar,
    onSuccess: (car) => {
      queryClient.setQueryData(queryKeys.tenant(slug).resource('cars').detail(car.id), car);
      void queryClient.invalidateQueries({ queryKey: carListsKey(slug, car.depo_id) });
    },
  });
}
