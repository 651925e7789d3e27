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
export const navItems: readonly NavItem[] = [{ id: 'home', label: 'Home', to: '/$tenant' }];
