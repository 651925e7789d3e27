import { AuthClient, type GoTrueClient } from '@supabase/auth-js';

/**
 * The auth client, configured as supabase-js's `createClient` configures it. In a module of its own so that it
 * loads only when a session may exist (see `loadAuth` in `./client`): the customers' pages never need it.
 */
export function createAuthClient(options: { url: string; apiKey: string; storageKey: string }): GoTrueClient {
  return new AuthClient({
    url: options.url,
    headers: { Authorization: `Bearer ${options.apiKey}`, apikey: options.apiKey },
    storageKey: options.storageKey,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
  });
}
