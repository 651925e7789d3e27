import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { AuthSettings } from './settings.ts';

const LOCALHOST = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** A gobwas/glob pattern as GoTrue uses for the allow list: `*` stays within a host label or path segment. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else source += char.replace(/[\\^$+.()|{}[\]]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** GoTrue's IsRedirectURLValid: same site as site_url, a loopback address, or on the allow list. */
export function isRedirectAllowed(settings: AuthSettings, redirect: string): boolean {
  if (!redirect) return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(settings.siteUrl);
    target = new URL(redirect);
  } catch {
    return false;
  }
  const host = target.hostname;
  if (
    base.hostname === host &&
    base.protocol === target.protocol &&
    (base.port === target.port || LOCALHOST.has(host))
  ) {
    return true;
  }
  const bareHost = host.replace(/^\[|\]$/g, '');
  if (/^[0-9]+$/.test(bareHost)) return false;
  if (isIP(bareHost)) return bareHost === '::1' || bareHost.startsWith('127.');
  const withoutFragment = redirect.split('#')[0];
  return settings.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/** Where an e-mail link leads (GoTrue's GetReferrer): `redirect_to` if allowed, else the Referer, else site_url. */
export function referrerUrl(settings: AuthSettings, req: IncomingMessage, requested: string | undefined): string {
  if (requested && isRedirectAllowed(settings, requested)) return requested;
  const referer = req.headers.referer;
  if (referer && isRedirectAllowed(settings, referer)) return referer;
  return settings.siteUrl;
}

/** `redirect_to` from the query string (auth-js puts it there) or, failing that, the JSON body. */
export function requestedRedirect(query: URLSearchParams, body?: Record<string, unknown>): string | undefined {
  const fromQuery = query.get('redirect_to');
  if (fromQuery) return fromQuery;
  const fromBody = body?.redirect_to;
  return typeof fromBody === 'string' && fromBody !== '' ? fromBody : undefined;
}
