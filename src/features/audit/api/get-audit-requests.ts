import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Tables } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import { pageRange } from '@/shared/ui/pagination/page-rules';
import { getAuditUsers, type AuditUser } from './audit-users';

/** Audit: 50 rows per page, the only option (admin-core §9). */
export const AUDIT_PAGE_SIZE = 50;

export type AuditRequestRow = Pick<
  Tables<'user_http_requests'>,
  'id' | 'performed_at' | 'user_id' | 'url' | 'referer' | 'format' | 'controller' | 'action' | 'status' | 'method'
> & { user: AuditUser | null };

export interface AuditPage {
  user_http_requests: AuditRequestRow[];
  user_http_request_count: number;
}

const COLUMNS = 'id, performed_at, user_id, url, referer, format, controller, action, status, method';

/** One page of the tenant's audit log, newest first, with the total count. */
export async function getAuditRequests(tenantId: string, page: number): Promise<AuditPage> {
  const { from, to } = pageRange(page, AUDIT_PAGE_SIZE);
  const builder = supabase
    .from('user_http_requests')
    .select(COLUMNS, { count: 'exact' })
    .eq('tenant_id', tenantId)
    .order('performed_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to);
  let count = 0;
  // runQuery reports the request address it finds on the builder; the counting wrapper keeps it.
  const counted = builder.then((result) => {
    count = result.count ?? 0;
    return result;
  });
  const rows = await runQuery(Object.assign(counted, { url: Reflect.get(builder, 'url') as unknown }));
  const users = await getAuditUsers(
    tenantId,
    rows.flatMap((row) => (row.user_id ? [row.user_id] : [])),
  );
  return {
    user_http_requests: rows.map((row) => ({ ...row, user: row.user_id ? (users.get(row.user_id) ?? null) : null })),
    user_http_request_count: count,
  };
}

export const auditRequestsQueryOptions = (tenant: { slug: string; id: string }, page: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(tenant.slug).resource('user_http_requests').list({ page }),
    queryFn: () => getAuditRequests(tenant.id, page),
    placeholderData: keepPreviousData,
  });

export function useAuditRequests(tenant: { slug: string; id: string }, page: number) {
  return useQuery(auditRequestsQueryOptions(tenant, page));
}
