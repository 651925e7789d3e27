import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Tables } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import { getAuditUsers, type AuditUser } from './audit-users';

export type AuditRequest = Tables<'user_http_requests'> & { user: AuditUser | null };

/** One audited request with its params ("Not found" when it is not the tenant's). */
export async function getAuditRequest(tenantId: string, id: number): Promise<AuditRequest> {
  const found = await runQuery(
    supabase.from('user_http_requests').select('*').eq('tenant_id', tenantId).eq('id', id).single(),
  );
  const row: Tables<'user_http_requests'> = found as NonNullable<typeof found>;
  const users = await getAuditUsers(tenantId, row.user_id ? [row.user_id] : []);
  return { ...row, user: row.user_id ? (users.get(row.user_id) ?? null) : null };
}

export const auditRequestQueryOptions = (tenant: { slug: string; id: string }, id: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(tenant.slug).resource('user_http_requests').detail(id),
    queryFn: () => getAuditRequest(tenant.id, id),
    // An audit row never changes.
    staleTime: Infinity,
  });

export function useAuditRequest(tenant: { slug: string; id: string }, id: number) {
  return useQuery(auditRequestQueryOptions(tenant, id));
}
