import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { withTransaction } from './db.ts';
import { badRequest } from './errors.ts';
import { sendVerificationMail } from './email-links.ts';
import { type JsonObject, stringField } from './json-body.ts';
import { createFlowState } from './pkce-grant.ts';
import { referrerUrl } from './redirect.ts';
import { findUserByEmail } from './users.ts';
import { validateEmail, validatePkceParams } from './validation.ts';

/**
 * `POST /recover`: stores a hashed recovery token and "sends" the reset e-mail, whose link is
 * `<api>/auth/v1/verify?token=…&type=recovery&redirect_to=…`. Always `{}`, so it reveals no accounts.
 */
export async function recover(
  ctx: AuthContext,
  req: IncomingMessage,
  query: URLSearchParams,
  body: JsonObject,
): Promise<JsonObject> {
  const rawEmail = stringField(body, 'email');
  const challenge = stringField(body, 'code_challenge');
  const challengeMethod = stringField(body, 'code_challenge_method');
  if (rawEmail === '') throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(rawEmail);
  validatePkceParams(challengeMethod, challenge);

  const user = await findUserByEmail(ctx.db, email, ctx.aud);
  if (!user) return {};
  const redirectTo = referrerUrl(ctx.settings, req, query.get('redirect_to') ?? undefined);
  const pkce = challenge !== '';
  await withTransaction(ctx.db, async (tx) => {
    if (pkce)
      await createFlowState(tx, {
        userId: user.id,
        method: 'recovery',
        providerType: 'recovery',
        challenge,
        challengeMethod,
      });
    await sendVerificationMail(ctx, tx, user, 'recovery', redirectTo, { pkce });
  });
  return {};
}
