import { useNavigate } from '@tanstack/react-router';
import { MainNav } from '@/features/navigation/components/main-nav';
import { DepoSwitcher } from '@/features/tenants/components/depo-switcher';
import { rememberDepo } from '@/features/tenants/current-depo';
import { useCurrentMember } from '@/features/tenants/current-member';
import { roleLabels } from '@/features/tenants/role-labels';

export function TenantHeader() {
  const { tenant, role, depos, currentDepoId, userId, email } = useCurrentMember();
  const navigate = useNavigate();

  const switchDepo = (depoId: number) => {
    rememberDepo(tenant.slug, userId, depoId);
    // A page of one depo (`/depo/$depoId/...`) moves to the same page of the chosen depo.
    void navigate({
      to: '.',
      params: (previous: Record<string, unknown>) => ('depoId' in previous ? { ...previous, depoId } : previous),
      search: (previous) => ({ ...previous, depo: depoId }),
      replace: true,
    });
  };

  // Sign-out is a page of its own (Devise's /users/sign_out), so this page is left before its data goes.
  const signOut = () => void navigate({ to: '/$tenant/users/sign_out', params: { tenant: tenant.slug } });

  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="app-header__bar">
        <span className="app-header__brand" title={tenant.name}>
          {tenant.name}
        </span>
        <span className="app-header__role" data-testid="current-role">
          {roleLabels[role]}
        </span>
        <span className="app-header__user" title={email}>
          {email}
        </span>
        <button type="button" className="button" onClick={signOut}>
          Sign out
        </button>
      </div>
      <div className="app-header__tools">
        <MainNav tenantSlug={tenant.slug} role={role} tenant={tenant} depoId={currentDepoId} />
        <DepoSwitcher depos={depos} currentDepoId={currentDepoId} onChange={switchDepo} />
      </div>
    </header>
  );
}
