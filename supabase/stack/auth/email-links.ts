import { createHash, randomInt } from 'node:crypto';
import type { AuthContext } from './context.ts';
import type { Queryable } from './db.ts';
import { tooManyRequests } from './errors.ts';
import { type MailType, sendMail } from './mail-outbox.ts';
import type { UserRow } from './users.ts';

/** A one-time code of the configured length (GoTrue's GenerateOtp). */
export function generateOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i += 1) otp += String(randomInt(10));
  return otp;
}

/** GoTrue's GenerateTokenHash: hex SHA-224 of the address followed by the code. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

/** The `redirect_to` value in a link: encoded only when it would otherwise break the query (as GoTrue). */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? encodeURIComponent(url).replace(/%20/g, '+') : url;
}

export function verifyLink(ctx: AuthContext, token: string, type: MailType, redirectTo: string): string {
  return `${ctx.issuer}/verify?token=${encodeURIComponent(token)}&type=${type}&redirect_to=${encodeRedirect(redirectTo)}`;
}

/** Refuses a second e-mail of one kind within max_frequency (GoTrue's validateSentWithinFrequencyLimit). */
function checkFrequency(ctx: AuthContext, sentAt: Date | null): void {
  if (!sentAt) return;
  const wait = sentAt.getTime() + ctx.settings.emailMaxFrequencyMs - Date.now();
  if (wait > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(wait / 1000)} seconds.`,
    );
  }
}

/** The project-wide hourly e-mail budget; GoTrue applies it only when sign-ups need confirming. */
function checkEmailBudget(ctx: AuthContext): void {
  if (ctx.settings.mailerAutoconfirm) return;
  if (!ctx.limiters.email.take('project'))
    throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
}

export interface IssuedLink {
  otp: string;
  hashedToken: string;
  link: string;
}

/**
 * Stores a new confirmation or recovery token for the user and "sends" the e-mail. PKCE tokens carry the
 * `pkce_` prefix, which makes GET /verify answer with an auth code instead of a session.
 */
export async function sendVerificationMail(
  ctx: AuthContext,
  db: Queryable,
  user: UserRow,
  type: 'signup' | 'invite' | 'recovery' | 'magiclink',
  redirectTo: string,
  options: { pkce?: boolean; send?: boolean } = {},
): Promise<IssuedLink> {
  const email = user.email ?? '';
  const confirmation = type === 'signup' || type === 'invite';
  if (type !== 'invite' && options.send !== false) {
    checkFrequency(ctx, confirmation ? user.confirmation_sent_at : user.recovery_sent_at);
  }
  if (options.send !== false) checkEmailBudget(ctx);
  const otp = generateOtp(ctx.settings.otpLength);
  const hashed = tokenHash(email, otp);
  const stored = options.pkce ? `pkce_${hashed}` : hashed;
  const column = confirmation ? 'confirmation' : 'recovery';
  await db.query(`update auth.users set ${column}_token = $2, ${column}_sent_at = now() where id = $1`, [
    user.id,
    stored,
  ]);
  const link = verifyLink(ctx, stored, type, redirectTo);
  if (options.send !== false) {
    await sendMail(ctx.config.mailOutboxDir, { type, to: email, link, token: otp, tokenHash: stored, redirectTo });
  }
  return { otp, hashedToken: stored, link };
}

/** Starts an e-mail change: a token for the new address (and the current one when changes need both). */
export async function sendEmailChangeMail(
  ctx: AuthContext,
  db: Queryable,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  options: { pkce?: boolean } = {},
): Promise<void> {
  checkFrequency(ctx, user.email_change_sent_at);
  checkEmailBudget(ctx);
  const prefix = options.pkce ? 'pkce_' : '';
  const otpNew = generateOtp(ctx.settings.otpLength);
  const tokenNew = prefix + tokenHash(newEmail, otpNew);
  const both = ctx.settings.doubleConfirmChanges && (user.email ?? '') !== '';
  const otpCurrent = both ? generateOtp(ctx.settings.otpLength) : '';
  const tokenCurrent = both ? prefix + tokenHash(user.email ?? '', otpCurrent) : '';
  await db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
     where id = $1`,
    [user.id, newEmail, tokenNew, tokenCurrent],
  );
  await sendMail(ctx.config.mailOutboxDir, {
    type: 'email_change',
    to: newEmail,
    link: verifyLink(ctx, tokenNew, 'email_change', redirectTo),
    token: otpNew,
    tokenHash: tokenNew,
    redirectTo,
  });
  if (both) {
    await sendMail(ctx.config.mailOutboxDir, {
      type: 'email_change',
      to: user.email ?? '',
      link: verifyLink(ctx, tokenCurrent, 'email_change', redirectTo),
      token: otpCurrent,
      tokenHash: tokenCurrent,
      redirectTo,
    });
  }
}
