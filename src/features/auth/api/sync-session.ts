import type { QueryClient } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { authKeys } from '../auth-keys';

/**
 * Mirrors supabase-js auth events into the Query cache, so that the session read by route
 * guards and components is the one supabase-js holds. Call once at start-up.
 */
export function syncSessionToQueryCache(queryClient: QueryClient): () => void {
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') {
      // Depot PCs are shared: the next user must not see the previous user's cached data.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    }
    queryClient.setQueryData(authKeys.session(), session);
  });
  return () => data.subscription.unsubscribe();
}
