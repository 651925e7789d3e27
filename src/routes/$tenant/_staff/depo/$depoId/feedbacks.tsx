import { createFileRoute } from '@tanstack/react-router';
import { feedbacksQueryOptions, type FeedbackFilters } from '@/features/feedback/api/get-feedbacks';
import { FeedbackPage } from '@/features/feedback/components/feedback-page';
import { feedbackSearch, resolveFeedbackFilters } from '@/features/feedback/routing/feedback-search';
import { tenantQueryOptions } from '@/features/tenants/api/get-tenant';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';

export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/feedbacks')({
  validateSearch: feedbackSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps, cause }) => {
    const tenant = await queryClient.ensureQueryData(tenantQueryOptions(params.tenant));
    const resolved = resolveFeedbackFilters(deps, tenant?.time_zone ?? 'UTC');
    await loadRouteQuery(queryClient, cause, feedbacksQueryOptions(params.tenant, params.depoId, resolved.filters));
    return resolved;
  },
  component: FeedbacksRoute,
});

function FeedbacksRoute() {
  const { depoId } = Route.useParams();
  const { filters, defaultRange } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const { tenant } = useCurrentMember();
  const onFilters = (next: Partial<FeedbackFilters>) =>
    void navigate({ search: (current) => ({ ...current, ...next }) });
  return (
    <FeedbackPage
      key={JSON.stringify(filters)}
      tenant={tenant}
      depoId={depoId}
      filters={filters}
      defaultRange={defaultRange}
      onFilters={onFilters}
    />
  );
}
