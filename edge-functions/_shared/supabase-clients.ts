// The two Supabase clients a function uses: the caller's (their JWT, so row-level security applies) and the
// service role's (stays inside the function; used after the caller's rights have been checked).
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { requiredEnv } from './env.ts';

const serverOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function callerClient(authorization: string): SupabaseClient {
  return createClient(requiredEnv('SUPABASE_URL'), requiredEnv('SUPABASE_ANON_KEY'), {
    ...serverOptions,
    global: { headers: { Authorization: authorization } },
  });
}

export function serviceClient(): SupabaseClient {
  return createClient(requiredEnv('SUPABASE_URL'), requiredEnv('SUPABASE_SERVICE_ROLE_KEY'), serverOptions);
}
