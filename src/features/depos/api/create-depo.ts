import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import type { TablesInsert } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import type { DepoRow } from '../depo-form-values';
import { depoSaved } from './depo-saved';

export function createDepo(depo: TablesInsert<'depos'>): Promise<DepoRow> {
  return runQuery(supabase.from('depos').insert(depo).select('*').single());
}

export function useCreateDepo(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDepo, onSuccess: (depo) => depoSaved(queryClient, slug, depo) });
}
