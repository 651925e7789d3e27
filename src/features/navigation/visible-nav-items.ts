import type { Enums, Tables } from '@/shared/supabase/database.types';
import type { NavItem } from './nav-items';

export interface NavViewer {
  role: Enums<'app_role'>;
  /** The tenant row, or just its flags. */
  tenant: Partial<Tables<'tenants'>>;
}

/** The menu entries this member of this tenant may see. */
export function visibleNavItems(items: readonly NavItem[], viewer: NavViewer): NavItem[] {
  return items.filter(
    (item) =>
      (!item.roles || item.roles.includes(viewer.role)) &&
      (!item.requiresFlag || viewer.tenant[item.requiresFlag] === true) &&
      (!item.hiddenByFlag || viewer.tenant[item.hiddenByFlag] !== true),
  );
}
