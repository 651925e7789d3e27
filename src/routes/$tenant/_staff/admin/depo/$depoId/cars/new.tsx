import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { CarForm } from '@/features/cars/components/car-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/cars/new')({
  component: NewCarPage,
});

function NewCarPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { tenant, depos } = useCurrentMember();
  const navigate = useNavigate();
  return (
    <RecordPage
      title="New car"
      back={
        <Link to="/$tenant/admin/depo/$depoId/cars" params={{ tenant: slug, depoId }}>
          Back to cars
        </Link>
      }
    >
      <CarForm
        slug={slug}
        tenantId={tenant.id}
        hasLakrids={tenant.has_lakrids}
        depos={depos}
        depoId={depoId}
        onSaved={(row, created) => {
          if (created)
            void navigate({
              to: '/$tenant/admin/depo/$depoId/cars/$carId/edit',
              params: { tenant: slug, depoId, carId: row.id },
              replace: true,
            });
        }}
      />
    </RecordPage>
  );
}
