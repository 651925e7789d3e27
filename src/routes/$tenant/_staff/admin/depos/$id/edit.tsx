import { createFileRoute, Link } from '@tanstack/react-router';
import { depoQueryOptions, useDepo } from '@/features/depos/api/get-depo';
import { DepoForm } from '@/features/depos/components/depo-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { recordIdParam } from '../../-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/admin/depos/$id/edit')({
  params: recordIdParam('id'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(depoQueryOptions(params.tenant, params.id)),
  component: EditDepoPage,
});

function EditDepoPage() {
  const { tenant: slug, id: depoId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const depo = useDepo(slug, depoId);
  useFlashOnError(depo.error);
  return (
    <section>
      <PageTitleBar title="Edit depo">
        <Link to="/$tenant/admin/depos" params={{ tenant: slug }}>
          Back to depos
        </Link>
      </PageTitleBar>
      <QueryState what="the depo" isPending={depo.isPending} error={depo.error} onRetry={() => void depo.refetch()} />
      {depo.data && (
        <DepoForm
          key={depo.data.id}
          slug={slug}
          tenantId={tenant.id}
          hasMarketingSms={tenant.has_marketing_sms}
          depo={depo.data}
        />
      )}
    </section>
  );
}
