/**
 * The request target as the services will understand it, computed once before routing and the API-key check.
 * The services parse paths with WHATWG URL rules, which resolve `.`/`..` (also written `%2e`) and read `\` as
 * `/`; routing on the raw text would let `/auth/v1/verify/../token` pass the key check as `/verify`.
 */
export type NormalisedTarget = { ok: true; url: string } | { ok: false };

const DOT = /^(?:\.|%2e)$/i;
const DOT_DOT = /^(?:\.|%2e){2}$/i;

/** Dot segments resolved (never above the root), `\` read as `/`, repeated slashes collapsed; query kept as sent. */
export function normaliseRequestTarget(raw: string): NormalisedTarget {
  if (!raw.startsWith('/')) return { ok: false };
  const queryAt = raw.indexOf('?');
  const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const query = queryAt === -1 ? '' : raw.slice(queryAt);
  // A broken escape or bytes that are not UTF-8 cannot be routed reliably by anyone downstream.
  if (/%(?![0-9a-f]{2})/i.test(rawPath)) return { ok: false };
  try {
    decodeURIComponent(rawPath);
  } catch {
    return { ok: false };
  }
  const segments = rawPath.replace(/\\/g, '/').split('/').slice(1);
  const kept: string[] = [];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (DOT.test(segment)) {
      if (last) kept.push('');
    } else if (DOT_DOT.test(segment)) {
      kept.pop();
      if (last) kept.push('');
    } else if (segment !== '' || last) {
      kept.push(segment);
    }
  });
  return { ok: true, url: `/${kept.join('/')}${query}` };
}
