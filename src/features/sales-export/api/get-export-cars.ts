import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** The depo's cars, for the export's car choice. */
export const useExportCars = (slug: string, depoId: number) =>
  useQuery({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('export_cars').list(),
    queryFn: () =>
      runQuery(supabase.from('cars').select('id, internal_number').eq('depo_id', depoId).order('internal_number')),
  });
