import { createFileRoute } from '@tanstack/react-router';
import { webshopOrdersQueryOptions } from '@/features/webshop-orders/api/get-webshop-orders';
import { WebshopOrdersPage, type OrderFilters } from '@/features/webshop-orders/components/webshop-orders-page';
import { orderListSearch, resolveOrderFilters } from '@/features/webshop-orders/routing/order-list-search';
import { tenantQueryOptions } from '@/features/tenants/api/get-tenant';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';

export const Route = createFileRoute('/$tenant/_staff/eshop/depo/$depoId/orders')({
  validateSearch: orderListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps, cause }) => {
    const tenant = await queryClient.ensureQueryData(tenantQueryOptions(params.tenant));
    const filters = resolveOrderFilters(deps, tenant?.time_zone ?? 'UTC');
    await loadRouteQuery(
      queryClient,
      cause,
      webshopOrdersQueryOptions({ slug: params.tenant, depoId: params.depoId, kind: 'eshop', ...filters }),
    );
    return filters;
  },
  component: EshopOrdersRoute,
});

function EshopOrdersRoute() {
  const { depoId } = Route.useParams();
  const filters = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const { tenant, depos } = useCurrentMember();
  const onFilters = (next: Partial<OrderFilters>) => void navigate({ search: (current) => ({ ...current, ...next }) });
  return (
    <WebshopOrdersPage
      key={filters.status}
      member={{ tenant, depos }}
      kind="eshop"
      depoId={depoId}
      filters={filters}
      onFilters={onFilters}
    />
  );
}
