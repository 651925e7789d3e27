import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import type { JsonObject } from './json-body.ts';
import { verifyJwt } from './tokens.ts';
import { findUserById, isBanned, type UserRow } from './users.ts';
import { isUuid } from './validation.ts';

export interface SessionInfo {
  id: string;
  user_id: string;
  created_at: Date;
  not_after: Date | null;
}

/** The caller of an authenticated endpoint: the token's claims, the user and (usually) the session. */
export interface Caller {
  claims: JsonObject;
  user: UserRow;
  session: SessionInfo | undefined;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

function bearerToken(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  const match = /^[Bb]earer (\S+)$/.exec(header);
  if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return match[1];
}

/** Loads the token's user and session (GoTrue's maybeLoadUserOrSession), with its error for each gap. */
async function loadUserAndSession(ctx: AuthContext, claims: JsonObject): Promise<Caller> {
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');

  let session: SessionInfo | undefined;
  const sessionId = claims.session_id;
  if (typeof sessionId === 'string' && sessionId !== '' && sessionId !== NIL_UUID) {
    if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const found = await ctx.db.query<SessionInfo>(
      'select id, user_id, created_at, not_after from auth.sessions where id = $1',
      [sessionId],
    );
    session = found.rows[0];
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, user, session };
}

/** GoTrue's requireAuthentication: token present → signature → user → session → not banned. */
export async function requireAuthentication(ctx: AuthContext, req: IncomingMessage): Promise<Caller> {
  const claims = await verifyJwt(ctx, bearerToken(req));
  const caller = await loadUserAndSession(ctx, claims);
  if (isBanned(caller.user)) throw forbidden('user_banned', 'User is banned');
  return caller;
}

/** GoTrue's requireAdminCredentials: a valid token whose role is an admin role (service_role, supabase_admin). */
export async function requireAdmin(ctx: AuthContext, req: IncomingMessage): Promise<JsonObject> {
  const claims = await verifyJwt(ctx, bearerToken(req));
  const sessionId = claims.session_id;
  // A user's own token must still belong to a live session; sessionless keys (service_role) skip this.
  if (typeof sessionId === 'string' && sessionId !== '' && sessionId !== NIL_UUID) {
    const caller = await loadUserAndSession(ctx, claims);
    if (caller.session?.not_after && caller.session.not_after.getTime() < Date.now()) {
      throw forbidden('session_expired', 'Session is no longer valid');
    }
  }
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!ctx.adminRoles.includes(role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
