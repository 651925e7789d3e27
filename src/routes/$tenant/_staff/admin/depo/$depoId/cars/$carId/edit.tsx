import { createFileRoute, Link } from '@tanstack/react-router';
import { carQueryOptions, useCar } from '@/features/cars/api/get-car';
import { CarForm } from '@/features/cars/components/car-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';
import { recordIdParam } from '../../../../-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/cars/$carId/edit')({
  params: recordIdParam('carId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(carQueryOptions(params.tenant, params.carId)),
  component: EditCarPage,
});

function EditCarPage() {
  const { tenant: slug, depoId, carId } = Route.useParams();
  const { tenant, depos } = useCurrentMember();
  const car = useCar(slug, carId);
  return (
    <RecordPage
      title="Edit car"
      back={
        <Link to="/$tenant/admin/depo/$depoId/cars" params={{ tenant: slug, depoId }}>
          Back to cars
        </Link>
      }
      record={{ what: 'the car', query: car }}
    >
      {car.data && (
        <CarForm
          key={car.data.id}
          slug={slug}
          tenantId={tenant.id}
          hasLakrids={tenant.has_lakrids}
          depos={depos}
          depoId={depoId}
          car={car.data}
        />
      )}
    </RecordPage>
  );
}
