import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { stopTypesQueryOptions, useStopTypes } from '@/features/stop-types/api/get-stop-types';
import { StopTypesTable } from '@/features/stop-types/components/stop-types-table';
import type { StopTypeRow } from '@/features/stop-types/stop-type-form-values';
import { useLiveStopTypes } from '@/features/stop-types/use-live-stop-types';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';

export const Route = createFileRoute('/$tenant/_staff/admin/stop_types/')({
  loader: ({ context: { queryClient, membership }, params }) =>
    queryClient.ensureQueryData(stopTypesQueryOptions(params.tenant, membership.tenant_id)),
  component: StopTypesPage,
});

function StopTypesPage() {
  const { tenant: slug } = Route.useParams();
  const { tenant } = useCurrentMember();
  const stopTypes = useStopTypes(slug, tenant.id);
  useLiveStopTypes(slug, tenant.id);
  useFlashOnError(stopTypes.error);

  const renderActions = useCallback(
    (stopType: StopTypeRow) => (
      <Link to="/$tenant/admin/stop_types/$stopTypeId/edit" params={{ tenant: slug, stopTypeId: stopType.id }}>
        Edit
      </Link>
    ),
    [slug],
  );

  return (
    <section>
      <PageTitleBar title="Stop types">
        <Link className="button button--primary" to="/$tenant/admin/stop_types/new" params={{ tenant: slug }}>
          New stop type
        </Link>
      </PageTitleBar>
      <QueryState
        what="stop types"
        isPending={false}
        error={stopTypes.error}
        onRetry={() => void stopTypes.refetch()}
      />
      <StopTypesTable stopTypes={stopTypes.data} loading={stopTypes.isPending} renderActions={renderActions} />
    </section>
  );
}
