import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { PasswordEditForm } from '@/features/auth/components/password-edit-form';
import { recoveryEnded } from '@/features/auth/password-recovery';
import { passwordMessages } from '@/features/auth/sign-in-messages';
import { usePasswordRecovery } from '@/features/auth/use-password-recovery';
import { tenantParams } from '@/features/tenants/tenant-slug';
import { serverMessage } from '@/shared/errors/server-messages';
import { useSession } from '@/shared/supabase/session-query';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { AuthPage } from '../-components/auth-page';

/** Where the reset e-mail's link lands, with a recovery session in the URL fragment. */
export const Route = createFileRoute('/$tenant_/users/password/edit')({
  params: tenantParams,
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  const { tenant } = Route.useParams();
  const navigate = useNavigate();
  const session = useSession();
  const recovery = usePasswordRecovery();

  const changed = async () => {
    showFlash(passwordMessages.updated);
    await navigate({ to: '/$tenant', params: { tenant } });
    recoveryEnded();
  };

  const requestAgain = (
    <p className="form__links">
      <Link to="/$tenant/users/password/new" params={{ tenant }}>
        Forgot your password?
      </Link>
    </p>
  );

  if (recovery.status === 'pending') {
    return (
      <AuthPage tenant={tenant} title="Change your password">
        <p aria-busy="true">Checking the link…</p>
      </AuthPage>
    );
  }

  if (recovery.status === 'failed') {
    // A used or old link: Devise's "Reset password token has expired, please request a new one".
    const text = recovery.code === 'otp_expired' ? `Reset password token ${serverMessage('expired')}` : recovery.reason;
    return (
      <AuthPage tenant={tenant} title="Change your password">
        <p className="form__error" role="alert">
          {text}
        </p>
        {requestAgain}
      </AuthPage>
    );
  }

  if (recovery.status !== 'active' || !session || session.user.id !== recovery.userId) {
    return (
      <AuthPage tenant={tenant} title="Change your password">
        <p className="form__error" role="alert">
          {passwordMessages.noToken}
        </p>
        {requestAgain}
      </AuthPage>
    );
  }

  return (
    <AuthPage tenant={tenant} title="Change your password">
      <PasswordEditForm onChanged={() => void changed()} />
    </AuthPage>
  );
}
