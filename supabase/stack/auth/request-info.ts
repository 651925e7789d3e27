import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** Who is calling: stored on sessions and passed to hooks, as GoTrue does. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** The caller's address: the first X-Forwarded-For entry when a proxy set one, else the socket's. */
export function clientInfo(req: IncomingMessage): ClientInfo {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const candidate = first && isIP(first) ? first : (req.socket.remoteAddress ?? '');
  const userAgent = req.headers['user-agent'];
  return { ip: isIP(candidate) ? candidate : '', userAgent: userAgent || undefined };
}
