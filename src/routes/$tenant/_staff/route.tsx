import { createFileRoute, Outlet, redirect, type ErrorComponentProps } from '@tanstack/react-router';
import { canOpen, depoOfPath, findStaffRoute, mayWorkInDepo } from '@/app/route-access';
import { staffRoutes } from '@/app/staff-routes';
import { signInMessages } from '@/features/auth/sign-in-messages';
import { consumeSessionExpired } from '@/features/auth/session-end';
import { signInReturnSearch } from '@/features/auth/sign-in-return';
import { deposQueryOptions } from '@/features/tenants/api/get-depos';
import { tenantQueryOptions } from '@/features/tenants/api/get-tenant';
import { tenantParams } from '@/features/tenants/tenant-slug';
import { membershipForTenant } from '@/shared/supabase/jwt-claims';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { RouteError } from '../../-components/route-error';
import { NotAuthorizedError, NOT_AUTHORIZED_MESSAGE } from './-components/not-authorized';
import { StaffLayout } from './-components/staff-layout';

/**
 * Every staff page of a tenant: signed-in active members only, and only the routes the member's
 * role and the tenant's flags open (declared once in `src/app/staff-routes.ts`). The guard runs
 * before any page's loader, so a refused page loads no data. The sign-in and password pages sit
 * outside, in `$tenant_/`; public pages in `_public`.
 */
export const Route = createFileRoute('/$tenant/_staff')({
  params: tenantParams,
  beforeLoad: async ({ context, params, preload, location }) => {
    const { session, queryClient } = context;
    if (!session) {
      // Hover preloads run this guard too; only a real visit should tell the user.
      if (!preload)
        showFlash(consumeSessionExpired() ? signInMessages.timeout : signInMessages.unauthenticated, 'alert');
      // The deep link survives the sign-in.
      throw redirect({
        to: '/$tenant/users/sign_in',
        params: { tenant: params.tenant },
        search: signInReturnSearch(params.tenant, location.href),
      });
    }
    const membership = membershipForTenant(session, params.tenant);
    // Not a member here: the sign-in page of this tenant explains and offers the member's own companies.
    if (!membership) throw redirect({ to: '/$tenant/users/sign_in', params: { tenant: params.tenant } });
    // The flags decide which routes open; the row is needed by every staff page anyway.
    const tenant = await queryClient.ensureQueryData(tenantQueryOptions(params.tenant));
    // The token still names the tenant but the membership was ended since: RLS hides the row.
    if (!tenant) throw redirect({ to: '/$tenant/users/sign_in', params: { tenant: params.tenant } });
    const declared = findStaffRoute(staffRoutes, location.pathname);
    const depoId = depoOfPath(location.pathname);
    if (
      !declared ||
      !canOpen(declared, { role: membership.role, tenant }) ||
      (depoId !== undefined && !mayWorkInDepo(membership, depoId))
    ) {
      throw new NotAuthorizedError({ membership, userId: session.user.id, email: session.user.email ?? '' });
    }
    // Re-exported so pages below read a session that is never null.
    return { session, membership };
  },
  loader: ({ context: { queryClient, membership }, params }) =>
    queryClient.ensureQueryData(deposQueryOptions(params.tenant, membership.tenant_id)),
  component: StaffPage,
  errorComponent: StaffError,
});

function StaffPage() {
  const { session, membership } = Route.useRouteContext();
  return (
    <StaffLayout membership={membership} userId={session.user.id} email={session.user.email ?? ''}>
      <Outlet />
    </StaffLayout>
  );
}

/** A refused route keeps the staff layout around one plain sentence; other errors as anywhere else. */
function StaffError(props: ErrorComponentProps) {
  if (!(props.error instanceof NotAuthorizedError)) return <RouteError {...props} />;
  const { membership, userId, email } = props.error.identity;
  return (
    <StaffLayout membership={membership} userId={userId} email={email}>
      <p className="not-authorized" role="alert">
        {NOT_AUTHORIZED_MESSAGE}
      </p>
    </StaffLayout>
  );
}
