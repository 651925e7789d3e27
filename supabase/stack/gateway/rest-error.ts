// PostgREST's error answers are one short line of JSON; the gateway reads the few it must tell apart.
/** Bodies longer than this are not one of the errors the gateway looks for: passed on unread. */
export const REST_ERROR_MAX_BYTES = 512;

/** The `code` and `message` of a PostgREST error body; null for anything else (too long, not JSON, not an object). */
export function restErrorOf(body: Buffer): { code?: unknown; message?: unknown } | null {
  if (body.length > REST_ERROR_MAX_BYTES) return null;
  try {
    const error: unknown = JSON.parse(body.toString('utf8'));
    return typeof error === 'object' && error !== null ? (error as { code?: unknown; message?: unknown }) : null;
  } catch {
    return null;
  }
}
