import { createFileRoute } from '@tanstack/react-router';
import { eodListQueryOptions, type EodListFilters, type EodTab } from '@/features/eod/api/eod-list';
import { EodListPage } from '@/features/eod/components/eod-list-page';
import { useCurrentMember } from '@/features/tenants/current-member';
import { monthRange, todayIso, isIsoDate } from '@/shared/dates/calendar-date';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { oneOf, positiveInt } from '@/shared/routing/url-values';

interface EodSearch {
  tab?: EodTab;
  start?: string;
  end?: string;
  cars?: string;
  page?: number;
  /** A report shown expanded (the way back from the EOD stock dialog's transfer). */
  report?: number;
}

const isoOrUndefined = (value: unknown) => (typeof value === 'string' && isIsoDate(value) ? value : undefined);

/** The URL carries the tab, the dates (the current month when absent), the cars (`1,2`) and the page. */
function filtersOf(search: EodSearch): EodListFilters {
  const month = monthRange(todayIso());
  const start = search.start ?? month.start;
  const end = search.end ?? month.end;
  return {
    tab: search.tab ?? 'unapproved',
    start,
    end: end < start ? start : end,
    carIds: (search.cars ?? '')
      .split(',')
      .map((id) => positiveInt(id))
      .filter((id): id is number => id !== undefined),
    page: search.page ?? 1,
  };
}

// The EOD list (delivery-operations §2 "/end_of_day_reports"); who may open it: src/app/staff-routes.ts.
export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/end_of_day_reports/')({
  validateSearch: (raw: Record<string, unknown>): EodSearch => ({
    tab: oneOf(['unapproved', 'approved', 'unmapped'] as const, raw.tab),
    start: isoOrUndefined(raw.start),
    end: isoOrUndefined(raw.end),
    cars: typeof raw.cars === 'string' && /^[0-9,]{1,400}$/.test(raw.cars) ? raw.cars : undefined,
    page: positiveInt(raw.page),
    report: positiveInt(raw.report),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, cause }) =>
    loadRouteQuery(queryClient, cause, eodListQueryOptions(params.tenant, params.depoId, filtersOf(deps))),
  component: EodListRoute,
});

function EodListRoute() {
  const { depoId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { tenant } = useCurrentMember();
  const filters = filtersOf(search);
  return (
    <EodListPage
      tenant={tenant}
      depoId={depoId}
      filters={filters}
      openReportId={search.report}
      onFiltersChange={(next) =>
        void navigate({
          search: {
            tab: next.tab,
            start: next.start,
            end: next.end,
            cars: next.carIds.length > 0 ? next.carIds.join(',') : undefined,
            page: next.page,
          },
        })
      }
    />
  );
}
