import { Link, type LinkProps } from '@tanstack/react-router';

export interface SidebarEntry {
  id: string;
  label: string;
  /** A staff route; `$tenant` and `$depoId` are filled in from the props. */
  to: NonNullable<LinkProps['to']>;
}

export interface SidebarGroup {
  group: string;
  items: readonly SidebarEntry[];
}

export interface StaffSidebarProps {
  /** The groups to show, each with at least one entry (the layout filters them by role and flags). */
  groups: readonly SidebarGroup[];
  tenantSlug: string;
  /** Fills `$depoId` of the depo pages (the current depo). */
  depoId: number | null;
  /** On a phone the sidebar is a panel opened by the header's menu button. */
  open: boolean;
  onNavigate: () => void;
}

/** The staff menu in groups (Operations, Orders, ... Setup). */
export function StaffSidebar({ groups, tenantSlug, depoId, open, onNavigate }: StaffSidebarProps) {
  return (
    <nav id="staff-sidebar" className={open ? 'staff-sidebar staff-sidebar--open' : 'staff-sidebar'} aria-label="Main">
      {groups.map(({ group, items }) => (
        <section key={group} className="staff-sidebar__group" aria-labelledby={`nav-group-${group}`}>
          <h2 className="staff-sidebar__heading" id={`nav-group-${group}`}>
            {group}
          </h2>
          <ul className="staff-sidebar__list">
            {items.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.to}
                  params={{ tenant: tenantSlug, depoId: depoId ?? undefined } as never}
                  className="staff-sidebar__link"
                  // Home is active on itself only; a screen stays active on its new and edit pages.
                  activeOptions={{ exact: item.id === 'home', includeSearch: false }}
                  activeProps={{ className: 'staff-sidebar__link staff-sidebar__link--active', 'aria-current': 'page' }}
                  onClick={onNavigate}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
