import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../shared/stack-config.ts';

export type ApiKeyCheck =
  { ok: true; key: string } | { ok: false; status: 401; body: { message: string; hint?: string } };

/** The key a request carries: the `apikey` header, else the `apikey` query parameter (websockets, links). */
export function readApiKey(req: IncomingMessage): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header) return header;
  const query = new URL(req.url ?? '/', 'http://gateway').searchParams.get('apikey');
  return query || undefined;
}

/** Like Supabase's gateway: a request without a known project key is refused before any service sees it. */
export function checkApiKey(req: IncomingMessage, config: StackConfig): ApiKeyCheck {
  const key = readApiKey(req);
  if (!key) return { ok: false, status: 401, body: { message: 'No API key found in request' } };
  if (key !== config.anonKey && key !== config.serviceRoleKey) {
    return {
      ok: false,
      status: 401,
      body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
    };
  }
  return { ok: true, key };
}

/** Keeps a caller's own Bearer token; a request without one acts with the API key's role, as on Supabase. */
export function ensureAuthorization(req: IncomingMessage, key: string): void {
  const current = req.headers.authorization;
  if (!current || /^Bearer\s+sb_/i.test(current)) req.headers.authorization = `Bearer ${key}`;
}
