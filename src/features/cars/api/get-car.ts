import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { CarRow } from '../car-form-values';

/** One car to edit; "Not found" when it does not exist or RLS hides it. */
export function getCar(carId: number): Promise<CarRow> {
  return runQuery(supabase.from('cars').select('*').eq('id', carId).is('deleted_at', null).single());
}

export const carQueryOptions = (slug: string, carId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('cars').detail(carId),
    queryFn: () => getCar(carId),
  });

export const useCar = (slug: string, carId: number) => useQuery(carQueryOptions(slug, carId));
