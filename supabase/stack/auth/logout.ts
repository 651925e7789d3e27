import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';
import type { Caller } from './request-auth.ts';
import { deleteAllSessions, deleteOtherSessions, deleteSession } from './sessions.ts';

/**
 * `POST /logout?scope=global|local|others` (default global): ends all the user's sessions, only the
 * caller's, or all but the caller's. Ending a session deletes its refresh tokens with it.
 */
export async function logout(ctx: AuthContext, query: URLSearchParams, caller: Caller): Promise<void> {
  const scope = query.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const session = caller.session;
  if (session && scope === 'local') return deleteSession(ctx.db, session.id);
  if (session && scope === 'others') return deleteOtherSessions(ctx.db, caller.user.id, session.id);
  return deleteAllSessions(ctx.db, caller.user.id);
}
