import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { b2bOrdersQueryOptions } from '@/features/b2b-orders/api/get-b2b-orders';
import { B2bOrdersPage } from '@/features/b2b-orders/components/b2b-orders-page';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { positiveInt } from '@/shared/routing/url-values';

const searchSchema = { parse: (raw: { page?: unknown }): { page: number } => ({ page: positiveInt(raw.page) ?? 1 }) };

/** B2B orders: admins, depo admins and support read them; only admins export. */
export const Route = createFileRoute('/$tenant/_staff/admin/b2b_orders/')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, membership }, params, deps, cause }) => {
    // Loaded before the page shows, with the options the page reads.
    await loadRouteQuery(
      queryClient,
      cause,
      b2bOrdersQueryOptions({ slug: params.tenant, tenantId: membership.tenant_id, page: deps.page }),
    );
  },
  component: B2bOrdersRoute,
});

function B2bOrdersRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const member = useCurrentMember();
  return (
    <B2bOrdersPage member={member} page={page} onPageChange={(next) => void navigate({ search: { page: next } })} />
  );
}
