import { randomInt, randomUUID } from 'node:crypto';
import type { AuthContext } from './context.ts';
import type { Queryable, Tx } from './db.ts';
import type { JsonObject } from './json-body.ts';
import type { ClientInfo } from './request-info.ts';
import { type AuthMethod, generateAccessToken } from './tokens.ts';
import { findUserById, loadIdentities, type UserRow, userJson } from './users.ts';

const REFRESH_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A 12-character refresh token, the length and alphabet of GoTrue's legacy tokens. */
export function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < 12; i += 1) token += REFRESH_ALPHABET[randomInt(REFRESH_ALPHABET.length)];
  return token;
}

/** Stores a refresh token; `parent` is the token it replaces when rotating. */
export async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** Records how the session was authenticated (feeds the `amr` claim). */
async function addAmrClaim(tx: Tx, sessionId: string, method: AuthMethod): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
     values ($1, $2, $3, now(), now())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

/** The session object auth-js saves: access and refresh token plus the user. */
export interface SessionResponse extends JsonObject {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: JsonObject;
}

export async function sessionResponse(
  tx: Queryable,
  userId: string,
  accessToken: string,
  expiresAt: number,
  refreshToken: string,
): Promise<SessionResponse> {
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} vanished while issuing a session`);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresAt - Math.floor(Date.now() / 1000),
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await loadIdentities(tx, userId)),
  };
}

/**
 * Signs a user in (GoTrue's IssueRefreshToken): a new session with its first refresh token, the `amr` entry,
 * last_sign_in_at, and an access token (the Custom Access Token hook runs here). Call inside a transaction,
 * so a failing hook leaves no session behind.
 */
export async function issueSession(
  ctx: AuthContext,
  tx: Tx,
  user: UserRow,
  method: AuthMethod,
  client: ClientInfo,
): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, client.userAgent ?? null, client.ip || null],
  );
  const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
  await addAmrClaim(tx, sessionId, method);
  const signedIn = (await findUserById(tx, user.id)) ?? user;
  const access = await generateAccessToken(ctx, tx, signedIn, sessionId, method, client.ip);
  return sessionResponse(tx, user.id, access.token, access.expiresAt, refreshToken);
}

/** GoTrue's Logout: all the user's sessions (their refresh tokens go with them). */
export async function deleteAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from auth.sessions where user_id = $1', [userId]);
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('delete from auth.sessions where id = $1', [sessionId]);
}

export async function deleteOtherSessions(db: Queryable, userId: string, keepSessionId: string): Promise<void> {
  await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keepSessionId]);
}
