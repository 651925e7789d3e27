import { Link } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { useRoutes, type RouteListRow } from '../api/get-routes';
import { approveRoute, undoDeleteRoute, useRouteAction } from '../api/route-actions';
import { ROUTE_APPROVED } from '../route-approval';
import { routeFilterLabels, type RouteFilter } from '../route-filters';
import { RouteFilterLinks } from './route-filter-links';
import { RoutePointsLink } from './route-points-link';
import { RoutesTable } from './routes-table';
import './routes.css';

const emptyTexts: Record<RouteFilter, string> = {
  active: 'No routes found',
  approved: 'No approved routes found',
  not_approved: 'No routes waiting for approval',
  deleted: 'No deleted routes',
};

/** One action per route at a time: a double click sends one request. */
function useRowLock() {
  const busy = useRef(new Set<number>());
  return useCallback(async (id: number, work: () => Promise<unknown>) => {
    if (busy.current.has(id)) return;
    busy.current.add(id);
    try {
      await work();
    } finally {
      busy.current.delete(id);
    }
  }, []);
}

/** The route list of a depo under a filter: each route's points editor, edit page, approve or undo delete. */
export function RoutesListPage({
  slug,
  depoId,
  filter,
  dateFormat,
}: {
  slug: string;
  depoId: number;
  filter: RouteFilter;
  dateFormat: string;
}) {
  const routes = useRoutes(slug, depoId, filter);
  useFlashOnError(routes.error);
  const approve = useRouteAction(slug, approveRoute);
  const undoDelete = useRouteAction(slug, undoDeleteRoute);
  const locked = useRowLock();

  const renderActions = useCallback(
    (route: RouteListRow) => (
      <span className="routes__row-actions">
        {route.deleted_at === null && <RoutePointsLink slug={slug} depoId={route.depo_id} routeId={route.id} />}
        <Link
          to="/$tenant/depo/$depoId/routes/$routeId/edit"
          params={{ tenant: slug, depoId: route.depo_id, routeId: route.id }}
        >
          Edit
        </Link>
        {route.deleted_at === null && route.should_approve !== 'approved' && (
          <button
            type="button"
            className="button"
            onClick={() =>
              void locked(route.id, () =>
                approve.mutateAsync(route.id).then(
                  () => showFlash(ROUTE_APPROVED),
                  (failure: unknown) => flashRequestError(failure),
                ),
              )
            }
          >
            Approve
          </button>
        )}
        {route.deleted_at !== null && (
          <button
            type="button"
            className="button"
            onClick={() =>
              void locked(route.id, () =>
                undoDelete.mutateAsync(route.id).then(
                  () => showFlash(`Route ${route.name} restored`),
                  (failure: unknown) => flashRequestError(failure),
                ),
              )
            }
          >
            Undo delete
          </button>
        )}
      </span>
    ),
    [slug, approve, undoDelete, locked],
  );

  return (
    <section>
      <PageTitleBar title={filter === 'active' ? 'Routes' : `Routes: ${routeFilterLabels[filter]}`}>
        <Link
          className="button button--primary"
          to="/$tenant/depo/$depoId/routes/new"
          params={{ tenant: slug, depoId }}
        >
          New route
        </Link>
      </PageTitleBar>
      <RouteFilterLinks slug={slug} depoId={depoId} current={filter} />
      <QueryState what="routes" isPending={false} error={routes.error} onRetry={() => void routes.refetch()} />
      <RoutesTable
        routes={routes.data}
        loading={routes.isPending}
        dateFormat={dateFormat}
        emptyText={emptyTexts[filter]}
        renderActions={renderActions}
      />
    </section>
  );
}
