import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { withTransaction } from './db.ts';
import { AuthError, badRequest, unprocessable } from './errors.ts';
import { tokenHash } from './email-links.ts';
import { type JsonObject, stringField } from './json-body.ts';
import { issueAuthCode } from './pkce-grant.ts';
import { referrerUrl } from './redirect.ts';
import type { ClientInfo } from './request-info.ts';
import { issueSession, type SessionResponse } from './sessions.ts';
import type { AuthMethod } from './tokens.ts';
import { refreshProviders } from './user-records.ts';
import { findUserById } from './users.ts';
import { validateEmail, validatePhone } from './validation.ts';
import { applyVerification, userForCode, userForTokenHash, type VerifyType } from './verification.ts';

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Go's url.Values.Encode: keys sorted, `+` for spaces. */
function encodeSorted(params: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) search.set(key, params[key]);
  return search.toString();
}

/** The authentication method a PKCE link's flow state was created with. */
function pkceMethod(type: VerifyType): AuthMethod {
  if (type === 'signup' || type.endsWith('signup')) return 'email/signup';
  if (type === 'recovery' || type === 'magiclink' || type === 'invite' || type === 'email_change') return type;
  throw badRequest('validation_failed', 'Unsupported verification type');
}

export type VerifyGetResult = { redirect: string };

/**
 * `GET /verify?token&type&redirect_to` (the e-mail link): 303 to redirect_to with the session in the fragment
 * (implicit flow), `?code=` (PKCE), or `#error=…&error_code=…&error_description=…` when the link is bad.
 */
export async function verifyGet(
  ctx: AuthContext,
  req: IncomingMessage,
  query: URLSearchParams,
  client: ClientInfo,
): Promise<VerifyGetResult> {
  const token = query.get('token') ?? '';
  const type = (query.get('type') ?? '') as VerifyType;
  const redirectTo = referrerUrl(ctx.settings, req, query.get('redirect_to') ?? undefined);
  if (type === ('' as VerifyType)) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const pkce = token.startsWith('pkce_');

  try {
    return await withTransaction(ctx.db, async (tx) => {
      const found = await userForTokenHash(ctx, tx, type, token);
      if (!['signup', 'invite', 'recovery', 'magiclink', 'email_change'].includes(found.type)) {
        throw badRequest('validation_failed', 'Unsupported verification type');
      }
      const complete = await applyVerification(ctx, tx, found.user, found.type, token);
      if (!complete) return { redirect: messageRedirect(redirectTo, SINGLE_CONFIRMATION, pkce) };
      await refreshProviders(tx, found.user.id);
      if (pkce) {
        let code: string;
        try {
          code = await issueAuthCode(tx, found.user.id, pkceMethod(found.type));
        } catch (error) {
          const detail = error instanceof Error ? error.message : String(error);
          throw badRequest('flow_state_not_found', `No associated flow state found. ${detail}`);
        }
        const url = new URL(redirectTo);
        url.searchParams.set('code', code);
        return { redirect: url.toString() };
      }
      const user = (await findUserById(tx, found.user.id)) ?? found.user;
      const session = await issueSession(ctx, tx, user, 'otp', client);
      const fragment = encodeSorted({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: session.token_type,
        type: found.type,
      });
      return { redirect: `${redirectTo}#${fragment}` };
    });
  } catch (error) {
    if (error instanceof AuthError) return { redirect: errorRedirect(redirectTo, error, pkce) };
    throw error;
  }
}

function errorRedirect(redirectTo: string, error: AuthError, pkce: boolean): string {
  const params: Record<string, string> = { error_code: error.code, error_description: error.message };
  const oauth = OAUTH_ERRORS[error.status];
  if (oauth) params.error = oauth;
  let url: URL;
  try {
    url = new URL(redirectTo);
  } catch {
    return `${redirectTo}#${encodeSorted({ ...params, sb: '' })}`;
  }
  if (pkce) for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  url.hash = encodeSorted({ ...params, sb: '' });
  return url.toString();
}

function messageRedirect(redirectTo: string, message: string, pkce: boolean): string {
  const url = new URL(redirectTo);
  if (pkce) url.searchParams.set('message', message);
  url.hash = encodeSorted({ message, sb: '' });
  return url.toString();
}

/**
 * `POST /verify` `{type, token_hash}` or `{type, email|phone, token}` (verifyOtp): a session, or for the first
 * half of a two-sided e-mail change `{msg, code}`.
 */
export async function verifyPost(
  ctx: AuthContext,
  body: JsonObject,
  client: ClientInfo,
): Promise<SessionResponse | JsonObject> {
  const type = stringField(body, 'type') as VerifyType;
  const token = stringField(body, 'token');
  let hash = stringField(body, 'token_hash');
  const rawEmail = stringField(body, 'email');
  const rawPhone = stringField(body, 'phone');
  const redirectTo = stringField(body, 'redirect_to');
  if (type === ('' as VerifyType)) throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((token === '') === (hash === ''))
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  let email = '';
  let phone = '';
  if (token !== '') {
    if (rawPhone !== '' && rawEmail === '') {
      phone = validatePhone(rawPhone);
      hash = tokenHash(phone, token);
    } else if (rawEmail !== '' && rawPhone === '') {
      try {
        email = validateEmail(rawEmail);
      } catch {
        throw unprocessable('validation_failed', 'Invalid email format');
      }
      hash = tokenHash(email, token);
    } else {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    }
  } else if (rawEmail !== '' || rawPhone !== '' || redirectTo !== '') {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }

  const address = email || phone;
  if (token !== '') ctx.codeAttempts.checkIp(client.ip);
  let result: SessionResponse | undefined;
  try {
    result = await withTransaction(ctx.db, async (tx) => {
      const found =
        token === ''
          ? await userForTokenHash(ctx, tx, type, hash)
          : await userForCode(ctx, tx, type, { email, phone }, hash);
      const complete = await applyVerification(ctx, tx, found.user, found.type, hash);
      if (!complete) return undefined;
      await refreshProviders(tx, found.user.id);
      const user = (await findUserById(tx, found.user.id)) ?? found.user;
      return issueSession(ctx, tx, user, 'otp', client);
    });
  } catch (error) {
    // A wrong code counts towards voiding the address's codes and refusing the IP.
    if (token !== '' && error instanceof AuthError && error.code === 'otp_expired') {
      await ctx.codeAttempts.recordFailure(ctx.db, address, client.ip);
    }
    throw error;
  }
  if (token !== '') ctx.codeAttempts.recordSuccess(address);
  return result ?? { msg: SINGLE_CONFIRMATION, code: '200' };
}
