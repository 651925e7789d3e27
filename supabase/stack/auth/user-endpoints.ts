import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { withTransaction } from './db.ts';
import { badRequest, forbidden, unprocessable } from './errors.ts';
import { sendEmailChangeMail } from './email-links.ts';
import { type JsonObject, optionalObject, optionalString, stringField } from './json-body.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import { createFlowState } from './pkce-grant.ts';
import { referrerUrl } from './redirect.ts';
import type { Caller } from './request-auth.ts';
import { updatePassword, upsertIdentityData } from './user-records.ts';
import { findUserByPhone, findUserWithEmail, hasPassword, loadUserJson, mergeMetadata } from './users.ts';
import { validateEmail, validatePhone, validatePkceParams } from './validation.ts';

/** `GET /user`: the caller's user, not wrapped. */
export async function getUser(ctx: AuthContext, caller: Caller): Promise<JsonObject> {
  const aud = caller.claims.aud;
  const tokenAud = Array.isArray(aud) ? aud[0] : aud;
  if (tokenAud !== ctx.aud) throw badRequest('validation_failed', "Token audience doesn't match request audience");
  const user = await loadUserJson(ctx.db, caller.user.id);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return user;
}

/**
 * `PUT /user`: metadata, password (422 same_password / weak_password; other sessions are signed out),
 * e-mail (422 email_exists; a confirmation e-mail goes to the outbox) and phone.
 */
export async function updateUser(
  ctx: AuthContext,
  req: IncomingMessage,
  query: URLSearchParams,
  caller: Caller,
  body: JsonObject,
): Promise<JsonObject> {
  const user = caller.user;
  const rawEmail = stringField(body, 'email');
  const rawPhone = stringField(body, 'phone');
  const password = optionalString(body, 'password');
  const data = optionalObject(body, 'data');
  const appData = optionalObject(body, 'app_metadata');
  const challenge = stringField(body, 'code_challenge');
  const challengeMethod = stringField(body, 'code_challenge_method');

  const email = rawEmail !== '' ? validateEmail(rawEmail) : '';
  const phone = rawPhone !== '' ? validatePhone(rawPhone) : '';
  if (password !== undefined) checkPasswordStrength(ctx.settings, password);
  validatePkceParams(challengeMethod, challenge);

  if (appData && !ctx.adminRoles.includes(user.role ?? '')) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (user.is_anonymous && password && email === '' && phone === '') {
    throw unprocessable(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  const emailChanges = email !== '' && email !== (user.email ?? '');
  const phoneChanges = phone !== '' && phone !== (user.phone ?? '');
  if (emailChanges && (await findUserWithEmail(ctx.db, email, ctx.aud, user.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  if (phoneChanges) {
    const other = await findUserByPhone(ctx.db, phone, ctx.aud);
    if (other && other.id !== user.id) {
      throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
    }
  }

  let encryptedPassword: string | undefined;
  if (password !== undefined) {
    if (password !== '' && hasPassword(user) && (await verifyPassword(ctx.db, password, user.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    encryptedPassword = password === '' ? '' : await hashPassword(ctx.db, password);
  }

  const redirectTo = referrerUrl(ctx.settings, req, query.get('redirect_to') ?? undefined);
  await withTransaction(ctx.db, async (tx) => {
    if (encryptedPassword !== undefined) {
      // A changed password ends every other session of the user; the caller's own stays.
      await updatePassword(tx, user.id, encryptedPassword, caller.session?.id);
    }
    if (data) {
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        mergeMetadata(user.raw_user_meta_data, data),
      ]);
    }
    if (appData) {
      await tx.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        mergeMetadata(user.raw_app_meta_data, appData),
      ]);
    }
    if (emailChanges) {
      if (user.is_anonymous && ctx.settings.mailerAutoconfirm) {
        // An anonymous user adding an e-mail gets it at once (GoTrue verifies the change immediately).
        await tx.query(
          `update auth.users set email = $2, email_confirmed_at = now(), is_anonymous = false, updated_at = now()
           where id = $1`,
          [user.id, email],
        );
        await upsertIdentityData(tx, user.id, 'email', { email, email_verified: true });
      } else {
        if (challenge !== '') {
          await createFlowState(tx, {
            userId: user.id,
            method: 'email_change',
            providerType: 'email_change',
            challenge,
            challengeMethod,
          });
        }
        await sendEmailChangeMail(ctx, tx, user, email, redirectTo, { pkce: challenge !== '' });
      }
    }
    if (phoneChanges) {
      if (!ctx.settings.smsAutoconfirm) {
        throw badRequest(
          'sms_send_failed',
          'Error sending confirmation OTP to provider: no SMS provider in the local stack',
        );
      }
      await tx.query(
        `update auth.users set phone = $2, phone_confirmed_at = now(), phone_change = '', is_anonymous = false,
           updated_at = now()
         where id = $1`,
        [user.id, phone],
      );
      await upsertIdentityData(tx, user.id, 'phone', { phone, phone_verified: true });
    }
  });
  const updated = await loadUserJson(ctx.db, user.id);
  if (!updated) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return updated;
}
