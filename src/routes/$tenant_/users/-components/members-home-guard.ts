import { redirect } from '@tanstack/react-router';
import type { Session } from '@supabase/auth-js';
import { signInMessages } from '@/features/auth/sign-in-messages';
import { membershipForTenant } from '@/shared/supabase/jwt-claims';
import { showFlash } from '@/shared/ui/flash/flash-store';

/** Devise's rule for the sign-in and forgot-password pages: a signed-in member goes home instead. */
export function redirectMembersHome(options: { session: Session | null; tenant: string; preload: boolean }): void {
  const { session, tenant, preload } = options;
  if (session && membershipForTenant(session, tenant)) {
    if (!preload) showFlash(signInMessages.alreadyAuthenticated);
    throw redirect({ to: '/$tenant', params: { tenant } });
  }
}
