import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { b2bCustomerStatusSizesQueryOptions } from '@/features/b2b-customers/api/get-b2b-customer-status-sizes';
import { b2bCustomersQueryOptions } from '@/features/b2b-customers/api/get-b2b-customers';
import {
  b2bCustomersSearchDefaults,
  b2bCustomersSearchSchema,
  filtersFromSearch,
  type B2bCustomersSearch,
} from '@/features/b2b-customers/b2b-customers-search';
import { B2bCustomersPage } from '@/features/b2b-customers/components/b2b-customers-page';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { flag } from '@/shared/routing/url-values';

/**
 * The list's URL: the depo segment is its Depo filter (the header's switcher and the filter's
 * select both change it); `all_depos` stands for the filter's "All depos".
 */
type ListSearch = Omit<B2bCustomersSearch, 'depo_id'> & { all_depos: boolean };

const searchSchema = {
  parse: (raw: Partial<Record<keyof ListSearch, unknown>>): ListSearch => {
    const { status, search_phrase, tab, page } = b2bCustomersSearchSchema.parse(raw);
    return { status, search_phrase, tab, page, all_depos: flag(raw.all_depos) ?? false };
  },
};

const pageSearch = (search: ListSearch, depoId: number): B2bCustomersSearch => ({
  ...search,
  depo_id: search.all_depos ? undefined : depoId,
});

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/b2b_customers/')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ ...b2bCustomersSearchDefaults, all_depos: false })] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, membership }, params, deps, cause }) => {
    const base = {
      slug: params.tenant,
      tenantId: membership.tenant_id,
      filters: filtersFromSearch(pageSearch(deps, params.depoId)),
    };
    // With the options the page reads. The counts are asked first (admin-core §4), but the list does
    // not wait for their answer: one round trip to the first row instead of two.
    await Promise.all([
      loadRouteQuery(queryClient, cause, b2bCustomerStatusSizesQueryOptions(base)),
      loadRouteQuery(queryClient, cause, b2bCustomersQueryOptions({ ...base, page: deps.page })),
    ]);
  },
  component: B2bCustomersRoute,
});

function B2bCustomersRoute() {
  const search = Route.useSearch();
  const { depoId } = Route.useParams();
  const navigate = Route.useNavigate();
  const member = useCurrentMember();
  const onSearchChange = ({ depo_id: nextDepo, ...next }: B2bCustomersSearch) => {
    if (nextDepo !== undefined && nextDepo !== depoId) member.chooseDepo(nextDepo);
    void navigate({
      params: (previous) => ({ ...previous, depoId: nextDepo ?? depoId }),
      search: { ...next, all_depos: nextDepo === undefined },
    });
  };
  return <B2bCustomersPage member={member} search={pageSearch(search, depoId)} onSearchChange={onSearchChange} />;
}
