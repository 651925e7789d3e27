import { positiveInt } from '@/shared/routing/url-values';
import type { MembershipClaim } from '@/shared/supabase/jwt-claims';
import type { DepoSummary } from './api/get-depos';

/**
 * The `depo` search parameter that staff URLs carried before depo pages moved to the
 * `/depo/{depoId}/` segment: still read from old links and bookmarks. A malformed value is dropped.
 */
export interface DepoSearch {
  depo?: number;
}

export const depoSearchSchema = {
  parse: (raw: Record<string, unknown>): DepoSearch => ({ depo: positiveInt(raw.depo) }),
};

/** The depos a member may switch between: admins every depo of the tenant, others their own. */
export function allowedDepos(
  membership: Pick<MembershipClaim, 'role' | 'depo_ids'>,
  depos: readonly DepoSummary[],
): DepoSummary[] {
  if (membership.role === 'admin') return [...depos];
  const own = new Set(membership.depo_ids);
  return depos.filter((depo) => own.has(depo.id));
}

/** The depo to work in: the URL's, else the one last chosen here, else the first allowed. */
export function resolveCurrentDepo(
  allowed: readonly DepoSummary[],
  fromUrl: number | undefined,
  remembered: number | undefined,
): number | null {
  const isAllowed = (id: number | undefined): id is number =>
    id !== undefined && allowed.some((depo) => depo.id === id);
  if (isAllowed(fromUrl)) return fromUrl;
  if (isAllowed(remembered)) return remembered;
  return allowed[0]?.id ?? null;
}

/** Per tenant and user: a shared depot PC remembers each user's own choice. */
const storageKey = (tenant: string, userId: string) => `truckdesk.depo.${tenant}.${userId}`;

export function rememberedDepo(tenant: string, userId: string): number | undefined {
  try {
    const stored = Number(localStorage.getItem(storageKey(tenant, userId)));
    return Number.isInteger(stored) && stored > 0 ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function rememberDepo(tenant: string, userId: string, depoId: number): void {
  try {
    localStorage.setItem(storageKey(tenant, userId), String(depoId));
  } catch {
    // Private mode or a full storage: the URL still carries the choice.
  }
}

/** The `$depoId` segment of a depo page's params (parsed to a number or still text), if any. */
export function depoFromPath(params: Record<string, unknown>): number | undefined {
  const raw = Number(params.depoId);
  return Number.isInteger(raw) && raw > 0 ? raw : undefined;
}

const DEPO_SEGMENT = /\/depo\/\d+(?=\/|$)/;

/** The same address with another depo in its depo segment; undefined for an address without one. */
export function withDepoSegment(pathname: string, depoId: number): string | undefined {
  return DEPO_SEGMENT.test(pathname) ? pathname.replace(DEPO_SEGMENT, `/depo/${depoId}`) : undefined;
}
