import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { withTransaction } from './db.ts';
import { badRequest, unprocessable } from './errors.ts';
import { sendVerificationMail } from './email-links.ts';
import { type JsonObject, optionalObject, stringField } from './json-body.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { createFlowState } from './pkce-grant.ts';
import { referrerUrl } from './redirect.ts';
import type { ClientInfo } from './request-info.ts';
import { issueSession, type SessionResponse } from './sessions.ts';
import { confirmEmail, confirmPhone, insertIdentity, insertUser, savingUserFailed } from './user-records.ts';
import { findUserById, findUserByPhone, findUserWithEmail, loadIdentities, type UserRow, userJson } from './users.ts';
import { validateEmail, validatePhone, validatePkceParams } from './validation.ts';

/**
 * `POST /signup`. With e-mail confirmations off (the CLI default) the user is confirmed and signed in at
 * once and a session is returned; otherwise a confirmation e-mail goes to the outbox and the user is returned.
 */
export async function signup(
  ctx: AuthContext,
  req: IncomingMessage,
  query: URLSearchParams,
  body: JsonObject,
  client: ClientInfo,
): Promise<SessionResponse | JsonObject> {
  if (!ctx.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const rawEmail = stringField(body, 'email');
  const rawPhone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  const data = optionalObject(body, 'data') ?? {};
  const challenge = stringField(body, 'code_challenge');
  const challengeMethod = stringField(body, 'code_challenge_method');

  if (rawEmail === '' && rawPhone === '') return anonymousSignup(ctx, data, client);

  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(ctx.settings, password);
  if (rawEmail !== '' && rawPhone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  if (rawPhone !== '' && challenge !== '')
    throw badRequest('validation_failed', 'PKCE not supported for phone signups');
  validatePkceParams(challengeMethod, challenge);

  const provider = rawEmail !== '' ? 'email' : 'phone';
  let email: string | null = null;
  let phone: string | null = null;
  let existing: UserRow | undefined;
  if (provider === 'email') {
    if (!ctx.settings.emailEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
    email = validateEmail(rawEmail);
    existing = await findUserWithEmail(ctx.db, email, ctx.aud);
  } else {
    if (!ctx.settings.phoneEnabled) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    phone = validatePhone(rawPhone);
    existing = await findUserByPhone(ctx.db, phone, ctx.aud);
  }
  const autoconfirm = provider === 'email' ? ctx.settings.mailerAutoconfirm : ctx.settings.smsAutoconfirm;
  const alreadyConfirmed =
    existing && (provider === 'email' ? existing.email_confirmed_at : existing.phone_confirmed_at);
  if (existing && alreadyConfirmed) {
    if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    // Without autoconfirm GoTrue answers with a look-alike user so that sign-up does not reveal accounts.
    return obfuscatedUser(existing, provider, data, ctx.aud);
  }

  const encryptedPassword = await hashPassword(ctx.db, password);
  const redirectTo = referrerUrl(ctx.settings, req, query.get('redirect_to') ?? undefined);
  const userId = await withTransaction(ctx.db, async (tx) => {
    let user = existing;
    if (!user) {
      try {
        user = await insertUser(tx, {
          aud: ctx.aud,
          role: 'authenticated',
          email,
          phone,
          encryptedPassword,
          userMetadata: data,
          appMetadata: { provider, providers: [provider] },
        });
      } catch (error) {
        throw savingUserFailed(error);
      }
      const identityData: JsonObject = { sub: user.id, email_verified: false, phone_verified: false };
      if (email) identityData.email = email;
      if (phone) identityData.phone = phone;
      for (const [key, value] of Object.entries(data)) if (!(key in identityData)) identityData[key] = value;
      await insertIdentity(tx, user.id, provider, identityData);
    }
    if (autoconfirm) {
      if (provider === 'email') await confirmEmail(tx, user.id);
      else await confirmPhone(tx, user.id);
    } else if (provider === 'email') {
      const pkce = challenge !== '';
      if (pkce) {
        await createFlowState(tx, {
          userId: user.id,
          method: 'email/signup',
          providerType: 'email',
          challenge,
          challengeMethod,
        });
      }
      await sendVerificationMail(ctx, tx, user, 'signup', redirectTo, { pkce });
    }
    return user.id;
  });

  if (autoconfirm) {
    return withTransaction(ctx.db, async (tx) => {
      const user = await findUserById(tx, userId);
      if (!user) throw savingUserFailed(new Error('user vanished after sign-up'));
      return issueSession(ctx, tx, user, 'password', client);
    });
  }
  const user = await findUserById(ctx.db, userId);
  if (!user) throw savingUserFailed(new Error('user vanished after sign-up'));
  return userJson(user, await loadIdentities(ctx.db, userId));
}

async function anonymousSignup(ctx: AuthContext, data: JsonObject, client: ClientInfo): Promise<SessionResponse> {
  if (!ctx.settings.enableAnonymousSignIns) {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  return withTransaction(ctx.db, async (tx) => {
    let user: UserRow;
    try {
      user = await insertUser(tx, {
        aud: ctx.aud,
        role: 'authenticated',
        email: null,
        phone: null,
        encryptedPassword: null,
        userMetadata: data,
        appMetadata: {},
        isAnonymous: true,
      });
    } catch (error) {
      throw savingUserFailed(error);
    }
    return issueSession(ctx, tx, user, 'anonymous', client);
  });
}

/** GoTrue's sanitizeUser: a fresh-looking, unconfirmed user for a repeated sign-up. */
function obfuscatedUser(user: UserRow, provider: string, data: JsonObject, aud: string): JsonObject {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud,
    role: '',
    email: provider === 'email' ? (user.email ?? '') : '',
    phone: provider === 'phone' ? (user.phone ?? '') : '',
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
