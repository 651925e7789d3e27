import { Constants, type Enums, type Tables } from '@/shared/supabase/database.types';

/**
 * Words every feature shares, derived from the generated `Database` types so that a schema change
 * reaches every screen through the type checker rather than through hand-copied unions.
 */
export type AppRole = Enums<'app_role'>;

export const appRoles = Constants.public.Enums.app_role;

/** A boolean column of the tenant row: the feature flags (`has_lakrids`, `has_wallmob`...). */
export type TenantFlag = {
  [Column in keyof Tables<'tenants'>]: Tables<'tenants'>[Column] extends boolean ? Column : never;
}[keyof Tables<'tenants'>];

export type TenantFlags = Partial<Pick<Tables<'tenants'>, TenantFlag>>;

/** A car's or a staff member's status (admin-core §4: active or inactive, default active). */
export type ActiveStatus = Enums<'active_status'>;

export const activeStatuses = Constants.public.Enums.active_status;

/** A retail customer's gender (admin-core §3). */
export type Gender = Enums<'gender'>;

export const genders = Constants.public.Enums.gender;
