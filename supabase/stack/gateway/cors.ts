import type { IncomingMessage, ServerResponse } from 'node:http';

// What supabase-js sends and needs to read back (see shared/reference: gateway, CORS).
const ALLOWED_HEADERS =
  'apikey, authorization, x-client-info, content-type, accept-profile, content-profile, prefer, x-supabase-api-version, x-retry-count, x-region, range';
const EXPOSED_HEADERS = 'Content-Range, X-Total-Count, Link, X-Supabase-Api-Version, Content-Location, Location';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
};

/** Answers a CORS preflight: origin *, every method, and the headers the browser asked for echoed back. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    ...CORS_HEADERS,
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS,
    'access-control-max-age': '3600',
  });
  res.end();
}
