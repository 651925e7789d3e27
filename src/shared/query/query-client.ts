import { QueryClient } from '@tanstack/react-query';
import { retryDelayMs, shouldRetryRead } from './retry-policy';

/** The app's Query cache; realtime messages update it so screens never need a reload. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Realtime keeps data fresh; this only dampens refetches on focus and remount.
      staleTime: 30_000,
      retry: shouldRetryRead,
      retryDelay: retryDelayMs,
    },
  },
});
