import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { callFunction } from '@/shared/supabase/call-function';
import { userSchema, type StaffUser } from '../user-schema';

export async function getUser(tenantSlug: string, userId: string): Promise<StaffUser> {
  return userSchema.parse(await callFunction<unknown>('admin-users', { query: { tenant: tenantSlug, id: userId } }));
}

export const userQueryOptions = (tenantSlug: string, userId: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(tenantSlug).resource('users').detail(userId),
    queryFn: () => getUser(tenantSlug, userId),
  });

export function useUser(tenantSlug: string, userId: string) {
  return useQuery(userQueryOptions(tenantSlug, userId));
}
