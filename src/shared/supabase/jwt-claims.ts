import { Constants, type Database } from './database.types';

// Read by hand rather than with zod: the root route reads the session on every page, the customers' pages
// included, and zod would be part of the JavaScript every page loads first.

/**
 * One entry of the `memberships` claim that the Custom Access Token hook puts into every access
 * token: the user's active role in a tenant and the depos it covers (admin: [] = every depo).
 */
export interface MembershipClaim {
  tenant_id: string;
  tenant: string;
  role: Database['public']['Enums']['app_role'];
  depo_ids: number[];
}

export interface AccessTokenClaims {
  sub: string;
  email?: string;
  memberships: MembershipClaim[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readMembership(value: unknown): MembershipClaim | null {
  if (!isRecord(value)) return null;
  const { tenant_id, tenant, role, depo_ids } = value;
  const knownRole = Constants.public.Enums.app_role.find((name) => name === role);
  if (typeof tenant_id !== 'string' || typeof tenant !== 'string' || !knownRole) return null;
  if (!Array.isArray(depo_ids) || !depo_ids.every((id): id is number => Number.isInteger(id))) return null;
  return { tenant_id, tenant, role: knownRole, depo_ids };
}

/** The claims this app reads; null when `sub` or `email` is malformed. */
function readClaims(payload: unknown): AccessTokenClaims | null {
  if (!isRecord(payload) || typeof payload.sub !== 'string') return null;
  if (payload.email !== undefined && typeof payload.email !== 'string') return null;
  // A token minted without the hook (e.g. by the service role) has no memberships at all; a broken list counts as none.
  const read = Array.isArray(payload.memberships) ? payload.memberships.map(readMembership) : [];
  const memberships = read.every((entry): entry is MembershipClaim => entry !== null) ? read : [];
  return { sub: payload.sub, ...(payload.email !== undefined ? { email: payload.email } : {}), memberships };
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The claims of an access token, read without verifying it: the server verifies every request,
 * the client only needs to know which screens to offer. Null for a token it cannot read.
 */
export function readAccessTokenClaims(accessToken: string): AccessTokenClaims | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    return readClaims(JSON.parse(base64UrlDecode(payload)));
  } catch {
    return null;
  }
}

/** The user's active memberships, from the session's access token. */
export function sessionMemberships(session: { access_token: string } | null): MembershipClaim[] {
  return session ? (readAccessTokenClaims(session.access_token)?.memberships ?? []) : [];
}

/** The user's membership of the tenant with this URL slug, if active. */
export function membershipForTenant(
  session: { access_token: string } | null,
  slug: string,
): MembershipClaim | undefined {
  return sessionMemberships(session).find((membership) => membership.tenant === slug);
}
