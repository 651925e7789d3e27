import { z } from 'zod';
import { Constants } from './database.types';

/**
 * One entry of the `memberships` claim that the Custom Access Token hook puts into every access
 * token: the user's active role in a tenant and the depos it covers (admin: [] = every depo).
 */
export const membershipClaimSchema = z.object({
  tenant_id: z.string(),
  tenant: z.string(),
  role: z.enum(Constants.public.Enums.app_role),
  depo_ids: z.array(z.number().int()),
});

export type MembershipClaim = z.infer<typeof membershipClaimSchema>;

const claimsSchema = z.object({
  sub: z.string(),
  email: z.string().optional(),
  // A token minted without the hook (e.g. by the service role) has no memberships at all.
  memberships: z.array(membershipClaimSchema).catch([]),
});

export type AccessTokenClaims = z.infer<typeof claimsSchema>;

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
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
    const parsed = claimsSchema.safeParse(JSON.parse(base64UrlDecode(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The user's active memberships, from the session's access token. */
export function sessionMemberships(session: { access_token: string } | null): MembershipClaim[] {
  return session ? (readAccessTokenClaims(session.access_token)?.memberships ?? []) : [];
}

/** The user's membership of the tenant with this URL slug, if active. */
export function membershipForTenant(session: { access_token: string } | null, slug: string): MembershipClaim | undefined {
  return sessionMemberships(session).find((membership) => membership.tenant === slug);
}
