// The one limiter of the public calls (app_private.enforce_public_rate_limit), for the edge functions that anon
// calls: counted per caller IP (as the gateway reports it) and per subject, over app_private.public_rate_limits.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

export type PublicAction = 'address_search' | 'password_recovery';

/** The caller's IP as the gateway set it (it drops what the client sent), or null. */
export function callerIp(req: Request): string | null {
  const first = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return first ? first : null;
}

/** Counts one call; false when the caller or the subject is over its limit (answer 429). */
export async function takePublicCall(
  service: SupabaseClient,
  action: PublicAction,
  req: Request,
  subject: string | null = null,
): Promise<boolean> {
  const { error } = await service.rpc('take_public_call', {
    action,
    subject: subject ?? '',
    client_ip: callerIp(req) ?? 'unknown',
  });
  if (!error) return true;
  if (error.message === 'rate_limited') return false;
  throw new Error(`take_public_call failed: ${error.message}`);
}
