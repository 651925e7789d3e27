import { useRouterState } from '@tanstack/react-router';

/** A thin bar along the top of the window while the router loads the next page. */
export function RouteProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  return (
    <div
      className={loading ? 'route-progress route-progress--active' : 'route-progress'}
      role="progressbar"
      aria-hidden={!loading}
      aria-label="Loading page"
    />
  );
}
