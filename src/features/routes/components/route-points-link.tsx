import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/** Where a route's points are edited (the route-points editor's own page). */
export const routePointsHref = (slug: string, depoId: number, routeId: number) =>
  `/${slug}/depo/${depoId}/route/${routeId}/route_points`;

/**
 * A link to the route-points editor. The editor is a page of its own, declared beside this list, so the link
 * goes by address: the router takes the click (no reload); opening it in a new tab works as for any link.
 */
export function RoutePointsLink({
  slug,
  depoId,
  routeId,
  children = 'Route points',
}: {
  slug: string;
  depoId: number;
  routeId: number;
  children?: ReactNode;
}) {
  const router = useRouter();
  const href = routePointsHref(slug, depoId, routeId);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  };
  return (
    <a href={href} onClick={open}>
      {children}
    </a>
  );
}
