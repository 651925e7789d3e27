import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { routePointsQueryOptions, useRoutePoints } from '@/features/route-points/api/get-route-points';
import { RoutePointsEditor } from '@/features/route-points/components/route-points-editor';
import { useCurrentMember } from '@/features/tenants/current-member';
import { isIsoDate, monthRange, type DateRange } from '@/shared/dates/calendar-date';
import { tenantMapDefaults } from '@/shared/map/tenant-map-defaults';
import { todayIn } from '@/shared/dates/today-in';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { text } from '@/shared/routing/url-values';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { recordIdParam } from '../../../../admin/-components/record-id-param';

interface PeriodSearch {
  start_date?: string;
  end_date?: string;
}

const isoDate = (value: unknown) => {
  const date = text(value);
  return date !== undefined && isIsoDate(date) ? date : undefined;
};
const searchSchema = {
  parse: (raw: Partial<Record<keyof PeriodSearch, unknown>>): PeriodSearch => ({
    start_date: isoDate(raw.start_date),
    end_date: isoDate(raw.end_date),
  }),
};

/** The period whose unplanned sales are shown: the URL's dates, else the current month (§9). */
function periodOf(search: PeriodSearch, timeZone: string): DateRange {
  const month = monthRange(todayIn(timeZone));
  return { start: search.start_date ?? month.start, end: search.end_date ?? month.end };
}

export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/route/$routeId/route_points')({
  params: recordIdParam('routeId'),
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, cause }) =>
    loadRouteQuery(
      queryClient,
      cause,
      routePointsQueryOptions(params.tenant, params.depoId, params.routeId, periodOf(deps, 'UTC')),
    ),
  component: RoutePointsPage,
});

function RoutePointsPage() {
  const { tenant: slug, depoId, routeId } = Route.useParams();
  const search = Route.useSearch();
  const { tenant, userId, email } = useCurrentMember();
  const period = periodOf(search, 'UTC');
  const points = useRoutePoints(slug, depoId, routeId, period);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  useFlashOnError(points.error);

  const reload = useCallback(async () => {
    const options = routePointsQueryOptions(slug, depoId, routeId, period);
    await queryClient.invalidateQueries({ queryKey: options.queryKey });
    return queryClient.fetchQuery(options);
    // The period's two dates stand for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, slug, depoId, routeId, period.start, period.end]);

  const routesList = `/${slug}/depo/${depoId}/routes`;
  const back = (
    <a
      href={routesList}
      onClick={(event) => {
        event.preventDefault();
        // The route list belongs to the routes screens; going there passes the unsaved-changes guard.
        void router.navigate({ href: routesList });
      }}
    >
      Back to routes
    </a>
  );

  return (
    <>
      <QueryState
        what="route points"
        isPending={points.isPending}
        error={points.error}
        onRetry={() => void points.refetch()}
      />
      {points.data ? (
        <RoutePointsEditor
          key={`${routeId}:${period.start}:${period.end}`}
          slug={slug}
          depoId={depoId}
          routeId={routeId}
          data={points.data}
          period={period}
          onPeriodChange={(next) => void navigate({ to: '.', search: { start_date: next.start, end_date: next.end } })}
          reload={reload}
          me={{ user_id: userId, email }}
          detourFactor={Number(tenant.route_detour_factor ?? 1.3)}
          routeEstimator={tenant.route_estimator === 'mapbox' ? 'mapbox' : 'local'}
          hasFastMap={tenant.has_fast_map}
          mapView={tenantMapDefaults(tenant)}
          back={back}
        />
      ) : null}
    </>
  );
}
