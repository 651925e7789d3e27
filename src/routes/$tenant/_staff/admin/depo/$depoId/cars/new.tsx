import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { CarForm } from '@/features/cars/components/car-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/cars/new')({
  component: NewCarPage,
});

function NewCarPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { tenant, depos } = useCurrentMember();
  const navigate = useNavigate();
  return (
    <section>
      <PageTitleBar title="New car">
        <Link to="/$tenant/admin/depo/$depoId/cars" params={{ tenant: slug, depoId }}>
          Back to cars
        </Link>
      </PageTitleBar>
      <CarForm slug={slug} tenantId={tenant.id} hasLakrids={tenant.has_lakrids} depos={depos} depoId={depoId}
        onSaved={(row, created) => {
          if (created) void navigate({ to: '/$tenant/admin/depo/$depoId/cars/$carId/edit', params: { tenant: slug, depoId, carId: row.id }, replace: true });
        }}
      />
    </section>
  );
}
