import '@/shared/config/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '@/app/router';
import { syncSessionToQueryCache } from '@/features/auth/api/sync-session';
import { initPasswordRecovery } from '@/features/auth/password-recovery';
import { loadPublicSegments, needsPublicSegments } from '@/shared/public/public-segments';
import { queryClient } from '@/shared/query/query-client';
import { startAuthWhenSessionStored } from '@/shared/supabase/client';
import './app/styles.css';

// Read before supabase-js takes the session out of a password-reset link's URL fragment.
initPasswordRecovery(window.location.hash);

// Listen to the session before anything waits: an expired session found at start-up is recorded in the query cache
// (the guards show the session-expired text), even when the app mounts only after the public-segment list.
let router: ReturnType<typeof createAppRouter> | undefined;
syncSessionToQueryCache(queryClient, { onSessionExpired: () => void router?.invalidate() });
// A stored session (or one in the URL) starts the auth client now, in parallel with the rest; without one the
// auth client loads only when someone signs in, so the customers' pages never fetch it.
startAuthWhenSessionStored();

/** Mounts the app; no top-level await here, which would make the bundler split the entry into dozens of chunks. */
function start(): void {
  router = createAppRouter(queryClient);
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');

  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

// A bare /{segment} is a public site's home or a tenant's staff home: that needs the list of public segments.
const segmentsLoaded = loadPublicSegments();
if (needsPublicSegments(window.location.pathname)) void segmentsLoaded.then(start, start);
else start();
