import type { AuthContext } from './context.ts';
import type { Tx } from './db.ts';
import { badRequest, forbidden } from './errors.ts';
import { confirmEmail, confirmPhone, upsertIdentityData } from './user-records.ts';
import { findUserByEmail, findUserByPhone, isBanned, USER_COLUMNS, type UserRow } from './users.ts';

// What an e-mail link or code proves, and what following it changes (GoTrue's verify.go, minus the HTTP).

const LINK_EXPIRED = 'Email link is invalid or has expired';
const TOKEN_EXPIRED = 'Token has expired or is invalid';
/** What a followed link or entered code proves; `email` resolves to signup or magiclink. */
export type VerifyType =
  'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email' | 'sms' | 'phone_change';

function isExpired(ctx: AuthContext, sentAt: Date | null): boolean {
  return sentAt === null || Date.now() > sentAt.getTime() + ctx.settings.otpExpiry * 1000;
}

async function userWhere(tx: Tx, condition: string, value: string): Promise<UserRow | undefined> {
  const result = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where ${condition} limit 1`, [value]);
  return result.rows[0];
}

/** GoTrue's verifyTokenHash: the user a link's token belongs to, unless the link is stale. */
export async function userForTokenHash(
  ctx: AuthContext,
  tx: Tx,
  type: VerifyType,
  hash: string,
): Promise<{ user: UserRow; type: VerifyType }> {
  let user: UserRow | undefined;
  switch (type) {
    case 'email':
      user = await userWhere(tx, 'confirmation_token = $1 or recovery_token = $1', hash);
      break;
    case 'signup':
    case 'invite':
      user = await userWhere(tx, 'confirmation_token = $1', hash);
      break;
    case 'recovery':
    case 'magiclink':
      user = await userWhere(tx, 'recovery_token = $1', hash);
      break;
    case 'email_change':
      user = await userWhere(tx, 'email_change_token_current = $1 or email_change_token_new = $1', hash);
      break;
    default:
      throw badRequest('validation_failed', 'Invalid email verification type');
  }
  if (!user) throw forbidden('otp_expired', LINK_EXPIRED);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  let resolved = type;
  let sentAt: Date | null;
  if (type === 'email') {
    const isRecovery = user.recovery_token === hash;
    resolved = isRecovery ? 'magiclink' : 'signup';
    sentAt = isRecovery ? user.recovery_sent_at : user.confirmation_sent_at;
  } else if (type === 'signup' || type === 'invite') sentAt = user.confirmation_sent_at;
  else if (type === 'recovery' || type === 'magiclink') sentAt = user.recovery_sent_at;
  else sentAt = user.email_change_sent_at;
  if (isExpired(ctx, sentAt)) throw forbidden('otp_expired', LINK_EXPIRED);
  return { user, type: resolved };
}

function otpMatches(ctx: AuthContext, hash: string, expected: string | null, sentAt: Date | null): boolean {
  if (!expected || isExpired(ctx, sentAt)) return false;
  return expected === hash || expected === `pkce_${hash}`;
}

/** GoTrue's verifyUserAndToken: an address plus the code from the e-mail. */
export async function userForCode(
  ctx: AuthContext,
  tx: Tx,
  type: VerifyType,
  address: { email: string; phone: string },
  hash: string,
): Promise<{ user: UserRow; type: VerifyType }> {
  let user: UserRow | undefined;
  if (type === 'sms') user = await findUserByPhone(tx, address.phone, ctx.aud);
  else if (type === 'phone_change') {
    user = await userWhere(tx, 'phone_change = $1', address.phone);
  } else if (type === 'email_change') {
    const found = await tx.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where aud = $3 and (
         (lower(email_change) = lower($1) and email_change_token_new in ($2::text, 'pkce_' || $2::text))
         or (lower(email) = lower($1) and email_change_token_current in ($2::text, 'pkce_' || $2::text))) limit 1`,
      [address.email, hash, ctx.aud],
    );
    user = found.rows[0];
  } else user = await findUserByEmail(tx, address.email, ctx.aud);
  if (!user) throw forbidden('otp_expired', TOKEN_EXPIRED);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');

  let resolved = type;
  let valid = false;
  switch (type) {
    case 'email':
      if (otpMatches(ctx, hash, user.confirmation_token, user.confirmation_sent_at)) {
        valid = true;
        resolved = 'signup';
      } else if (otpMatches(ctx, hash, user.recovery_token, user.recovery_sent_at)) {
        valid = true;
        resolved = 'magiclink';
      }
      break;
    case 'signup':
    case 'invite':
      valid = otpMatches(ctx, hash, user.confirmation_token, user.confirmation_sent_at);
      break;
    case 'recovery':
    case 'magiclink':
      valid = otpMatches(ctx, hash, user.recovery_token, user.recovery_sent_at);
      break;
    case 'email_change':
      valid =
        otpMatches(ctx, hash, user.email_change_token_current, user.email_change_sent_at) ||
        otpMatches(ctx, hash, user.email_change_token_new, user.email_change_sent_at);
      break;
    default:
      // No SMS provider locally, so no phone code was ever sent that could match.
      valid = false;
  }
  if (!valid) throw forbidden('otp_expired', TOKEN_EXPIRED);
  return { user, type: resolved };
}

/**
 * Applies what the verified token proves. Returns false for the first half of a two-sided e-mail change,
 * which confirms but signs nobody in.
 */
export async function applyVerification(
  ctx: AuthContext,
  tx: Tx,
  user: UserRow,
  type: VerifyType,
  hash: string,
): Promise<boolean> {
  switch (type) {
    case 'signup':
    case 'invite':
      await confirmEmail(tx, user.id);
      if (user.email) await upsertIdentityData(tx, user.id, 'email', { email_verified: true });
      break;
    case 'recovery':
    case 'magiclink':
      await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
      if (!user.email_confirmed_at) await confirmEmail(tx, user.id);
      break;
    case 'email_change':
      return applyEmailChange(ctx, tx, user, hash);
    case 'sms':
      await confirmPhone(tx, user.id);
      break;
    default:
      throw badRequest('validation_failed', 'Unsupported verification type');
  }
  return true;
}

async function applyEmailChange(ctx: AuthContext, tx: Tx, user: UserRow, hash: string): Promise<boolean> {
  const needsBoth =
    !ctx.settings.mailerAutoconfirm &&
    ctx.settings.doubleConfirmChanges &&
    user.email_change_confirm_status === 0 &&
    !!user.email;
  if (needsBoth) {
    const current = user.email_change_token_current === hash || user.email_change_token_current === `pkce_${hash}`;
    await tx.query(
      `update auth.users set email_change_confirm_status = 1,
         email_change_token_current = case when $2 then '' else email_change_token_current end,
         email_change_token_new = case when $2 then email_change_token_new else '' end
       where id = $1`,
      [user.id, current],
    );
    return false;
  }
  const newEmail = user.email_change ?? '';
  await upsertIdentityData(tx, user.id, 'email', { email: newEmail, email_verified: true });
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_current = '', email_change_token_new = '',
       email_change_confirm_status = 0, is_anonymous = false, updated_at = now()
     where id = $1`,
    [user.id, newEmail],
  );
  if (!user.email_confirmed_at) await confirmEmail(tx, user.id);
  return true;
}
