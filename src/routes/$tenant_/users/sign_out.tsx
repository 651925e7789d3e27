import { createFileRoute, redirect } from '@tanstack/react-router';
import { signOut } from '@/features/auth/api/sign-out';
import { tenantParams } from '@/features/tenants/tenant-slug';
import { showFlash } from '@/shared/ui/flash/flash-store';

/**
 * Devise's sign-out address. Signing out while this route loads means the staff page being left
 * is already on its way out when its data is cleared.
 */
export const Route = createFileRoute('/$tenant_/users/sign_out')({
  params: tenantParams,
  beforeLoad: async ({ params, preload }) => {
    // A hover must never sign anyone out.
    if (preload) return;
    try {
      await signOut();
    } catch (error) {
      showFlash(error instanceof Error ? error.message : String(error), 'alert');
      throw redirect({ to: '/$tenant', params: { tenant: params.tenant } });
    }
    throw redirect({ to: '/$tenant/users/sign_in', params: { tenant: params.tenant }, replace: true });
  },
});
