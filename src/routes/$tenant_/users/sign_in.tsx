import { useEffect } from 'react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { signOut } from '@/features/auth/api/sign-out';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { signInMessages } from '@/features/auth/sign-in-messages';
import { safeReturnPath } from '@/features/auth/sign-in-return';
import { tenantParams } from '@/features/tenants/tenant-slug';
import { sessionMemberships } from '@/shared/supabase/jwt-claims';
import { useSession } from '@/shared/supabase/session-query';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { text } from '@/shared/routing/url-values';
import { AuthPage } from './-components/auth-page';
import { redirectMembersHome } from './-components/members-home-guard';
import { NotMemberNotice } from './-components/not-member-notice';

// `$tenant_` keeps the URL /{tenant}/users/sign_in but takes this page out of the `$tenant`
// layout, whose guard would otherwise send the sign-in page to itself.
export const Route = createFileRoute('/$tenant_/users/sign_in')({
  params: tenantParams,
  // The staff page that asked for the sign-in (see signInReturnSearch).
  validateSearch: { parse: (raw: { redirect?: unknown }): { redirect?: string } => ({ redirect: text(raw.redirect) }) },
  beforeLoad: ({ context, params, preload }) =>
    redirectMembersHome({ session: context.session, tenant: params.tenant, preload }),
  component: SignInPage,
});

function SignInPage() {
  const { tenant } = Route.useParams();
  const returnTo = safeReturnPath(tenant, Route.useSearch().redirect);
  const session = useSession();
  const navigate = useNavigate();
  const memberships = sessionMemberships(session);
  const isMember = memberships.some((membership) => membership.tenant === tenant);
  const hasNoCompany = session !== null && memberships.length === 0;

  // The form only signs in; the session arriving in the cache is what moves a member on.
  useEffect(() => {
    if (!session || !isMember) return;
    if (returnTo) void navigate({ href: returnTo, replace: true });
    else void navigate({ to: '/$tenant', params: { tenant }, replace: true });
  }, [session, isMember, navigate, tenant, returnTo]);

  // Signed in, but a member of no company at all: there is nothing to offer, so end the session.
  useEffect(() => {
    if (!hasNoCompany) return;
    showFlash(signInMessages.notMember, 'alert');
    signOut().catch((error: unknown) => showFlash(error instanceof Error ? error.message : String(error), 'alert'));
  }, [hasNoCompany]);

  if (session && !isMember && memberships.length > 0) {
    return (
      <AuthPage tenant={tenant} title="Sign in">
        <NotMemberNotice email={session.user.email ?? ''} memberships={memberships} />
      </AuthPage>
    );
  }

  return (
    <AuthPage tenant={tenant} title="Sign in">
      <SignInForm>
        <Link to="/$tenant/users/password/new" params={{ tenant }}>
          Forgot your password?
        </Link>
      </SignInForm>
    </AuthPage>
  );
}
