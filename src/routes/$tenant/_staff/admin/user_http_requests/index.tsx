import { createFileRoute } from '@tanstack/react-router';
import { AUDIT_PAGE_SIZE, auditRequestsQueryOptions, useAuditRequests } from '@/features/audit/api/get-audit-requests';
import { AuditTable } from '@/features/audit/components/audit-table';
import { useCurrentMember } from '@/features/tenants/current-member';
import { queryKeys } from '@/shared/query/query-keys';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { positiveInt } from '@/shared/routing/url-values';

const searchSchema = { parse: (raw: { page?: unknown }): { page?: number } => ({ page: positiveInt(raw.page) }) };

export const Route = createFileRoute('/$tenant/_staff/admin/user_http_requests/')({
  // A filter or page change re-runs the loader on the open page, which must answer at once (it only starts the
  // fetch) so the control shows its new state in the same frame: the loader stays out of the lazy page chunk.
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient, membership }, params, deps, cause }) => {
    return loadRouteQuery(
      queryClient,
      cause,
      auditRequestsQueryOptions({ slug: params.tenant, id: membership.tenant_id }, deps.page),
    );
  },
  component: AuditPage,
});

function AuditPage() {
  const { page } = Route.useLoaderDeps();
  const { tenant } = useCurrentMember();
  const navigate = Route.useNavigate();
  const audit = useAuditRequests(tenant, page);
  useLiveInvalidation(
    liveTopics.tenant(tenant.id, 'user_http_requests'),
    queryKeys.tenant(tenant.slug).resource('user_http_requests').lists(),
  );
  useFlashOnError(audit.error);
  const rows = audit.data?.user_http_requests;

  return (
    <section className="admin-page">
      <div className="admin-page__header">
        <h1>Audit</h1>
        {audit.data && <span className="muted">{audit.data.user_http_request_count} requests</span>}
      </div>
      <QueryState what="audit log" isPending={false} error={audit.error} onRetry={() => void audit.refetch()} />
      <AuditTable tenant={tenant} rows={rows} loading={audit.isPending} />
      <Pagination
        label="Audit pages"
        page={page}
        rowCount={rows?.length ?? 0}
        pageSize={AUDIT_PAGE_SIZE}
        onPageChange={(next) => void navigate({ search: (previous) => ({ ...previous, page: next }) })}
      />
    </section>
  );
}
