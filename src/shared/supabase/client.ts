import type { GoTrueClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { env } from '@/shared/config/env';
import type { Database } from './database.types';

/**
 * The app's only Supabase client: one auth session, and the REST, RPC and function calls made as the signed-in
 * user. Composed from supabase-js's own parts, configured as `createClient` configures them, so that a page does
 * not load what it never uses before its first row: the auth client loads when a session may exist
 * (`loadAuth`), Realtime with the first live screen (`./realtime-client`) and Storage, which the app does not
 * use, never.
 */
export interface AppSupabaseClient {
  from: PostgrestClient<Database>['from'];
  rpc: PostgrestClient<Database>['rpc'];
  functions: FunctionsClient;
}

const baseUrl = `${env.supabaseUrl}/`;
const apiKey = env.supabaseAnonKey;

/** Where supabase-js keeps the session (the same key, so a stored session carries over). */
export const authStorageKey = `sb-${new URL(baseUrl).hostname.split('.')[0]}-auth-token`;

let authLoading: Promise<GoTrueClient> | null = null;
let authClient: GoTrueClient | null = null;
const authListeners = new Set<(auth: GoTrueClient) => void>();

/**
 * Whether this browser may hold a session: one stored by an earlier visit, or one arriving in the URL (a
 * sign-in, invitation or password-reset link). Without either, nobody is signed in and the auth client (about
 * 20 KB gzip) need not load, which keeps it off the customers' pages.
 */
export function mayHaveSession(): boolean {
  if (/[#&](access_token|error_code|error_description)=/.test(window.location.hash)) return true;
  try {
    return localStorage.getItem(authStorageKey) !== null;
  } catch {
    // Storage blocked (private mode): supabase-js keeps the session in memory, so only this tab's sign-in counts.
    return false;
  }
}

/** Whether the auth client is loaded or loading: then it, not the storage, knows the session. */
export function authStarted(): boolean {
  return authLoading !== null;
}

/** The auth client, loaded on first use; it starts by reading the stored session or the one in the URL. */
export function loadAuth(): Promise<GoTrueClient> {
  authLoading ??= import('./auth-client').then(({ createAuthClient }) => {
    authClient = createAuthClient({ url: new URL('auth/v1', baseUrl).href, apiKey, storageKey: authStorageKey });
    const created = authClient;
    authListeners.forEach((listener) => listener(created));
    return created;
  });
  return authLoading;
}

/**
 * Runs `listener` with the auth client as soon as it is created (at once if it is), before its first auth
 * event, so listeners of `onAuthStateChange` see every event, the start-up ones included.
 */
export function whenAuthLoads(listener: (auth: GoTrueClient) => void): () => void {
  if (authClient) listener(authClient);
  else authListeners.add(listener);
  return () => authListeners.delete(listener);
}

/**
 * Starts the auth client now when a session may exist, and later when another tab of this browser signs in (it
 * stores the session), so this tab follows it as supabase-js's own client would.
 */
export function startAuthWhenSessionStored(): void {
  if (mayHaveSession()) void loadAuth();
  window.addEventListener('storage', (event) => {
    if (event.key === authStorageKey && event.newValue !== null && !authStarted()) void loadAuth();
  });
}

/** The user's token while signed in, the anon key otherwise, as supabase-js sends them. */
export async function accessToken(): Promise<string> {
  if (!authStarted() && !mayHaveSession()) return apiKey;
  const { data } = await (await loadAuth()).getSession();
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
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  functions: new FunctionsClient(new URL('functions/v1', baseUrl).href, { customFetch: fetchAsUser }),
};

/** Realtime's URL and key, for the client that loads with the first live screen. */
export const realtimeEndpoint = { url: new URL('realtime/v1', baseUrl.replace(/^http/, 'ws')).href, apiKey };
