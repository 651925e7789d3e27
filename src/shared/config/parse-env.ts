/** Build-time variables as Vite exposes them; an unset variable may also arrive as ''. */
export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

// Checked by hand: this runs in the entry chunk of every page, where a validation library would weigh more than
// the two checks it makes.
function httpUrl(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  const protocol = typeof value === 'string' ? protocolOf(value) : null;
  if (typeof value !== 'string' || (protocol !== 'http:' && protocol !== 'https:')) {
    throw new Error('Invalid app environment: VITE_SUPABASE_URL must be an http(s) URL');
  }
  return value;
}

// Not URL.canParse: older phone browsers (Safari before 17) lack it.
function protocolOf(value: string): string | null {
  try {
    return new URL(value).protocol;
  } catch {
    return null;
  }
}

/**
 * Validates the build-time environment. The Supabase URL defaults to the page's own origin
 * because the gateway serves the app and the Supabase API from one host.
 */
export function parseEnv(raw: Record<string, unknown>, origin: string): AppEnv {
  const supabaseUrl = httpUrl(raw.VITE_SUPABASE_URL);
  const anonKey = raw.VITE_SUPABASE_ANON_KEY;
  if (typeof anonKey !== 'string' || anonKey === '') {
    throw new Error('Invalid app environment: VITE_SUPABASE_ANON_KEY must be set when building the app');
  }
  return {
    supabaseUrl: (supabaseUrl ?? origin).replace(/\/+$/, ''),
    supabaseAnonKey: anonKey,
  };
}
