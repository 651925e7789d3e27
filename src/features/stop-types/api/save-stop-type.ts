import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { StopTypeInput, StopTypeRow } from '../stop-type-form-values';
import { stopTypeListsKey } from './get-stop-types';

export interface SaveStopTypeInput {
  /** None: create (POST); then the returned id edits it (PATCH). */
  id?: number;
  tenantId: string;
  stopType: StopTypeInput;
}

export function saveStopType({ id, tenantId, stopType }: SaveStopTypeInput): Promise<StopTypeRow> {
  const table = supabase.from('stop_types');
  return runQuery(
    id === undefined
      ? table
          .insert({ ...stopType, tenant_id: tenantId })
          .select('*')
          .single()
      : table.update(stopType).eq('id', id).select('*').single(),
  );
}

export function useSaveStopType(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStopType,
    onSuccess: (stopType) => {
      queryClient.setQueryData(queryKeys.tenant(slug).resource('stop_types').detail(stopType.id), stopType);
      void queryClient.invalidateQueries({ queryKey: stopTypeListsKey(slug) });
    },
  });
}
