import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { withTransaction } from './db.ts';
import { badRequest } from './errors.ts';
import { sendEmailChangeMail, sendVerificationMail } from './email-links.ts';
import { type JsonObject, stringField } from './json-body.ts';
import { createFlowState } from './pkce-grant.ts';
import { referrerUrl } from './redirect.ts';
import { findUserByEmail } from './users.ts';
import { validateEmail, validatePkceParams } from './validation.ts';

/**
 * `POST /resend` `{type, email|phone}` (auth-js `resend()`): sends the signup confirmation or the e-mail-change
 * mails again. Like GoTrue it answers `{}` whenever there is nothing to send (unknown address, already
 * confirmed, no change pending), so it reveals no accounts. SMS types need a phone provider, which the local
 * stack does not have.
 */
export async function resend(
  ctx: AuthContext,
  req: IncomingMessage,
  query: URLSearchParams,
  body: JsonObject,
): Promise<JsonObject> {
  const type = stringField(body, 'type');
  const rawEmail = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const challenge = stringField(body, 'code_challenge');
  const challengeMethod = stringField(body, 'code_challenge_method');

  if (type === 'signup' || type === 'email_change') validatePkceParams(challengeMethod, challenge);
  else if (type !== 'sms' && type !== 'phone_change') {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (rawEmail === '' && type === 'signup')
    throw badRequest('validation_failed', 'Type provided requires an email address');
  if (phone === '' && type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (rawEmail !== '' && phone !== '')
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (rawEmail === '') throw badRequest('validation_failed', 'Missing email address or phone number');
  if (!ctx.settings.emailEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled');
  const email = validateEmail(rawEmail);

  const user = await findUserByEmail(ctx.db, email, ctx.aud);
  if (!user) return {};
  if (type === 'signup' && user.email_confirmed_at) return {};
  if (type === 'email_change' && !user.email_change) return {};
  if (type !== 'signup' && type !== 'email_change') return {};

  const redirectTo = referrerUrl(ctx.settings, req, query.get('redirect_to') ?? undefined);
  const pkce = challenge !== '';
  await withTransaction(ctx.db, async (tx) => {
    if (pkce) {
      const method = type === 'signup' ? 'email/signup' : 'email_change';
      await createFlowState(tx, {
        userId: user.id,
        method,
        providerType: type === 'signup' ? 'email' : 'email_change',
        challenge,
        challengeMethod,
      });
    }
    if (type === 'signup') await sendVerificationMail(ctx, tx, user, 'signup', redirectTo, { pkce });
    else await sendEmailChangeMail(ctx, tx, user, user.email_change ?? '', redirectTo, { pkce });
  });
  return {};
}
