import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { sessionQueryOptions } from '@/shared/supabase/session-query';
import { ConfirmHost } from '@/shared/ui/confirm/confirm-host';
import { FlashHost } from '@/shared/ui/flash/flash-host';
import { NotFound } from './-components/not-found';
import { RouteError } from './-components/route-error';
import { RouteProgress } from './-components/route-progress';

/** What the router is created with; `session` is added below for every route. */
export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Re-read on every navigation from the Query cache, which auth events keep current, so a
  // guard never acts on the session of a moment ago (e.g. right after signing out).
  beforeLoad: async ({ context }) => ({
    session: await context.queryClient.ensureQueryData(sessionQueryOptions()),
  }),
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

function RootLayout() {
  return (
    <>
      <RouteProgress />
      <Outlet />
      <FlashHost />
      <ConfirmHost />
    </>
  );
}
