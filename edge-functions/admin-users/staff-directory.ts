// Reading staff members of a tenant with the service role (after the caller's rights were checked): a member
// is their tenant membership, its depos, and their profile (name and e-mail, shared by all their tenants).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { StaffMember } from './user-form.ts';

/** The user as the Users screen and form read it. */
export interface UserJson extends StaffMember {
  id: string;
  /** The one depo of a support or driver member (the form's single select); null for other roles. */
  depo_id: number | null;
}

interface MembershipRow {
  user_id: string;
  role: StaffMember['role'];
  status: StaffMember['status'];
  franchise_driver: boolean;
  axapta_code: string | null;
  wallmob_id: string | null;
  wallmob_name: string | null;
  lakrids_driver_id: string | null;
  lakrids_driver_name: string | null;
  membership_depos: { depo_id: number }[];
}

interface ProfileRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
}

const MEMBERSHIP_COLUMNS =
  'user_id, role, status, franchise_driver, axapta_code, wallmob_id, wallmob_name, lakrids_driver_id, lakrids_driver_name, membership_depos(depo_id)';
// Keeps each `in.(…)` filter well inside URL length limits.
const ID_CHUNK = 100;

export function toUserJson(id: string, member: StaffMember): UserJson {
  const single = member.role === 'support' || member.role === 'driver';
  return { id, ...member, depo_id: single ? (member.depo_ids[0] ?? null) : null };
}

function toMember(row: MembershipRow, profile: ProfileRow | undefined): StaffMember {
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    email: profile?.email ?? '',
    role: row.role,
    status: row.status,
    depo_ids: row.membership_depos.map((d) => Number(d.depo_id)).sort((a, b) => a - b),
    franchise_driver: row.franchise_driver,
    axapta_code: row.axapta_code,
    wallmob_id: row.wallmob_id,
    wallmob_name: row.wallmob_name,
    lakrids_driver_id: row.lakrids_driver_id,
    lakrids_driver_name: row.lakrids_driver_name,
  };
}

export async function loadTenantDepoIds(service: SupabaseClient, tenantId: string): Promise<number[]> {
  const { data, error } = await service.from('depos').select('id').eq('tenant_id', tenantId);
  if (error) throw new Error(`depos lookup failed: ${error.message}`);
  return (data as { id: number }[]).map((d) => Number(d.id));
}

async function loadProfiles(service: SupabaseClient, userIds: string[]): Promise<Map<string, ProfileRow>> {
  const profiles = new Map<string, ProfileRow>();
  for (let i = 0; i < userIds.length; i += ID_CHUNK) {
    const { data, error } = await service
      .from('staff_profiles')
      .select('user_id, email, first_name, last_name')
      .in('user_id', userIds.slice(i, i + ID_CHUNK));
    if (error) throw new Error(`staff_profiles lookup failed: ${error.message}`);
    for (const row of data as ProfileRow[]) profiles.set(row.user_id, row);
  }
  return profiles;
}

export async function loadMember(
  service: SupabaseClient,
  tenantId: string,
  userId: string,
): Promise<StaffMember | null> {
  const { data, error } = await service
    .from('tenant_memberships')
    .select(MEMBERSHIP_COLUMNS)
    .eq('tenant_id', tenantId)
    .eq('user_id', userId)
    .maybeSingle<MembershipRow>();
  if (error) throw new Error(`membership lookup failed: ${error.message}`);
  if (!data) return null;
  const profiles = await loadProfiles(service, [userId]);
  const member = toMember(data, profiles.get(userId));
  if (member.email === '') {
    // A user made before profiles existed: Auth still knows the address.
    const { data: auth } = await service.auth.admin.getUserById(userId);
    member.email = auth.user?.email ?? '';
  }
  return member;
}

/** Members of the tenant with these statuses; with a depo, those working in it plus the admins (they work in all). */
export async function listMembers(
  service: SupabaseClient,
  tenantId: string,
  filter: { statuses: string[]; depoId: number | null },
): Promise<UserJson[]> {
  let query = service.from('tenant_memberships').select(MEMBERSHIP_COLUMNS).eq('tenant_id', tenantId);
  if (filter.statuses.length) query = query.in('status', filter.statuses);
  const { data, error } = await query;
  if (error) throw new Error(`memberships lookup failed: ${error.message}`);
  const rows = (data as MembershipRow[]).filter(
    (row) =>
      filter.depoId === null ||
      row.role === 'admin' ||
      row.membership_depos.some((d) => Number(d.depo_id) === filter.depoId),
  );
  const profiles = await loadProfiles(
    service,
    rows.map((row) => row.user_id),
  );
  return rows
    .map((row) => toUserJson(row.user_id, toMember(row, profiles.get(row.user_id))))
    .sort(
      (a, b) =>
        `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`) ||
        a.email.localeCompare(b.email),
    );
}

/** Whether another staff user already has this e-mail (Auth refuses a second one as well; this finds it first). */
export async function emailTaken(
  service: SupabaseClient,
  email: string,
  exceptUserId: string | null,
): Promise<boolean> {
  const pattern = email.replace(/[\\%_]/g, (char) => `\\${char}`);
  let query = service.from('staff_profiles').select('user_id').ilike('email', pattern).limit(1);
  if (exceptUserId) query = query.neq('user_id', exceptUserId);
  const { data, error } = await query;
  if (error) throw new Error(`staff_profiles lookup failed: ${error.message}`);
  return (data ?? []).length > 0;
}
