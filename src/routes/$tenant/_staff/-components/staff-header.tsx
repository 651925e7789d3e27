import { useNavigate, useRouter } from '@tanstack/react-router';
import { withDepoSegment } from '@/features/tenants/current-depo';
import { DepoSwitcher } from '@/features/tenants/components/depo-switcher';
import { useCurrentMember } from '@/features/tenants/current-member';
import { roleLabels } from '@/features/tenants/role-labels';

export interface StaffHeaderProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function StaffHeader({ menuOpen, onToggleMenu }: StaffHeaderProps) {
  const { tenant, role, depos, currentDepoId, chooseDepo, email } = useCurrentMember();
  const navigate = useNavigate();
  const router = useRouter();

  const switchDepo = (depoId: number) => {
    chooseDepo(depoId);
    // A page of one depo (`/depo/$depoId/...`) moves to the same page of the chosen depo; its own
    // filters reset, as they were chosen for the other depo. The address is the one being opened, which
    // may still be loading: the page on screen may be the one being left, and a switch must not be lost.
    const target = withDepoSegment(router.latestLocation.pathname, depoId);
    if (target) void navigate({ href: target });
  };

  // Sign-out is a page of its own (Devise's /users/sign_out), so this page is left before its data goes.
  const signOut = () => void navigate({ to: '/$tenant/users/sign_out', params: { tenant: tenant.slug } });

  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="app-header__bar">
        <button
          type="button"
          className="button app-header__menu"
          aria-expanded={menuOpen}
          aria-controls="staff-sidebar"
          onClick={onToggleMenu}
        >
          Menu
        </button>
        <span className="app-header__brand" title={tenant.name}>
          {tenant.name}
        </span>
        <span className="app-header__role" data-testid="current-role">
          {roleLabels[role]}
        </span>
        <span className="app-header__user" title={email}>
          {email}
        </span>
        <DepoSwitcher depos={depos} currentDepoId={currentDepoId} onChange={switchDepo} />
        <button type="button" className="button" onClick={signOut}>
          Sign out
        </button>
      </div>
    </header>
  );
}
