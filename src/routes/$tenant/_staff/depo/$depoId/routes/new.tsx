import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { RouteForm } from '@/features/routes/components/route-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';

export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/routes/new')({
  component: NewRoutePage,
});

function NewRoutePage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { tenant } = useCurrentMember();
  const navigate = useNavigate();
  return (
    <RecordPage
      title="New route"
      back={
        <Link to="/$tenant/depo/$depoId/routes" params={{ tenant: slug, depoId }}>
          Back to routes
        </Link>
      }
    >
      <RouteForm
        slug={slug}
        tenantId={tenant.id}
        depoId={depoId}
        onSaved={(route, created) => {
          if (created)
            void navigate({
              to: '/$tenant/depo/$depoId/routes/$routeId/edit',
              params: { tenant: slug, depoId, routeId: route.id },
              replace: true,
            });
        }}
      />
    </RecordPage>
  );
}
