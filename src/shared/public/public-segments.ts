import { supabase } from '@/shared/supabase/client';

// The URL segments whose bare path (/dk, /no, /public) is a public site's home rather than a tenant's staff home.
// Both live at `/$tenant/`, so the router rewrites a public one to `/$segment/home` (and back in the address bar);
// the list is data (`public_site_segments`), read once when the app starts.
let segments: ReadonlySet<string> = new Set();
let loading: Promise<void> | null = null;

export function loadPublicSegments(): Promise<void> {
  loading ??= (async () => {
    const { data } = await supabase.rpc('public_site_segments');
    segments = new Set(data ?? []);
  })().catch(() => undefined);
  return loading;
}

/** Whether the app must wait for the list before routing this path (a bare single segment). */
export function needsPublicSegments(pathname: string): boolean {
  return /^\/[^/]+\/?$/.test(pathname);
}

const HOME = 'home';

/** `/dk` → `/dk/home` (the public home route); anything else unchanged. */
export function toInternalPath(pathname: string): string | undefined {
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  return match && segments.has(match[1]!) ? `/${match[1]}/${HOME}` : undefined;
}

/** `/dk/home` → `/dk` for the address bar. */
export function toPublicPath(pathname: string): string | undefined {
  const match = /^\/([^/]+)\/home\/?$/.exec(pathname);
  return match && segments.has(match[1]!) ? `/${match[1]}` : undefined;
}
