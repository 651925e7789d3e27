import { createFileRoute } from '@tanstack/react-router';
import { webshopOrdersQueryOptions } from '@/features/webshop-orders/api/get-webshop-orders';
import { WebshopOrdersPage, type OrderFilters } from '@/features/webshop-orders/components/webshop-orders-page';
import { orderListSearch, resolveOrderFilters } from '@/features/webshop-orders/routing/order-list-search';
import { loadRouteQuery } from '@/shared/query/load-route-query';

export const Route = createFileRoute('/$tenant/_staff/eshop/depo/$depoId/orders')({
  validateSearch: orderListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps, cause }) => {
    const filters = await resolveOrderFilters(queryClient, params.tenant, deps);
    await loadRouteQuery(queryClient, cause, webshopOrdersQueryOptions({ slug: params.tenant, depoId: params.depoId, kind: 'eshop', ...filters }));
    return filters;
  },
  component: EshopOrdersRoute,
});

function EshopOrdersRoute() {
  const { depoId } = Route.useParams();
  const filters = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const onFilters = (next: Partial<OrderFilters>) => void navigate({ search: (current) => ({ ...current, ...next }) });
  return <WebshopOrdersPage kind="eshop" depoId={depoId} filters={filters} onFilters={onFilters} />;
}
