import { useEffect } from 'react';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useSession } from '@/features/auth/api/get-session';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { signInMessages } from '@/features/auth/sign-in-messages';
import { tenantParams } from '@/features/tenants/tenant-slug';
import { showFlash } from '@/shared/ui/flash/flash-store';

// `$tenant_` keeps the URL /{tenant}/users/sign_in but takes this page out of the `$tenant`
// layout, whose guard would otherwise send the sign-in page to itself.
export const Route = createFileRoute('/$tenant_/users/sign_in')({
  params: tenantParams,
  beforeLoad: ({ context, params, preload }) => {
    if (context.session) {
      if (!preload) showFlash(signInMessages.alreadyAuthenticated);
      throw redirect({ to: '/$tenant', params: { tenant: params.tenant } });
    }
  },
  component: SignInPage,
});

function SignInPage() {
  const { tenant } = Route.useParams();
  const session = useSession();
  const navigate = useNavigate();

  // The form only signs in; the session arriving in the cache is what moves the user on.
  useEffect(() => {
    if (session) void navigate({ to: '/$tenant', params: { tenant }, replace: true });
  }, [session, navigate, tenant]);

  return (
    <main className="page page--narrow">
      <h1>Sign in</h1>
      <p className="muted">{tenant}</p>
      <SignInForm />
    </main>
  );
}
