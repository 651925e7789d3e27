import { createFileRoute, Link } from '@tanstack/react-router';
import { stopTypeQueryOptions, useStopType } from '@/features/stop-types/api/get-stop-type';
import { StopTypeForm } from '@/features/stop-types/components/stop-type-form';
import { stopTypeErrorText } from '@/features/stop-types/stop-type-error-text';
import { useCurrentMember } from '@/features/tenants/current-member';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { useEffect } from 'react';
import { recordIdParam } from '../../-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/admin/stop_types/$stopTypeId/edit')({
  params: recordIdParam('stopTypeId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(stopTypeQueryOptions(params.tenant, params.stopTypeId)),
  component: EditStopTypePage,
});

function EditStopTypePage() {
  const { tenant: slug, stopTypeId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const stopType = useStopType(slug, stopTypeId);
  // Stop types report failures as the joined full errors plus the address.
  useEffect(() => {
    if (stopType.error) showFlash(stopTypeErrorText(stopType.error), 'alert');
  }, [stopType.error]);
  return (
    <section>
      <PageTitleBar title="Edit stop type">
        <Link to="/$tenant/admin/stop_types" params={{ tenant: slug }}>
          Back to stop types
        </Link>
      </PageTitleBar>
      <QueryState
        what="the stop type"
        isPending={stopType.isPending}
        error={stopType.error}
        onRetry={() => void stopType.refetch()}
      />
      {stopType.data && (
        <StopTypeForm key={stopType.data.id} slug={slug} tenantId={tenant.id} stopType={stopType.data} />
      )}
    </section>
  );
}
