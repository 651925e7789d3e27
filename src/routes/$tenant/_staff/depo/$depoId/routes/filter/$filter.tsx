import { createFileRoute } from '@tanstack/react-router';
import { routesQueryOptions } from '@/features/routes/api/get-routes';
import { RoutesListPage } from '@/features/routes/components/routes-list-page';
import { routeFilterParam } from '@/features/routes/route-filters';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';

export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/routes/filter/$filter')({
  params: routeFilterParam,
  loader: ({ context: { queryClient }, params, cause }) =>
    loadRouteQuery(queryClient, cause, routesQueryOptions(params.tenant, params.depoId, params.filter)),
  component: FilteredRoutesPage,
});

function FilteredRoutesPage() {
  const { tenant, depoId, filter } = Route.useParams();
  const { tenant: row } = useCurrentMember();
  return <RoutesListPage slug={tenant} depoId={depoId} filter={filter} dateFormat={row.date_format} />;
}
