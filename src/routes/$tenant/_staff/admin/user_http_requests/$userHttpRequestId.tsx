import { createFileRoute, Link } from '@tanstack/react-router';
import { auditRequestQueryOptions, useAuditRequest } from '@/features/audit/api/get-audit-request';
import { AuditRequestDetails } from '@/features/audit/components/audit-request-details';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';

export const Route = createFileRoute('/$tenant/_staff/admin/user_http_requests/$userHttpRequestId')({
  loader: ({ context: { queryClient, membership }, params }) => {
    const id = Number(params.userHttpRequestId);
    if (Number.isInteger(id) && id > 0)
      return queryClient.ensureQueryData(
        auditRequestQueryOptions({ slug: params.tenant, id: membership.tenant_id }, id),
      );
  },
  component: AuditRequestPage,
});

function AuditRequestPage() {
  const { tenant } = useCurrentMember();
  const id = Number(Route.useParams().userHttpRequestId);
  const request = useAuditRequest(tenant, id);
  useFlashOnError(request.error);
  return (
    <section className="admin-page">
      <div className="admin-page__header">
        <h1>Audit request #{Number.isFinite(id) ? id : ''}</h1>
        <Link to="/$tenant/admin/user_http_requests" params={{ tenant: tenant.slug }}>
          Back to Audit
        </Link>
      </div>
      <QueryState
        what="request"
        isPending={request.isPending}
        error={request.error}
        onRetry={() => void request.refetch()}
      />
      {request.data && <AuditRequestDetails request={request.data} tenant={tenant} />}
    </section>
  );
}
