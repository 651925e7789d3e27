import type { Enums, Tables } from '@/shared/supabase/database.types';

/** What the B2B screens need to know about who is signed in (the route passes the current member). */
export interface B2bMember {
  role: Enums<'app_role'>;
  tenant: Pick<Tables<'tenants'>, 'id' | 'slug' | 'date_format' | 'can_edit_b2b_customers'>;
  /** The depos the member works in, for the Depo filter. */
  depos: readonly { id: number; title: string }[];
}

/**
 * Create, edit and delete are offered only where the tenant edits its B2B customers itself
 * (`can_edit_b2b_customers`), and, as the database allows, to its admins.
 */
export function canEditB2bCustomers(
  member: Pick<B2bMember, 'role'> & { tenant: Pick<B2bMember['tenant'], 'can_edit_b2b_customers'> },
): boolean {
  return member.tenant.can_edit_b2b_customers && member.role === 'admin';
}
