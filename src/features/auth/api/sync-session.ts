import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { whenAuthLoads } from '@/shared/supabase/client';
import { recordSignedIn, recordSignedOut } from '../session-end';
import { recoveryEnded, recoveryNotStarted, recoveryStarted } from '../password-recovery';

export interface SessionSyncOptions {
  /**
   * Called when a session ends that nobody signed out of (its refresh failed): the app re-runs
   * its route guards, which take the user to the sign-in page with the session-expired text.
   */
  onSessionExpired?: () => void;
}

/**
 * Mirrors supabase-js auth events into the Query cache, so that the session read by route
 * guards and components is the one supabase-js holds. Call once at start-up, before the first
 * render, so that events of supabase-js's own start (a stored session that cannot be refreshed,
 * a password-recovery link) are seen.
 */
export function syncSessionToQueryCache(queryClient: QueryClient, options: SessionSyncOptions = {}): () => void {
  const onEvent = (event: AuthChangeEvent, session: Session | null) => {
    switch (event) {
      case 'SIGNED_OUT': {
        // Depot PCs are shared: the next user must not see the previous user's cached data.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.auth.all[0] });
        queryClient.setQueryData(queryKeys.auth.session(), null);
        recoveryEnded();
        if (recordSignedOut()) options.onSessionExpired?.();
        return;
      }
      case 'PASSWORD_RECOVERY':
        recordSignedIn();
        if (session) recoveryStarted(session.user.id);
        break;
      case 'SIGNED_IN':
        recordSignedIn();
        break;
      case 'INITIAL_SESSION':
        if (!session) recoveryNotStarted();
        break;
      default:
        break;
    }
    queryClient.setQueryData(queryKeys.auth.session(), session);
  };
  // The auth client loads only when a session may exist (see loadAuth); until then nobody is signed in.
  let subscription: { unsubscribe: () => void } | null = null;
  const stopWaiting = whenAuthLoads((auth) => {
    subscription = auth.onAuthStateChange(onEvent).data.subscription;
  });
  return () => {
    stopWaiting();
    subscription?.unsubscribe();
  };
}
