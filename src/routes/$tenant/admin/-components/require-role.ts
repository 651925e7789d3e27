import { redirect } from '@tanstack/react-router';
import type { Enums } from '@/shared/supabase/database.types';
import { showFlash } from '@/shared/ui/flash/flash-store';

export const NOT_AUTHORIZED_MESSAGE = 'You are not authorized to access this page.';

/** A layout guard: members without one of `roles` go back to the tenant's home with an alert. */
export function requireRole(
  options: { membership: { role: Enums<'app_role'> }; tenant: string; preload: boolean },
  roles: readonly Enums<'app_role'>[],
): void {
  if (roles.includes(options.membership.role)) return;
  if (!options.preload) showFlash(NOT_AUTHORIZED_MESSAGE, 'alert');
  throw redirect({ to: '/$tenant', params: { tenant: options.tenant } });
}
