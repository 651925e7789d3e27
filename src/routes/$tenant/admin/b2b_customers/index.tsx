import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { b2bCustomerStatusSizesQueryOptions } from '@/features/b2b-customers/api/get-b2b-customer-status-sizes';
import { b2bCustomersQueryOptions } from '@/features/b2b-customers/api/get-b2b-customers';
import { b2bCustomersSearchDefaults, b2bCustomersSearchSchema, filtersFromSearch } from '@/features/b2b-customers/b2b-customers-search';
import { B2bCustomersPage } from '@/features/b2b-customers/components/b2b-customers-page';
import { useCurrentMember } from '@/features/tenants/current-member';

export const Route = createFileRoute('/$tenant/admin/b2b_customers/')({
  validateSearch: b2bCustomersSearchSchema,
  search: { middlewares: [stripSearchParams(b2bCustomersSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, membership }, params, deps }) => {
    const base = { slug: params.tenant, tenantId: membership.tenant_id, filters: filtersFromSearch(deps) };
    // The counts first, then the list (admin-core §4). A failure is shown on the page, not as a route error.
    await queryClient.prefetchQuery(b2bCustomerStatusSizesQueryOptions(base));
    await queryClient.prefetchQuery(b2bCustomersQueryOptions({ ...base, page: deps.page }));
  },
  component: B2bCustomersRoute,
});

function B2bCustomersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const member = useCurrentMember();
  return <B2bCustomersPage member={member} search={search} onSearchChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }) })} />;
}
