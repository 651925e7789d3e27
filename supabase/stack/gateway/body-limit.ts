import type { IncomingMessage } from 'node:http';

/** The largest request body the gateway passes on. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A declared length over the limit is refused before reading a byte of it. */
export function declaredTooLarge(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > MAX_BODY_BYTES;
}
