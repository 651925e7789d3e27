import { createFileRoute } from '@tanstack/react-router';
import { routesQueryOptions } from '@/features/routes/api/get-routes';
import { RoutesListPage } from '@/features/routes/components/routes-list-page';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';

export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/routes/')({
  loader: ({ context: { queryClient }, params, cause }) =>
    loadRouteQuery(queryClient, cause, routesQueryOptions(params.tenant, params.depoId, 'active')),
  component: RoutesPage,
});

function RoutesPage() {
  const { tenant, depoId } = Route.useParams();
  const { tenant: row } = useCurrentMember();
  return <RoutesListPage slug={tenant} depoId={depoId} filter="active" dateFormat={row.date_format} />;
}
