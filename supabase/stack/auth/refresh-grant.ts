import type { AuthContext } from './context.ts';
import { CommitThenThrow, type Tx, withTransaction } from './db.ts';
import { badRequest, OAuthError } from './errors.ts';
import { type JsonObject, stringField } from './json-body.ts';
import type { ClientInfo } from './request-info.ts';
import { deleteSession, insertRefreshToken, sessionResponse, type SessionResponse } from './sessions.ts';
import { generateAccessToken } from './tokens.ts';
import { findUserById, isBanned } from './users.ts';

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  updated_at: Date;
}

interface SessionRow {
  id: string;
  not_after: Date | null;
}

const TOKEN_COLUMNS = 'id, token, user_id, revoked, parent, session_id, updated_at';

/**
 * `POST /token?grant_type=refresh_token`: rotation with GoTrue's reuse rules. A revoked token whose child is
 * the session's active token gets that child back (the client lost the response); another revoked token is
 * accepted within the reuse interval after it was revoked; later reuse is treated as theft: the session is
 * revoked and `refresh_token_already_used` returned.
 */
export async function refreshGrant(ctx: AuthContext, body: JsonObject, client: ClientInfo): Promise<SessionResponse> {
  const presented = stringField(body, 'refresh_token');
  if (presented === '') throw new OAuthError('invalid_request', 'refresh_token required');

  const found = await ctx.db.query<RefreshTokenRow>(
    `select ${TOKEN_COLUMNS} from auth.refresh_tokens where token = $1`,
    [presented],
  );
  const token = found.rows[0];
  if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = await findUserById(ctx.db, token.user_id);
  if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

  const session = token.session_id
    ? (await ctx.db.query<SessionRow>('select id, not_after from auth.sessions where id = $1', [token.session_id]))
        .rows[0]
    : undefined;
  if (!session) {
    await ctx.db.query('delete from auth.refresh_tokens where id = $1', [token.id]);
    throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  if (session.not_after && session.not_after.getTime() < Date.now()) {
    throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
  }

  return withTransaction(ctx.db, async (tx) => {
    // Serialises concurrent refreshes of one token: the second sees it revoked and gets the same child.
    const locked = await tx.query<RefreshTokenRow>(
      `select ${TOKEN_COLUMNS} from auth.refresh_tokens where id = $1 for update`,
      [token.id],
    );
    const current = locked.rows[0];
    if (!current) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    // A sign-out may have ended the session meanwhile; the share lock keeps it until this refresh commits.
    const live = await tx.query('select 1 from auth.sessions where id = $1 for share', [session.id]);
    if (live.rowCount === 0) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    const issued = await nextRefreshToken(ctx, tx, current, session.id);
    const refreshedUser = (await findUserById(tx, user.id)) ?? user;
    const access = await generateAccessToken(ctx, tx, refreshedUser, session.id, 'token_refresh', client.ip);
    await tx.query(
      `update auth.sessions set refreshed_at = timezone('utc', now()), updated_at = now(), user_agent = $2, ip = $3
       where id = $1`,
      [session.id, client.userAgent ?? null, client.ip || null],
    );
    return sessionResponse(tx, user.id, access.token, access.expiresAt, issued);
  });
}

async function nextRefreshToken(ctx: AuthContext, tx: Tx, token: RefreshTokenRow, sessionId: string): Promise<string> {
  if (token.revoked) {
    const active = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
      [sessionId],
    );
    const child = active.rows[0];
    if (child && child.parent === token.token) return child.token;
    const reuseUntil = token.updated_at.getTime() + ctx.settings.refreshTokenReuseInterval * 1000;
    if (Date.now() > reuseUntil) {
      // Possible theft: end the session, keep that decision even though the request fails.
      if (ctx.settings.refreshTokenRotation) await deleteSession(tx, sessionId);
      throw new CommitThenThrow(badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'));
    }
  }
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
  return insertRefreshToken(tx, token.user_id, sessionId, token.token);
}
