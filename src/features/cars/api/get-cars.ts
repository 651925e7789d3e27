import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { CarStatus } from '../car-statuses';

const CAR_LIST_COLUMNS =
  'id, internal_number, mobile_number, plate_number, axapta_code, depo_id, mapon_car_id, latest_location_lat, latest_location_lng, latest_location_updated_at, last_synced_at, status, depo:depos(title)';

/** The cars of a depo with the given statuses (deleted cars never), by id. */
export function getCars(depoId: number, statuses: readonly CarStatus[]) {
  return runQuery(
    supabase
      .from('cars')
      .select(CAR_LIST_COLUMNS)
      .eq('depo_id', depoId)
      .in('status', [...statuses])
      .is('deleted_at', null)
      .order('id'),
  );
}

export type CarListRow = Awaited<ReturnType<typeof getCars>>[number];

/** Every cars list of the depo, whatever its filter: what a live change or a save invalidates. */
export const carListsKey = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('cars').lists();

export const carsQueryOptions = (slug: string, depoId: number, statuses: readonly CarStatus[]) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('cars').list({ statuses }),
    queryFn: () => getCars(depoId, statuses),
  });

export const useCars = (slug: string, depoId: number, statuses: readonly CarStatus[]) =>
  useQuery(carsQueryOptions(slug, depoId, statuses));
