// The Content-Security-Policy of every page the app serves, built once at build time (vite-plugin.ts) and written
// to dist/_headers (static hosts) and dist/headers.json (the stack's gateway), so both send the same header.
// Its job: a script that got into the page (a stored `javascript:` URL, an injected tag) cannot run or send data
// anywhere but the project's own API (issue 24, item 1).
import { createHash } from 'node:crypto';

export interface PolicySettings {
  /** The bodies of the pages' inline scripts (the route preloads' early request): each is allowed by its hash. */
  inlineScripts: string[];
  /** VITE_SUPABASE_URL when the API is on another origin; unset: the page's own origin ('self'). */
  apiUrl?: string;
  /** VITE_MAP_STYLE_URL: a hosted map style (https, pmtiles://https… or mapbox://). */
  mapStyleUrl?: string;
  /** Whether a Turnstile site key is configured (the subscribe form's captcha). */
  turnstile?: boolean;
}

export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
const MAPBOX_ORIGINS = ['https://api.mapbox.com', 'https://*.tiles.mapbox.com', 'https://events.mapbox.com'];

/** `'sha256-…'` of an inline script's exact text, as the browser hashes it. */
export const scriptHash = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/** The bodies of the inline `<script>` elements (no src) of an HTML page. */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1])
    .filter((body) => body.trim() !== '');
}

function originOf(url: string | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The origins a hosted map style loads from: its own (tiles, glyphs, sprites usually sit beside it). */
function mapOrigins(styleUrl: string | undefined): string[] {
  if (!styleUrl) return [];
  if (styleUrl.startsWith('mapbox://')) return MAPBOX_ORIGINS;
  const url = originOf(styleUrl.replace(/^pmtiles:\/\//, ''));
  return url ? [url.origin] : [];
}

export function contentSecurityPolicy(settings: PolicySettings): string {
  const api = originOf(settings.apiUrl);
  // The API's REST and functions (http) and Realtime (ws); 'self' covers both on the page's own origin.
  const apiOrigins = api ? [api.origin, `${api.protocol === 'https:' ? 'wss' : 'ws'}://${api.host}`] : [];
  const maps = mapOrigins(settings.mapStyleUrl);
  const turnstile = settings.turnstile ? [TURNSTILE_ORIGIN] : [];
  const hashes = [...new Set(settings.inlineScripts.map(scriptHash))];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, ...turnstile]],
    // React's style attributes (brand colours), and ag-grid and the map engine add <style> elements at run time:
    // styles cannot run script, so inline styles are allowed; scripts are not.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // A tenant's logo may be on any https host; data: and blob: are the map's and the print map's own images.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...apiOrigins, ...maps]],
    // The map engine runs its tile workers from a blob.
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', turnstile.length > 0 ? turnstile : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

/** The headers every page (HTML answer) gets. */
export function pageHeaders(settings: PolicySettings): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(settings),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** dist/_headers in the Netlify / Cloudflare Pages format: the same headers for every address. */
export function headersFile(headers: Record<string, string>): string {
  return `/*\n${Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n')}\n`;
}
