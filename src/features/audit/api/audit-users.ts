import { supabase } from '@/shared/supabase/client';
import type { Enums } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

/** Who made an audited request, as the Audit screen shows them. */
export interface AuditUser {
  first_name: string;
  last_name: string;
  email: string;
  role: Enums<'app_role'> | null;
}

/**
 * Names, e-mails and roles of the users behind audit rows. The audit log points at auth users,
 * so profiles and memberships are read beside it (admins may read both).
 */
export async function getAuditUsers(tenantId: string, userIds: string[]): Promise<Map<string, AuditUser>> {
  const ids = [...new Set(userIds)];
  const users = new Map<string, AuditUser>();
  if (ids.length === 0) return users;
  const [profiles, memberships] = await Promise.all([
    runQuery(supabase.from('staff_profiles').select('user_id, email, first_name, last_name').in('user_id', ids)),
    runQuery(supabase.from('tenant_memberships').select('user_id, role').eq('tenant_id', tenantId).in('user_id', ids)),
  ]);
  const roles = new Map(memberships.map((row) => [row.user_id, row.role]));
  for (const profile of profiles) {
    users.set(profile.user_id, {
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      role: roles.get(profile.user_id) ?? null,
    });
  }
  return users;
}
