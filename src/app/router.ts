import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import { PendingPage } from '@/routes/-components/pending-page';
import { RouteError } from '@/routes/-components/route-error';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query owns caching; the router must always call loaders so they can ask Query.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A page that takes longer than a blink shows skeleton rows (and the top bar) instead of the old page.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: RouteError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
