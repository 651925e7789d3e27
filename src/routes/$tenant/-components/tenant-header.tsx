import { useNavigate, useParams, useRouteContext } from '@tanstack/react-router';
import { useSignOut } from '@/features/auth/api/sign-out';
import { showFlash } from '@/shared/ui/flash/flash-store';

export function TenantHeader() {
  const { tenant } = useParams({ from: '/$tenant' });
  const { session } = useRouteContext({ from: '/$tenant' });
  const navigate = useNavigate();
  const signOut = useSignOut();

  const handleSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate({ to: '/$tenant/users/sign_in', params: { tenant } }),
      onError: (error) => showFlash(error.message, 'alert'),
    });

  return (
    <header className="app-header">
      <span className="app-header__tenant">{tenant}</span>
      <span className="app-header__user" title={session.user.email}>
        {session.user.email}
      </span>
      <button type="button" className="button" onClick={handleSignOut} disabled={signOut.isPending}>
        Sign out
      </button>
    </header>
  );
}
