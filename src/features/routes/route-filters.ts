import { InvalidPathParamError, oneOf } from '@/shared/routing/url-values';

/** The route list's filters (`/routes` is `active`; `/routes/filter/{filter}` the others). */
export const routeFilters = ['active', 'approved', 'not_approved', 'deleted'] as const;
export type RouteFilter = (typeof routeFilters)[number];

export const routeFilterLabels: Record<RouteFilter, string> = {
  active: 'All routes',
  approved: 'Approved',
  not_approved: 'Not approved',
  deleted: 'Deleted',
};

/** The `$filter` path segment: an unknown filter is no page. */
export const routeFilterParam = {
  parse: (raw: { filter: string }) => {
    const filter = oneOf(routeFilters, raw.filter);
    if (!filter) throw new InvalidPathParamError('filter');
    return { filter };
  },
  stringify: (params: { filter: RouteFilter }) => ({ filter: params.filter }),
};
