import { AuthClient, type GoTrueClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { env } from '@/shared/config/env';
import type { Database } from './database.types';

/**
 * The app's only Supabase client: one auth session, and the REST, RPC and function calls made as the signed-in
 * user. Composed from supabase-js's own parts, configured as `createClient` configures them, so that a page does
 * not load what it never uses before its first row: Realtime loads with the first live screen
 * (`./realtime-client`) and Storage, which the app does not use, never.
 */
export interface AppSupabaseClient {
  auth: GoTrueClient;
  from: PostgrestClient<Database>['from'];
  rpc: PostgrestClient<Database>['rpc'];
  functions: FunctionsClient;
}

const baseUrl = `${env.supabaseUrl}/`;
const apiKey = env.supabaseAnonKey;

/** Where supabase-js keeps the session (the same key, so a stored session carries over). */
export const authStorageKey = `sb-${new URL(baseUrl).hostname.split('.')[0]}-auth-token`;

const auth = new AuthClient({
  url: new URL('auth/v1', baseUrl).href,
  headers: { Authorization: `Bearer ${apiKey}`, apikey: apiKey },
  storageKey: authStorageKey,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
});

/** The user's token while signed in, the anon key otherwise, as supabase-js sends them. */
export async function accessToken(): Promise<string> {
  const { data } = await auth.getSession();
  return data.session?.access_token ?? apiKey;
}

const fetchAsUser: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  if (!headers.has('apikey')) headers.set('apikey', apiKey);
  if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await accessToken()}`);
  return fetch(input, { ...init, headers });
};

const rest = new PostgrestClient<Database>(new URL('rest/v1', baseUrl).href, { fetch: fetchAsUser });

export const supabase: AppSupabaseClient = {
  auth,
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  functions: new FunctionsClient(new URL('functions/v1', baseUrl).href, { customFetch: fetchAsUser }),
};

/** Realtime's URL and key, for the client that loads with the first live screen. */
export const realtimeEndpoint = { url: new URL('realtime/v1', baseUrl.replace(/^http/, 'ws')).href, apiKey };
