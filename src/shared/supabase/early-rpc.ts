import { PostgrestClient } from '@supabase/postgrest-js';
import { env } from '@/shared/config/env';
import type { Database } from './database.types';

/** What index.html's inline script asked for before the app's code arrived (tools/route-preload). */
interface EarlyRpc {
  /** The request body, as JSON. */
  args: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyRpc?: Record<string, EarlyRpc | undefined>;
  }
}

type Rpc = PostgrestClient<Database>['rpc'];

/**
 * The RPC client answering from the request index.html already started for `name` with these very arguments
 * (taken once: later calls ask the server), so the answer goes through postgrest-js and `runQuery` as any other;
 * null when there is none.
 */
export function takeEarlyRpc(name: string, args: Record<string, unknown>): { rpc: Rpc } | null {
  const early = window.__earlyRpc?.[name];
  if (!early || early.args !== JSON.stringify(args)) return null;
  window.__earlyRpc![name] = undefined;
  const rest = new PostgrestClient<Database>(new URL('rest/v1', `${env.supabaseUrl}/`).href, {
    fetch: () => early.response,
  });
  return { rpc: rest.rpc.bind(rest) };
}
