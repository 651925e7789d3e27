import { Link } from '@tanstack/react-router';
import { staffGroups, staffRoutes, type StaffRoute } from '@/app/staff-routes';
import { visibleStaffRoutes, type StaffViewer } from '@/app/route-access';

export interface StaffSidebarProps extends StaffViewer {
  tenantSlug: string;
  /** Fills `$depoId` of the depo pages (the current depo); they are left out without one. */
  depoId: number | null;
  /** On a phone the sidebar is a panel opened by the header's menu button. */
  open: boolean;
  onNavigate: () => void;
}

/** The staff menu in groups, filtered by the same declaration the route guard reads. */
export function StaffSidebar({ tenantSlug, role, tenant, depoId, open, onNavigate }: StaffSidebarProps) {
  const items = visibleStaffRoutes(staffRoutes, { role, tenant }).filter((item) => depoId != null || !item.to.includes('$depoId'));
  const groups = staffGroups
    .map((group) => ({ group, items: items.filter((item) => item.group === group) }))
    .filter((entry) => entry.items.length > 0);
  return (
    <nav id="staff-sidebar" className={open ? 'staff-sidebar staff-sidebar--open' : 'staff-sidebar'} aria-label="Main">
      {groups.map(({ group, items: entries }) => (
        <section key={group} className="staff-sidebar__group" aria-labelledby={`nav-group-${group}`}>
          <h2 className="staff-sidebar__heading" id={`nav-group-${group}`}>
            {group}
          </h2>
          <ul className="staff-sidebar__list">
            {entries.map((item) => (
              <li key={item.id}>
                <SidebarLink item={item} tenantSlug={tenantSlug} depoId={depoId} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

function SidebarLink({ item, tenantSlug, depoId, onNavigate }: { item: StaffRoute; tenantSlug: string; depoId: number | null; onNavigate: () => void }) {
  return (
    <Link
      to={item.to}
      params={{ tenant: tenantSlug, depoId: depoId ?? undefined }}
      className="staff-sidebar__link"
      // Home is active on itself only; a screen stays active on its new and edit pages.
      activeOptions={{ exact: item.id === 'home', includeSearch: false }}
      activeProps={{ className: 'staff-sidebar__link staff-sidebar__link--active', 'aria-current': 'page' }}
      onClick={onNavigate}
    >
      {item.label}
    </Link>
  );
}
