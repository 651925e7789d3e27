import type { IncomingMessage } from 'node:http';

/** The `x-*` request headers, which hosted Realtime exposes to policies as `request.headers`. */
export function upgradeHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!name.startsWith('x-') || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
