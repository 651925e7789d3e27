import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AuthContext } from './context.ts';
import type { Queryable, Tx } from './db.ts';
import { forbidden, internalError } from './errors.ts';
import { customAccessTokenClaims } from './custom-access-token-hook.ts';
import type { JsonObject } from './json-body.ts';
import type { UserRow } from './users.ts';

/** How a session was (re)authenticated; GoTrue's AuthenticationMethod strings. */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email/signup'
  | 'email_change'
  | 'anonymous'
  | 'token_refresh';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export async function signJwt(ctx: AuthContext, claims: JsonObject): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(ctx.secret);
}

/** Verifies an HS256 token's signature and time claims; failures are GoTrue's 403 `bad_jwt`. */
export async function verifyJwt(ctx: AuthContext, token: string): Promise<JsonObject> {
  try {
    const { payload } = await jwtVerify(token, ctx.secret, { algorithms: ['HS256'] });
    return payload as JsonObject;
  } catch (error) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${describeJwtError(error)}`);
  }
}

function describeJwtError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'token has invalid claims: token is expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `token has invalid claims: ${error.message}`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return 'token signature is invalid: signature is invalid';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'token is unverifiable: signing method is not allowed';
  return `token is malformed: ${error instanceof Error ? error.message : String(error)}`;
}

/** The session's `amr`, most recent first, from auth.mfa_amr_claims. */
async function sessionAmr(db: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const result = await db.query<{ method: string; ts: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint as ts
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return result.rows.map((row) => ({ method: row.method, timestamp: Number(row.ts) }));
}

export interface AccessToken {
  token: string;
  expiresAt: number;
}

/**
 * Builds and signs an access token for a session, in the issuing transaction. With the Custom Access Token
 * hook enabled its claims are what the hook returns (validated, then signed as they are), refresh included.
 */
export async function generateAccessToken(
  ctx: AuthContext,
  tx: Tx,
  user: UserRow,
  sessionId: string,
  method: AuthMethod,
  ipAddress: string,
): Promise<AccessToken> {
  const session = await tx.query<{ aal: string | null }>('select aal from auth.sessions where id = $1', [sessionId]);
  if (session.rows.length === 0) throw internalError('Session is required to issue access token');
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + ctx.settings.jwtExpiry;
  // Claim order as GoTrue marshals AccessTokenClaims: registered claims first.
  const claims: JsonObject = {
    iss: ctx.issuer,
    sub: user.id,
    aud: user.aud ?? ctx.aud,
    exp: expiresAt,
    iat: issuedAt,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? '',
    aal: session.rows[0].aal ?? 'aal1',
    amr: await sessionAmr(tx, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const finalClaims = ctx.hooks.customAccessToken
    ? await customAccessTokenClaims(tx, ctx.hooks.customAccessToken, { userId: user.id, claims, method, ipAddress })
    : claims;
  return { token: await signJwt(ctx, finalClaims), expiresAt };
}
