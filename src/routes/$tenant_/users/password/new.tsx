import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { PasswordRequestForm } from '@/features/auth/components/password-request-form';
import { passwordMessages } from '@/features/auth/sign-in-messages';
import { tenantParams } from '@/features/tenants/tenant-slug';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { AuthPage } from '../-components/auth-page';
import { redirectMembersHome } from '../-components/members-home-guard';

export const Route = createFileRoute('/$tenant_/users/password/new')({
  params: tenantParams,
  beforeLoad: ({ context, params, preload }) =>
    redirectMembersHome({ session: context.session, tenant: params.tenant, preload }),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const { tenant } = Route.useParams();
  const navigate = useNavigate();
  // The e-mail's link opens the edit page of this tenant, on this host.
  const redirectTo = `${window.location.origin}/${tenant}/users/password/edit`;

  const sent = () => {
    showFlash(passwordMessages.sendInstructions);
    void navigate({ to: '/$tenant/users/sign_in', params: { tenant } });
  };

  return (
    <AuthPage tenant={tenant} title="Forgot your password?">
      <PasswordRequestForm redirectTo={redirectTo} onSent={sent} />
      <p className="form__links">
        <Link to="/$tenant/users/sign_in" params={{ tenant }}>
          Sign in
        </Link>
      </p>
    </AuthPage>
  );
}
