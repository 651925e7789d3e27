import { useMemo } from 'react';
import { createFileRoute, Outlet, redirect, retainSearchParams } from '@tanstack/react-router';
import { signInMessages } from '@/features/auth/sign-in-messages';
import { consumeSessionExpired } from '@/features/auth/session-end';
import { signInReturnSearch } from '@/features/auth/sign-in-return';
import { deposQueryOptions } from '@/features/tenants/api/get-depos';
import { tenantQueryOptions } from '@/features/tenants/api/get-tenant';
import { CurrentMemberProvider } from '@/features/tenants/current-member';
import { depoSearchSchema } from '@/features/tenants/current-depo';
import { tenantParams } from '@/features/tenants/tenant-slug';
import { membershipForTenant } from '@/shared/supabase/jwt-claims';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { TenantHeader } from './-components/tenant-header';

/**
 * Every staff page of a tenant: signed-in active members only. The sign-in and password pages
 * sit outside it, in `$tenant_/`. The `depo` search parameter (the depo switcher's choice)
 * follows every link inside.
 */
export const Route = createFileRoute('/$tenant')({
  params: tenantParams,
  validateSearch: depoSearchSchema,
  search: { middlewares: [retainSearchParams(['depo'])] },
  beforeLoad: ({ context, params, preload, location }) => {
    const { session } = context;
    if (!session) {
      // Hover preloads run this guard too; only a real visit should tell the user.
      if (!preload) showFlash(consumeSessionExpired() ? signInMessages.timeout : signInMessages.unauthenticated, 'alert');
      // The deep link survives the sign-in (issue 8).
      throw redirect({ to: '/$tenant/users/sign_in', params: { tenant: params.tenant }, search: signInReturnSearch(params.tenant, location.href) });
    }
    const membership = membershipForTenant(session, params.tenant);
    // Not a member here: the sign-in page of this tenant explains and offers the member's own companies.
    if (!membership) throw redirect({ to: '/$tenant/users/sign_in', params: { tenant: params.tenant } });
    // Re-exported so pages below read a session that is never null.
    return { session, membership };
  },
  loader: async ({ context: { queryClient, membership }, params }) => {
    const [tenant] = await Promise.all([
      queryClient.ensureQueryData(tenantQueryOptions(params.tenant)),
      queryClient.ensureQueryData(deposQueryOptions(params.tenant, membership.tenant_id)),
    ]);
    // The token still names the tenant but the membership was ended since: RLS hides the row.
    if (!tenant) throw redirect({ to: '/$tenant/users/sign_in', params: { tenant: params.tenant } });
  },
  component: TenantLayout,
});

function TenantLayout() {
  const { session, membership } = Route.useRouteContext();
  const userId = session.user.id;
  const email = session.user.email ?? '';
  // A new object only when who is signed in changes, not on every navigation.
  const identity = useMemo(() => ({ membership, userId, email }), [membership, userId, email]);
  return (
    <CurrentMemberProvider identity={identity}>
      <TenantHeader />
      <main className="page" id="main">
        <Outlet />
      </main>
    </CurrentMemberProvider>
  );
}
