import { createFileRoute } from '@tanstack/react-router';
import { customersQueryOptions } from '@/features/customers/api/get-customers';
import { customerListParams, customerListSearchSchema } from '@/features/customers/customer-list-search';
import { CustomersPage } from './-components/customers-page';
import { loadRouteQuery } from '@/shared/query/load-route-query';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/customers/')({
  // A filter or page change re-runs the loader on the open page, which must answer at once (it only starts the
  // fetch) so the control shows its new state in the same frame: the loader stays out of the lazy page chunk.
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: customerListSearchSchema,
  loaderDeps: ({ search }) => customerListParams(search),
  // Loaded before the page shows, with the options the page reads; a failure shows the error view with Try again.
  loader: ({ context: { queryClient, membership }, params, deps, cause }) =>
    loadRouteQuery(queryClient, cause, customersQueryOptions({ slug: params.tenant, id: membership.tenant_id }, deps)),
  component: CustomersRoute,
});

function CustomersRoute() {
  const params = customerListParams(Route.useSearch());
  const { depoId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <CustomersPage
      depoId={depoId}
      params={params}
      onParamsChange={(search) => void navigate({ search: (previous) => ({ ...previous, ...search }) })}
    />
  );
}
