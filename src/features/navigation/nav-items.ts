import type { LinkProps } from '@tanstack/react-router';
import type { Enums, Tables } from '@/shared/supabase/database.types';

type AppRole = Enums<'app_role'>;

/** A boolean column of the tenant row: the feature flags (`has_lakrids`, `uses_ice_cream_eod_layout`...). */
export type TenantFlag = {
  [Column in keyof Tables<'tenants'>]: Tables<'tenants'>[Column] extends boolean ? Column : never;
}[keyof Tables<'tenants'>];

/** A staff route: a path under `/$tenant` (the sign-in pages live under `/$tenant_`). */
export type StaffPath = Extract<NonNullable<LinkProps['to']>, `/$tenant${'' | `/${string}`}`>;

export interface NavItem {
  id: string;
  label: string;
  /** A staff route; `$tenant` is filled in from the current URL. */
  to: StaffPath;
  /** Who sees the link; every role when omitted. */
  roles?: readonly AppRole[];
  /** Shown only to tenants with this flag on. */
  requiresFlag?: TenantFlag;
  /** Hidden from tenants with this flag on. */
  hiddenByFlag?: TenantFlag;
}

/**
 * The staff areas, in menu order. A new screen adds its entry here with the roles and tenant
 * flag that may see it; the header renders whatever this list allows.
 */
export const navItems: readonly NavItem[] = [
  { id: 'home', label: 'Home', to: '/$tenant' },
  { id: 'customers', label: 'Customers', to: '/$tenant/admin/customers', roles: ['admin', 'depo_admin', 'support'] },
  { id: 'users', label: 'Users', to: '/$tenant/admin/users', roles: ['admin', 'depo_admin'] },
  { id: 'audit', label: 'Audit', to: '/$tenant/admin/user_http_requests', roles: ['admin'] },
  { id: 'wallmob', label: 'Wallmob', to: '/$tenant/admin/wallmob', roles: ['admin'], requiresFlag: 'has_wallmob' },
  { id: 'cars', label: 'Cars', to: '/$tenant/admin/depo/$depoId/cars', roles: ['admin', 'depo_admin'] },
  { id: 'depos', label: 'Depos', to: '/$tenant/admin/depos', roles: ['admin'] },
  { id: 'sms-templates', label: 'SMS templates', to: '/$tenant/admin/sms_templates', roles: ['admin'] },
  { id: 'sms-campaigns', label: 'SMS campaigns', to: '/$tenant/admin/sms_campaigns', roles: ['admin'] },
  { id: 'stop-types', label: 'Stop types', to: '/$tenant/admin/stop_types', roles: ['admin'] },
  { id: 'b2b-customers', label: 'B2B Customers', to: '/$tenant/admin/b2b_customers', roles: ['admin', 'depo_admin', 'support'] },
  { id: 'b2b-orders', label: 'B2B Orders', to: '/$tenant/admin/b2b_orders', roles: ['admin', 'depo_admin', 'support'] },
];
