import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { callFunction } from '@/shared/supabase/call-function';
import { userSchema, type StaffUser, type UserStatus } from '../user-schema';

/** The depo's staff with these statuses (admins work in every depo, so they are listed too). */
export async function listUsers(
  tenantSlug: string,
  depoId: number,
  statuses: readonly UserStatus[],
): Promise<StaffUser[]> {
  const answer = await callFunction<unknown>('admin-users', {
    query: { tenant: tenantSlug, depo_id: depoId, statuses },
  });
  return z.array(userSchema).parse(answer);
}

export const usersQueryOptions = (tenantSlug: string, depoId: number, statuses: readonly UserStatus[]) =>
  queryOptions({
    queryKey: queryKeys.tenant(tenantSlug).depo(depoId).resource('users').list({ statuses }),
    queryFn: () => listUsers(tenantSlug, depoId, statuses),
  });

export function useUsers(tenantSlug: string, depoId: number, statuses: readonly UserStatus[]) {
  return useQuery(usersQueryOptions(tenantSlug, depoId, statuses));
}
