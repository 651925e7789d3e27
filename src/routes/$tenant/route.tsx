import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { signInMessages } from '@/features/auth/sign-in-messages';
import { tenantParams } from '@/features/tenants/tenant-slug';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { TenantHeader } from './-components/tenant-header';

/** Every staff page of a tenant. The sign-in page sits outside it, in `$tenant_/`. */
export const Route = createFileRoute('/$tenant')({
  params: tenantParams,
  beforeLoad: ({ context, params, preload }) => {
    if (!context.session) {
      // Hover preloads run this guard too; only a real visit should tell the user.
      if (!preload) showFlash(signInMessages.unauthenticated, 'alert');
      throw redirect({ to: '/$tenant/users/sign_in', params: { tenant: params.tenant } });
    }
    // Re-exported so pages below read a session that is never null.
    return { session: context.session };
  },
  component: TenantLayout,
});

function TenantLayout() {
  return (
    <>
      <TenantHeader />
      <main className="page">
        <Outlet />
      </main>
    </>
  );
}
