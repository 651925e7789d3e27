import { useMemo, useState, type ReactNode } from 'react';
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
  return (
    <div className="staff-shell">
      <StaffHeader menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <div className="staff-shell__body">
        <StaffSidebar tenantSlug={tenant.slug} role={role} tenant={tenant} depoId={currentDepoId} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        <main className="page staff-shell__main" id="main">
          {children}
        </main>
      </div>
    </div>
  );
}
