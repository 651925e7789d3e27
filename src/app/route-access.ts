import type { AppRole, TenantFlags } from '@/shared/vocabulary/staff-vocabulary';
import type { StaffRoute } from './staff-routes';

export interface StaffViewer {
  role: AppRole;
  /** The tenant row, or just its flags. */
  tenant: TenantFlags;
}

/** May this member of this tenant open the route? */
export function canOpen(route: StaffRoute, viewer: StaffViewer): boolean {
  return (
    (!route.roles || route.roles.includes(viewer.role)) &&
    (!route.requiresFlag || viewer.tenant[route.requiresFlag] === true) &&
    (!route.hiddenByFlag || viewer.tenant[route.hiddenByFlag] !== true)
  );
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** How many segments of `pathname` the pattern covers from its start (`$name` matches any one), or -1. */
function coveredLength(pattern: string, pathname: readonly string[]): number {
  const wanted = segments(pattern);
  if (wanted.length > pathname.length) return -1;
  return wanted.every((segment, index) => segment.startsWith('$') || segment === pathname[index]) ? wanted.length : -1;
}

/**
 * The declaration that covers a URL path (`/hjem-is/admin/depos/3/edit` -> depos): the one whose
 * pattern matches the longest start of it. Undefined: no declaration, so nobody may open it.
 */
export function findStaffRoute(routes: readonly StaffRoute[], pathname: string): StaffRoute | undefined {
  const parts = segments(decodeURIComponent(pathname));
  let best: { route: StaffRoute; length: number } | undefined;
  for (const route of routes) {
    for (const pattern of [route.to, ...(route.also ?? [])]) {
      const length = coveredLength(pattern, parts);
      // Home (`/$tenant`) covers only itself, not every staff path.
      if (length === 1 && parts.length > 1) continue;
      if (length > 0 && (!best || length > best.length)) best = { route, length };
    }
  }
  return best?.route;
}

/** The depo of a depo page's path (`/hjem-is/admin/depo/3/cars` -> 3), if it is one. */
export function depoOfPath(pathname: string): number | undefined {
  const match = /\/depo\/(\d+)(?:\/|$)/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

/** Admins work in every depo of their tenant; the others only in their own. */
export function mayWorkInDepo(membership: { role: AppRole; depo_ids: readonly number[] }, depoId: number): boolean {
  return membership.role === 'admin' || membership.depo_ids.includes(depoId);
}

/** The menu entries this member may see, in declaration order. */
export function visibleStaffRoutes(routes: readonly StaffRoute[], viewer: StaffViewer): StaffRoute[] {
  return routes.filter((route) => route.inMenu !== false && canOpen(route, viewer));
}
