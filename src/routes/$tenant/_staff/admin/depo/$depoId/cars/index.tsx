import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { carsQueryOptions, useCars, type CarListRow } from '@/features/cars/api/get-cars';
import { carListSearchSchema, carStatuses, effectiveStatuses } from '@/features/cars/car-statuses';
import { StatusFilterForm } from '@/shared/ui/form-fields/status-filter-form';
import { CarsTable } from '@/features/cars/components/cars-table';
import { useLiveCars } from '@/features/cars/use-live-cars';
import { useCurrentMember } from '@/features/tenants/current-member';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { loadRouteQuery } from '@/shared/query/load-route-query';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/cars/')({
  // A filter or page change re-runs the loader on the open page, which must answer at once (it only starts the
  // fetch) so the control shows its new state in the same frame: the loader stays out of the lazy page chunk.
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: carListSearchSchema,
  loaderDeps: ({ search }) => ({ statuses: effectiveStatuses(search.statuses) }),
  // Loaded before the page shows, with the options the page reads; a failure shows the error view with Try again.
  loader: ({ context: { queryClient }, params, deps, cause }) =>
    loadRouteQuery(queryClient, cause, carsQueryOptions(params.tenant, params.depoId, deps.statuses)),
  component: CarsPage,
});

function CarsPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { statuses } = Route.useLoaderDeps();
  const { tenant } = useCurrentMember();
  const navigate = useNavigate({ from: Route.fullPath });
  const cars = useCars(slug, depoId, statuses);
  useLiveCars(slug, depoId);
  useFlashOnError(cars.error);

  const renderActions = useCallback(
    (car: CarListRow) => (
      <Link
        to="/$tenant/admin/depo/$depoId/cars/$carId/edit"
        params={{ tenant: slug, depoId: car.depo_id, carId: car.id }}
      >
        Edit
      </Link>
    ),
    [slug],
  );

  return (
    <section>
      <PageTitleBar title="Cars">
        <Link
          className="button button--primary"
          to="/$tenant/admin/depo/$depoId/cars/new"
          params={{ tenant: slug, depoId }}
        >
          New car
        </Link>
      </PageTitleBar>
      {/* Keyed by the applied filter so the checkboxes show it again after back/forward. */}
      <StatusFilterForm
        key={statuses.join(',')}
        all={carStatuses}
        label="Filter cars"
        statuses={statuses}
        onFilter={(next) => void navigate({ search: (previous) => ({ ...previous, statuses: next }) })}
      />
      <QueryState what="cars" isPending={false} error={cars.error} onRetry={() => void cars.refetch()} />
      <CarsTable cars={cars.data} loading={cars.isPending} timeZone={tenant.time_zone} renderActions={renderActions} />
    </section>
  );
}
