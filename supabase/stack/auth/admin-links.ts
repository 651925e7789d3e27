import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { type Tx, withTransaction } from './db.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { generateOtp, type IssuedLink, sendVerificationMail, tokenHash, verifyLink } from './email-links.ts';
import { type JsonObject, optionalObject, stringField } from './json-body.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { referrerUrl, requestedRedirect } from './redirect.ts';
import { insertIdentity, insertUser, savingUserFailed } from './user-records.ts';
import { findUserById, findUserWithEmail, loadUserJson, type UserRow } from './users.ts';
import { validateEmail } from './validation.ts';

/** A user created by an invitation or an admin link: unconfirmed, optionally without a password. */
async function createEmailUser(
  tx: Tx,
  ctx: AuthContext,
  email: string,
  data: JsonObject,
  encryptedPassword: string | null,
  invited: boolean,
): Promise<UserRow> {
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
      invited,
    });
  } catch (error) {
    throw savingUserFailed(error);
  }
  await insertIdentity(tx, user.id, 'email', { sub: user.id, email, email_verified: false, phone_verified: false });
  return user;
}

/** `POST /invite` `{email, data}` (admin): creates the user and sends the invitation to the outbox. */
export async function invite(
  ctx: AuthContext,
  req: IncomingMessage,
  query: URLSearchParams,
  body: JsonObject,
): Promise<JsonObject> {
  const email = validateEmail(stringField(body, 'email'));
  const data = optionalObject(body, 'data') ?? {};
  const existing = await findUserWithEmail(ctx.db, email, ctx.aud);
  if (existing?.email_confirmed_at) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const redirectTo = referrerUrl(ctx.settings, req, query.get('redirect_to') ?? undefined);
  const userId = await withTransaction(ctx.db, async (tx) => {
    const user = existing ?? (await createEmailUser(tx, ctx, email, data, null, true));
    if (existing) await tx.query('update auth.users set invited_at = now() where id = $1', [existing.id]);
    const fresh = (await findUserById(tx, user.id)) ?? user;
    await sendVerificationMail(ctx, tx, fresh, 'invite', redirectTo);
    return user.id;
  });
  return (await loadUserJson(ctx.db, userId)) ?? {};
}

type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change_current' | 'email_change_new';
const LINK_TYPES: LinkType[] = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
];

/**
 * `POST /admin/generate_link` `{type, email, password?, data?}`: the link and code an e-mail would carry,
 * returned instead of sent, with the user's fields alongside (auth-js splits them apart).
 */
export async function generateLink(
  ctx: AuthContext,
  req: IncomingMessage,
  query: URLSearchParams,
  body: JsonObject,
): Promise<JsonObject> {
  const type = stringField(body, 'type') as LinkType;
  if (!LINK_TYPES.includes(type)) {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  }
  const email = validateEmail(stringField(body, 'email'));
  const data = optionalObject(body, 'data') ?? {};
  const password = stringField(body, 'password');
  const redirectTo = referrerUrl(ctx.settings, req, requestedRedirect(query, body));
  const existing = await findUserWithEmail(ctx.db, email, ctx.aud);

  const { userId, link } = await withTransaction(ctx.db, async (tx) => {
    let user = existing;
    if (type === 'email_change_current' || type === 'email_change_new') {
      if (!user) throw notFound('user_not_found', 'User with this email not found');
      return {
        userId: user.id,
        link: await emailChangeLink(ctx, tx, user, type, stringField(body, 'new_email'), redirectTo),
      };
    }
    if (type === 'magiclink' || type === 'recovery') {
      if (!user) throw notFound('user_not_found', 'User with this email not found');
    } else if (user?.email_confirmed_at) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    } else if (!user) {
      let encrypted: string | null = null;
      if (type === 'signup') {
        if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
        checkPasswordStrength(ctx.settings, password);
        encrypted = await hashPassword(tx, password);
      }
      user = await createEmailUser(tx, ctx, email, data, encrypted, type === 'invite');
    }
    const issued = await sendVerificationMail(ctx, tx, user, type as VerificationLinkType, redirectTo, { send: false });
    return { userId: user.id, link: issued };
  });
  const user = (await loadUserJson(ctx.db, userId)) ?? {};
  return {
    ...user,
    action_link: link.link,
    email_otp: link.otp,
    hashed_token: link.hashedToken,
    verification_type: type,
    redirect_to: redirectTo,
  };
}

type VerificationLinkType = 'signup' | 'invite' | 'magiclink' | 'recovery';

/**
 * GoTrue's generate_link for `email_change_current` / `email_change_new`: starts a change to `new_email` and
 * returns the link for one side, sending nothing. The link's type is `email_change`.
 */
async function emailChangeLink(
  ctx: AuthContext,
  tx: Tx,
  user: UserRow,
  type: 'email_change_current' | 'email_change_new',
  rawNewEmail: string,
  redirectTo: string,
): Promise<IssuedLink> {
  if (!ctx.settings.doubleConfirmChanges && type === 'email_change_current') {
    throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
  }
  const newEmail = validateEmail(rawNewEmail);
  if (await findUserWithEmail(tx, newEmail, ctx.aud, user.id)) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const otp = generateOtp(ctx.settings.otpLength);
  // The token is bound to the address the code is typed for: the current one or the new one.
  const hashed = tokenHash(type === 'email_change_current' ? (user.email ?? '') : newEmail, otp);
  const column = type === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new';
  await tx.query(
    `update auth.users set email_change = $2, ${column} = $3, email_change_confirm_status = 0,
       email_change_sent_at = now(), updated_at = now()
     where id = $1`,
    [user.id, newEmail, hashed],
  );
  return { otp, hashedToken: hashed, link: verifyLink(ctx, hashed, 'email_change', redirectTo) };
}
