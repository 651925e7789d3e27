import type { Session } from '@supabase/auth-js';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { queryKeys } from '../query/query-keys';
import { authStarted, loadAuth, mayHaveSession } from './client';

export async function getSession(): Promise<Session | null> {
  // Nobody signed in on this browser: answered without loading the auth client (the customers' pages).
  if (!authStarted() && !mayHaveSession()) return null;
  const { data, error } = await (await loadAuth()).getSession();
  // A stored session that cannot be refreshed is as good as none: the user signs in again.
  return error ? null : data.session;
}

/**
 * Never stale: the auth feature writes every auth event into this entry, so route guards and
 * screens reading it always see the session supabase-js holds.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.session(),
    queryFn: getSession,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The current session, or null when signed out. The root route loads it before any page renders. */
export function useSession(): Session | null {
  return useSuspenseQuery(sessionQueryOptions()).data;
}
