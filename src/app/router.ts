import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { toInternalPath, toPublicPath } from '@/shared/public/public-segments';
import { routeTree } from '@/routeTree.gen';
import { PendingPage } from '@/routes/-components/pending-page';
import { RouteError } from '@/routes/-components/route-error';

function withPath(url: URL, pathname: string | undefined): URL | undefined {
  if (pathname === undefined) return undefined;
  const next = new URL(url.href);
  next.pathname = pathname;
  return next;
}

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
    // A public site's home (/dk) and a tenant's staff home (/hjem-is) share one path shape: see public-segments.ts.
    rewrite: {
      input: ({ url }) => withPath(url, toInternalPath(url.pathname)),
      output: ({ url }) => withPath(url, toPublicPath(url.pathname)),
    },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
