import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import type { TablesUpdate } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { DepoRow } from '../depo-form-values';
import { depoSaved } from './depo-saved';

export interface UpdateDepoInput {
  id: number;
  changes: TablesUpdate<'depos'>;
}

export function updateDepo({ id, changes }: UpdateDepoInput): Promise<DepoRow> {
  return runQuery(supabase.from('depos').update(changes).eq('id', id).select('*').single());
}

export function useUpdateDepo(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDepo, onSuccess: (depo) => depoSaved(queryClient, slug, depo) });
}
