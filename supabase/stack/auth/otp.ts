import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { withTransaction } from './db.ts';
import { badRequest, unprocessable } from './errors.ts';
import { sendVerificationMail } from './email-links.ts';
import { booleanField, type JsonObject, optionalObject, stringField } from './json-body.ts';
import { hashPassword } from './passwords.ts';
import { createFlowState } from './pkce-grant.ts';
import { referrerUrl } from './redirect.ts';
import { confirmEmail, insertIdentity, insertUser, savingUserFailed } from './user-records.ts';
import { findUserByEmail, type UserRow } from './users.ts';
import { validateEmail, validatePkceParams } from './validation.ts';

/**
 * `POST /otp` (and `/magiclink`) with an e-mail: a sign-in link and code go to the outbox. An unknown address
 * is signed up first unless `create_user` is false. Phone codes need an SMS provider, which the local
 * stack does not have.
 */
export async function otp(
  ctx: AuthContext,
  req: IncomingMessage,
  query: URLSearchParams,
  body: JsonObject,
): Promise<JsonObject> {
  const rawEmail = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const createUser = body.create_user === undefined ? true : booleanField(body, 'create_user');
  const data = optionalObject(body, 'data') ?? {};
  const challenge = stringField(body, 'code_challenge');
  const challengeMethod = stringField(body, 'code_challenge_method');

  if (rawEmail !== '' && phone !== '')
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  if (rawEmail === '' && phone === '') throw badRequest('validation_failed', 'One of email or phone must be set');
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!ctx.settings.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');

  const email = validateEmail(rawEmail);
  validatePkceParams(challengeMethod, challenge);
  let user = await findUserByEmail(ctx.db, email, ctx.aud);
  // GoTrue answers 422 here, which tells anyone whether an address has an account; an unknown address that may
  // not be signed up gets the same `{}` as a known one, and nothing is sent.
  if (!user && (!createUser || !ctx.settings.enableSignup)) return {};

  const redirectTo = referrerUrl(ctx.settings, req, query.get('redirect_to') ?? undefined);
  const pkce = challenge !== '';
  await withTransaction(ctx.db, async (tx) => {
    if (!user) user = await signUpPasswordless(tx, ctx, email, data);
    const target: UserRow = user;
    // Unconfirmed addresses get a confirmation link; with autoconfirm they are confirmed and get a sign-in link.
    const type = target.email_confirmed_at || ctx.settings.mailerAutoconfirm ? 'magiclink' : 'signup';
    if (type === 'magiclink' && !target.email_confirmed_at) await confirmEmail(tx, target.id);
    if (pkce) {
      await createFlowState(tx, {
        userId: target.id,
        method: type === 'magiclink' ? 'magiclink' : 'email/signup',
        providerType: 'email',
        challenge,
        challengeMethod,
      });
    }
    await sendVerificationMail(ctx, tx, target, type, redirectTo, { pkce });
  });
  return {};
}

/** A user for an e-mail that signs in by link: a random password nobody knows, as GoTrue creates. */
async function signUpPasswordless(
  tx: Parameters<typeof insertUser>[0],
  ctx: AuthContext,
  email: string,
  data: JsonObject,
): Promise<UserRow> {
  const encryptedPassword = await hashPassword(tx, randomBytes(24).toString('base64url'));
  let user: UserRow;
  try {
    user = await insertUser(tx, {
      aud: ctx.aud,
      role: 'authenticated',
      email,
      phone: null,
      encryptedPassword,
      userMetadata: data,
      appMetadata: { provider: 'email', providers: ['email'] },
    });
  } catch (error) {
    throw savingUserFailed(error);
  }
  const identityData: JsonObject = { sub: user.id, email, email_verified: false, phone_verified: false };
  await insertIdentity(tx, user.id, 'email', identityData);
  return user;
}
