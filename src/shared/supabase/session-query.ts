import type { Session } from '@supabase/auth-js';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { queryKeys } from '../query/query-keys';
import { supabase } from './client';

export async function getSession(): Promise<Session | null> {
  const { data, error } = await supabase.auth.getSession();
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
