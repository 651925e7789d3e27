import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { MembershipClaim } from '@/shared/supabase/jwt-claims';
import { deposQueryOptions, type DepoSummary } from './api/get-depos';
import { tenantQueryOptions, type Tenant } from './api/get-tenant';
import { allowedDepos, depoSearchSchema, rememberedDepo, resolveCurrentDepo } from './current-depo';
import type { AppRole } from './role-labels';

/** Who is signed in to the tenant of the URL, as the staff layout's guard found them. */
export interface MemberIdentity {
  membership: MembershipClaim;
  userId: string;
  email: string;
}

export interface CurrentMember {
  /** The tenant row, with its feature flags (`tenant.has_lakrids`...). */
  tenant: Tenant;
  role: AppRole;
  /** The depos the member works in (admins: every depo of the tenant). */
  depoIds: number[];
  /** The same depos with their titles, for switchers and pickers. */
  depos: DepoSummary[];
  /** The depo the screens work in; null only for a tenant without depos. */
  currentDepoId: number | null;
  userId: string;
  email: string;
}

const MemberIdentityContext = createContext<MemberIdentity | null>(null);

/**
 * Provided by the staff layout with the membership its guard checked. Screens read the member
 * from here rather than from the live session: when the session ends, the page being left keeps
 * rendering what it had until the router moves on.
 */
export function CurrentMemberProvider({ identity, children }: { identity: MemberIdentity; children: ReactNode }) {
  return <MemberIdentityContext.Provider value={identity}>{children}</MemberIdentityContext.Provider>;
}

/** The signed-in member of the URL's tenant: tenant row and flags, role, depos, current depo. */
export function useCurrentMember(): CurrentMember {
  const identity = useContext(MemberIdentityContext);
  if (!identity) throw new Error('useCurrentMember() is for screens inside the /$tenant layout');
  const { membership, userId, email } = identity;
  const slug = membership.tenant;

  const { data: tenant } = useSuspenseQuery(tenantQueryOptions(slug));
  const { data: depos } = useSuspenseQuery(deposQueryOptions(slug, membership.tenant_id));
  const depoFromUrl = useSearch({ strict: false, select: (search) => depoSearchSchema.parse(search).depo });

  const allowed = useMemo(() => allowedDepos(membership, depos), [membership, depos]);

  if (!tenant) throw new Error('The tenant cannot be read: the session ended or the membership was removed.');
  const currentDepoId = resolveCurrentDepo(allowed, depoFromUrl, rememberedDepo(slug, userId));

  return {
    tenant,
    role: membership.role,
    depoIds: allowed.map((depo) => depo.id),
    depos: allowed,
    currentDepoId,
    userId,
    email,
  };
}
