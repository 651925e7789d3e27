import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { callFunction } from '@/shared/supabase/call-function';

const wallmobUserSchema = z.object({ id: z.union([z.string(), z.number()]).transform(String), full_name: z.string() });
export type WallmobUser = z.infer<typeof wallmobUserSchema>;

export async function searchWallmobUsers(tenantSlug: string, text: string): Promise<WallmobUser[]> {
  return z
    .array(wallmobUserSchema)
    .parse(await callFunction<unknown>('wallmob-users', { query: { tenant: tenantSlug, q: text } }));
}

export const wallmobUsersQueryOptions = (tenantSlug: string, text: string) =>
  queryOptions({
    queryKey: [...queryKeys.tenant(tenantSlug).resource('wallmob_users').lists(), { text }],
    queryFn: () => searchWallmobUsers(tenantSlug, text),
    staleTime: 60_000,
  });

/** Options load only when the typed text is non-empty (admin-core §5). */
export function useWallmobUsers(tenantSlug: string, text: string) {
  const trimmed = text.trim();
  return useQuery({ ...wallmobUsersQueryOptions(tenantSlug, trimmed), enabled: trimmed !== '' });
}
