import type { Session } from '@supabase/supabase-js';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { authKeys } from '../auth-keys';

export async function getSession(): Promise<Session | null> {
  const { data, error } = await supabase.auth.getSession();
  // A stored session that cannot be refreshed is as good as none: the user signs in again.
  return error ? null : data.session;
}

/**
 * Never stale: `syncSessionToQueryCache` writes every auth change into this entry, so route
 * guards reading it always see the current session.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: getSession,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The current session, or null when signed out. The root route loads it before any page renders. */
export function useSession(): Session | null {
  return useSuspenseQuery(sessionQueryOptions()).data;
}
