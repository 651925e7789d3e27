import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { StopTypeForm } from '@/features/stop-types/components/stop-type-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';

export const Route = createFileRoute('/$tenant/_staff/admin/stop_types/new')({
  component: NewStopTypePage,
});

function NewStopTypePage() {
  const { tenant: slug } = Route.useParams();
  const { tenant } = useCurrentMember();
  const navigate = useNavigate();
  return (
    <section>
      <PageTitleBar title="New stop type">
        <Link to="/$tenant/admin/stop_types" params={{ tenant: slug }}>
          Back to stop types
        </Link>
      </PageTitleBar>
      <StopTypeForm
        slug={slug}
        tenantId={tenant.id}
        onCreated={(row) =>
          void navigate({
            to: '/$tenant/admin/stop_types/$stopTypeId/edit',
            params: { tenant: slug, stopTypeId: row.id },
            replace: true,
          })
        }
      />
    </section>
  );
}
