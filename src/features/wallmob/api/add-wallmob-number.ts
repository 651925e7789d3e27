import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { wallmobTable, type WallmobKind } from '../wallmob-kinds';

export function addWallmobNumber(tenantId: string, kind: WallmobKind, number: string) {
  return runQuery(
    supabase
      .from(wallmobTable[kind])
      .insert({ tenant_id: tenantId, number: number.trim() })
      .select('id, number')
      .single(),
  );
}

export function useAddWallmobNumber(tenant: { slug: string; id: string }, kind: WallmobKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: string) => addWallmobNumber(tenant.id, kind, number),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: queryKeys.tenant(tenant.slug).resource(wallmobTable[kind]).lists(),
      }),
  });
}
