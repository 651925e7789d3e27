import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { wallmobTable, type WallmobKind } from '../wallmob-kinds';

export function deleteWallmobNumber(tenantId: string, kind: WallmobKind, id: number) {
  return runQuery(supabase.from(wallmobTable[kind]).delete().eq('tenant_id', tenantId).eq('id', id));
}

export function useDeleteWallmobNumber(tenant: { slug: string; id: string }, kind: WallmobKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteWallmobNumber(tenant.id, kind, id),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: queryKeys.tenant(tenant.slug).resource(wallmobTable[kind]).lists(),
      }),
  });
}
