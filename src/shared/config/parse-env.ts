import { z } from 'zod';

/** Build-time variables as Vite exposes them; an unset variable may also arrive as ''. */
const rawEnvSchema = z.object({
  VITE_SUPABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  VITE_SUPABASE_ANON_KEY: z.string().min(1, 'VITE_SUPABASE_ANON_KEY must be set when building the app'),
});

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/**
 * Validates the build-time environment. The Supabase URL defaults to the page's own origin
 * because the gateway serves the app and the Supabase API from one host.
 */
export function parseEnv(raw: Record<string, unknown>, origin: string): AppEnv {
  const result = rawEnvSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`Invalid app environment: ${z.prettifyError(result.error)}`);
  }
  return {
    supabaseUrl: (result.data.VITE_SUPABASE_URL ?? origin).replace(/\/+$/, ''),
    supabaseAnonKey: result.data.VITE_SUPABASE_ANON_KEY,
  };
}
