import { Link } from '@tanstack/react-router';
import { navItems } from '../nav-items';
import { visibleNavItems, type NavViewer } from '../visible-nav-items';

export interface MainNavProps extends NavViewer {
  tenantSlug: string;
  /** Fills `$depoId` of the depo pages (the depo switcher's choice); they are left out without one. */
  depoId?: number | null;
}

/** The staff menu, filtered by role and tenant flags. */
export function MainNav({ tenantSlug, role, tenant, depoId }: MainNavProps) {
  const items = visibleNavItems(navItems, { role, tenant }).filter((item) => depoId != null || !item.to.includes('$depoId'));
  return (
    <nav className="main-nav" aria-label="Main">
      <ul className="main-nav__list">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.to}
              params={{ tenant: tenantSlug, depoId: depoId ?? undefined }}
              className="main-nav__link"
              activeOptions={{ exact: true, includeSearch: false }}
              activeProps={{ className: 'main-nav__link main-nav__link--active', 'aria-current': 'page' }}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
