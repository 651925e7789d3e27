/**
 * The one gate between a URL that someone stored or a server answered (a tenant's homepage and logo, a link in an
 * RPC's answer) and an `href`, an `src` or the page's location. Only http and https pass: a `javascript:` or
 * `data:` URL in a link runs script on the origin every tenant's staff and customers share. The database refuses
 * such values too (app_private.is_web_url); this holds for values stored before that or sent by anything else.
 * The only module that may call location.assign/replace (eslint.config.js).
 */

// Not URL.canParse: older phone browsers (Safari before 17) lack it.
function parsed(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

const isWeb = (url: URL | null): url is URL => url !== null && (url.protocol === 'https:' || url.protocol === 'http:');

/**
 * An absolute http(s) URL, else null: relative, `//host` and other schemes. It is the value as stored when that has
 * no space or control character (the browser reads it exactly as it was checked), else the browser's normalised form.
 */
export function webUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Without a base only an absolute URL parses; `//host` and `/path` need one and so fail here.
  const url = parsed(value);
  if (!isWeb(url)) return null;
  return /^[^\u0000-\u0020\u007f]+$/.test(value) ? value : url.href;
}

/** A path of this site (`/dk`, never `//host`) or an absolute http(s) URL, else null. */
export function siteHref(value: unknown): string | null {
  if (typeof value === 'string' && /^\/(?![/\\])/.test(value)) {
    const url = parsed(value, 'http://site.invalid');
    return url && url.origin === 'http://site.invalid' ? value : null;
  }
  return webUrl(value);
}

/**
 * Leaves the page for a path of this site or an http(s) URL (a full page load). Anything else goes nowhere: the
 * answer is false, so the caller can fall back.
 */
export function goTo(value: unknown, how: 'assign' | 'replace' = 'assign'): boolean {
  const href = siteHref(value);
  if (href === null) return false;
  if (how === 'replace') window.location.replace(href);
  else window.location.assign(href);
  return true;
}
