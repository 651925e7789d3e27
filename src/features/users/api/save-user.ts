import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { callFunction } from '@/shared/supabase/call-function';
import { savedUserSchema, type SavedUser } from '../user-schema';

export interface SaveUserInput {
  /** null creates the user (POST), an id changes them (PATCH). */
  userId: string | null;
  body: Record<string, unknown>;
}

export async function saveUser(tenantSlug: string, input: SaveUserInput): Promise<SavedUser> {
  const answer = await callFunction<unknown>('admin-users', {
    method: input.userId === null ? 'POST' : 'PATCH',
    query: { tenant: tenantSlug, id: input.userId },
    body: { user: input.body },
  });
  return savedUserSchema.parse(answer);
}

export function useSaveUser(tenantSlug: string) {
  const queryClient = useQueryClient();
  const tenantKeys = queryKeys.tenant(tenantSlug);
  return useMutation({
    mutationFn: (input: SaveUserInput) => saveUser(tenantSlug, input),
    onSuccess: (user) => {
      const { generated_password_url: _url, ...stored } = user;
      queryClient.setQueryData(tenantKeys.resource('users').detail(user.id), stored);
      // Lists of every depo: the user may have moved between depos.
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'tenant' && query.queryKey[1] === tenantSlug && query.queryKey.includes('users'),
      });
    },
  });
}
