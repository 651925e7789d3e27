import type { ServerResponse } from 'node:http';

// Auth answers browsers directly (e-mail links, the app), so its responses carry CORS headers like GoTrue's.
const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Total-Count, Link, X-Supabase-Api-Version',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204, CORS_HEADERS);
  res.end();
}

/** 303 See Other, as GoTrue answers GET /verify. */
export function sendRedirect(res: ServerResponse, location: string): void {
  const body = `<a href="${location.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">See Other</a>.\n`;
  res.writeHead(303, {
    ...CORS_HEADERS,
    location,
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}
