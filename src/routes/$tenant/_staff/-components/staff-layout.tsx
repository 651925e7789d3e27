import { useMemo, useState, type ReactNode } from 'react';
import type { Tenant } from '@/features/tenants/api/get-tenant';
import type { AppRole } from '@/shared/vocabulary/staff-vocabulary';
import { visibleStaffRoutes } from '@/app/route-access';
import { staffGroups, staffRoutes } from '@/app/staff-routes';
import { StaffSidebar } from '@/features/navigation/components/staff-sidebar';
import { CurrentMemberProvider, useCurrentMember } from '@/features/tenants/current-member';
import type { MembershipClaim } from '@/shared/supabase/jwt-claims';
import { StaffHeader } from './staff-header';

export interface StaffLayoutProps {
  membership: MembershipClaim;
  userId: string;
  email: string;
  children: ReactNode;
}

/** Header, grouped sidebar and the page: the frame of every staff screen. */
export function StaffLayout({ membership, userId, email, children }: StaffLayoutProps) {
  // A new object only when who is signed in changes, not on every navigation.
  const identity = useMemo(() => ({ membership, userId, email }), [membership, userId, email]);
  return (
    <CurrentMemberProvider identity={identity}>
      <StaffFrame>{children}</StaffFrame>
    </CurrentMemberProvider>
  );
}

function StaffFrame({ children }: { children: ReactNode }) {
  const { tenant, role, currentDepoId } = useCurrentMember();
  const [menuOpen, setMenuOpen] = useState(false);
  const groups = useMemo(() => menuGroups(role, tenant, currentDepoId !== null), [role, tenant, currentDepoId]);
  return (
    <div className="staff-shell">
      <StaffHeader menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <div className="staff-shell__body">
        <StaffSidebar
          groups={groups}
          tenantSlug={tenant.slug}
          depoId={currentDepoId}
          open={menuOpen}
          onNavigate={() => setMenuOpen(false)}
        />
        <main className="page staff-shell__main" id="main">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The menu: the declared routes this member may open, in their groups; depo pages need a depo. */
function menuGroups(role: AppRole, tenant: Tenant, hasDepo: boolean) {
  const items = visibleStaffRoutes(staffRoutes, { role, tenant }).filter(
    (item) => hasDepo || !item.to.includes('$depoId'),
  );
  return staffGroups
    .map((group) => ({ group, items: items.filter((item) => item.group === group) }))
    .filter((entry) => entry.items.length > 0);
}
