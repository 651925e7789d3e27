import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { depoListQueryOptions, useDepoList, type DepoListRow } from '@/features/depos/api/get-depo-list';
import { DeposTable } from '@/features/depos/components/depos-table';
import { useLiveDepos } from '@/features/depos/use-live-depos';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';

export const Route = createFileRoute('/$tenant/_staff/admin/depos/')({
  // Loaded before the page shows, with the options the page reads; a failure shows the error view with Try again.
  loader: ({ context: { queryClient, membership }, params }) =>
    queryClient.ensureQueryData(depoListQueryOptions(params.tenant, membership.tenant_id)),
  component: DeposPage,
});

function DeposPage() {
  const { tenant: slug } = Route.useParams();
  const { tenant } = useCurrentMember();
  const depos = useDepoList(slug, tenant.id);
  useLiveDepos(slug, tenant.id);
  useFlashOnError(depos.error);

  const renderActions = useCallback(
    (depo: DepoListRow) => (
      <Link to="/$tenant/admin/depos/$id/edit" params={{ tenant: slug, id: depo.id }}>
        Edit
      </Link>
    ),
    [slug],
  );

  return (
    <section>
      <PageTitleBar title="Depos">
        <Link className="button button--primary" to="/$tenant/admin/depos/new" params={{ tenant: slug }}>
          New depo
        </Link>
      </PageTitleBar>
      <QueryState what="depos" isPending={false} error={depos.error} onRetry={() => void depos.refetch()} />
      <DeposTable depos={depos.data} loading={depos.isPending} renderActions={renderActions} />
    </section>
  );
}
