import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import type { MembershipClaim } from '@/shared/supabase/jwt-claims';
import { deposQueryOptions, type DepoSummary } from './api/get-depos';
import { tenantQueryOptions, type Tenant } from './api/get-tenant';
import {
  allowedDepos,
  depoFromPath,
  depoSearchSchema,
  rememberDepo,
  rememberedDepo,
  resolveCurrentDepo,
} from './current-depo';
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
  /** Makes a depo the one to work in on pages without a depo segment, and remembers it here. */
  chooseDepo: (depoId: number) => void;
  userId: string;
  email: string;
}

interface MemberState {
  identity: MemberIdentity;
  chosenDepoId: number | undefined;
  chooseDepo: (depoId: number) => void;
}

const MemberIdentityContext = createContext<MemberState | null>(null);

/**
 * Provided by the staff layout with the membership its guard checked. Screens read the member
 * from here rather than from the live session: when the session ends, the page being left keeps
 * rendering what it had until the router moves on.
 */
export function CurrentMemberProvider({ identity, children }: { identity: MemberIdentity; children: ReactNode }) {
  const slug = identity.membership.tenant;
  const { userId } = identity;
  const [chosenDepoId, setChosenDepoId] = useState(() => rememberedDepo(slug, userId));
  const chooseDepo = useCallback(
    (depoId: number) => {
      rememberDepo(slug, userId, depoId);
      setChosenDepoId(depoId);
    },
    [slug, userId],
  );
  const value = useMemo(() => ({ identity, chosenDepoId, chooseDepo }), [identity, chosenDepoId, chooseDepo]);
  return <MemberIdentityContext.Provider value={value}>{children}</MemberIdentityContext.Provider>;
}

/** The signed-in member of the URL's tenant: tenant row and flags, role, depos, current depo. */
export function useCurrentMember(): CurrentMember {
  const state = useContext(MemberIdentityContext);
  if (!state) throw new Error('useCurrentMember() is for screens inside the /$tenant layout');
  const { identity, chosenDepoId, chooseDepo } = state;
  const { membership, userId, email } = identity;
  const slug = membership.tenant;

  const { data: tenant } = useSuspenseQuery(tenantQueryOptions(slug));
  const { data: depos } = useSuspenseQuery(deposQueryOptions(slug, membership.tenant_id));
  // The depo segment of a depo page wins; `?depo=` is read only from links made before the segment.
  const depoFromSegment = useParams({ strict: false, select: (params) => depoFromPath(params) });
  const depoFromSearch = useSearch({ strict: false, select: (search) => depoSearchSchema.parse(search).depo });

  const allowed = useMemo(() => allowedDepos(membership, depos), [membership, depos]);

  if (!tenant) throw new Error('The tenant cannot be read: the session ended or the membership was removed.');
  const currentDepoId = resolveCurrentDepo(allowed, depoFromSegment ?? depoFromSearch, chosenDepoId);

  return {
    tenant,
    role: membership.role,
    depoIds: allowed.map((depo) => depo.id),
    depos: allowed,
    currentDepoId,
    chooseDepo,
    userId,
    email,
  };
}
