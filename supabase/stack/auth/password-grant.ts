import type { AuthContext } from './context.ts';
import { withTransaction } from './db.ts';
import { badRequest, unprocessable } from './errors.ts';
import { hookMetadata, hookSizedRoundTrip, invokePgHookAlone, isObject } from './hooks.ts';
import { type JsonObject, stringField } from './json-body.ts';
import { passwordWeakness, verifyPassword } from './passwords.ts';
import type { ClientInfo } from './request-info.ts';
import { deleteAllSessions, issueSession, type SessionResponse } from './sessions.ts';
import { findUserByEmail, findUserByPhone, hasPassword, isBanned, type UserRow } from './users.ts';
import { normalisePhone } from './validation.ts';

const INVALID_LOGIN = 'Invalid login credentials';
const DEFAULT_HOOK_REJECTION = 'Further password verification attempts will be rejected.';
/** A bcrypt hash of cost 10 (as stored passwords are) that no password matches. */
const DUMMY_HASH = '$2a$10$' + 'C'.repeat(22) + 'D'.repeat(31);

/**
 * `POST /token?grant_type=password`, with GoTrue's order of checks: shape, unknown user, ban (before the
 * password), password, the Password Verification Attempt hook, then confirmation.
 */
export async function passwordGrant(ctx: AuthContext, body: JsonObject, client: ClientInfo): Promise<SessionResponse> {
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');

  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  let user: UserRow | undefined;
  if (email !== '') {
    if (!ctx.settings.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
    user = await findUserByEmail(ctx.db, email, ctx.aud);
  } else if (phone !== '') {
    if (!ctx.settings.phoneEnabled) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    user = await findUserByPhone(ctx.db, normalisePhone(phone), ctx.aud);
  } else {
    throw badRequest('validation_failed', 'missing email or phone');
  }

  if (!user || !hasPassword(user)) {
    // Spend what a real account's check costs (bcrypt, the hook's round trip), so timing does not tell
    // whether an address has an account.
    await verifyPassword(ctx.db, password, DUMMY_HASH);
    if (ctx.hooks.passwordVerificationAttempt) await hookSizedRoundTrip(ctx.db);
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');

  const valid = await verifyPassword(ctx.db, password, user.encrypted_password);
  const hook = ctx.hooks.passwordVerificationAttempt;
  if (hook) {
    const output = await invokePgHookAlone(ctx.db, hook, {
      metadata: hookMetadata('password-verification', client.ip),
      user_id: user.id,
      valid,
    });
    if (isObject(output) && output.decision === 'reject') {
      if (output.should_logout_user === true) await deleteAllSessions(ctx.db, user.id);
      const message =
        typeof output.message === 'string' && output.message !== '' ? output.message : DEFAULT_HOOK_REJECTION;
      throw badRequest('invalid_credentials', message);
    }
  }
  if (!valid) throw badRequest('invalid_credentials', INVALID_LOGIN);

  if (email !== '' && user.email_confirmed_at === null) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (phone !== '' && user.phone_confirmed_at === null) throw badRequest('phone_not_confirmed', 'Phone not confirmed');

  const signedInUser = user;
  const session = await withTransaction(ctx.db, (tx) => issueSession(ctx, tx, signedInUser, 'password', client));
  // A password that no longer meets the rules still signs in; the client is told so it can ask for a new one.
  const weakness = passwordWeakness(ctx.settings, password);
  if (weakness) session.weak_password = { message: weakness.message, reasons: weakness.reasons };
  return session;
}
