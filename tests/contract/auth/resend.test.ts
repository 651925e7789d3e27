import { describe, expect, it } from 'vitest';
import { asAdmin, client, createUser, jwtPayload, latestMail, serviceClient, signIn, uniqueEmail } from './auth-kit.ts';

const fragmentOf = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

/** Lets the next e-mail of a kind go out at once (GoTrue allows one per max_frequency, 1 s here). */
const ageSentAt = (userId: string, column: 'confirmation_sent_at' | 'email_change_sent_at') =>
  asAdmin((db) => db.query(`update auth.users set ${column} = now() - interval '1 minute' where id = $1`, [userId]));

describe('POST /resend (auth.resend)', () => {
  it('sends the signup confirmation again to an unconfirmed address, and its link confirms it', async () => {
    const user = await createUser({ confirmed: false });
    const { error } = await client().auth.resend({ type: 'signup', email: user.email });
    expect(error).toBeNull();
    const mail = await latestMail(user.email, 'signup');
    const followed = await fetch(mail.link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(jwtPayload(fragmentOf(followed.headers.get('location')!).get('access_token')!).sub).toBe(user.id);
    const { data } = await serviceClient().auth.admin.getUserById(user.id);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('sends the e-mail change mails again with a new code', async () => {
    const user = await createUser();
    const { client: device } = await signIn(user);
    const newEmail = uniqueEmail('changed');
    expect((await device.auth.updateUser({ email: newEmail })).error).toBeNull();
    const first = await latestMail(newEmail, 'email_change');
    await ageSentAt(user.id, 'email_change_sent_at');
    expect((await client().auth.resend({ type: 'email_change', email: user.email })).error).toBeNull();
    const again = await latestMail(newEmail, 'email_change');
    expect(again.token_hash).not.toBe(first.token_hash);
    const verified = await client().auth.verifyOtp({ email: newEmail, token: again.token, type: 'email_change' });
    expect(verified.error).toBeNull();
  });

  it('answers {} and sends nothing when there is nothing to resend, and refuses bad requests', async () => {
    const nobody = uniqueEmail('nobody');
    expect((await client().auth.resend({ type: 'signup', email: nobody })).error).toBeNull();
    const confirmed = await createUser();
    expect((await client().auth.resend({ type: 'signup', email: confirmed.email })).error).toBeNull();
    expect((await client().auth.resend({ type: 'email_change', email: confirmed.email })).error).toBeNull();
    await expect(latestMail(nobody, 'signup', 200)).rejects.toThrow(/no signup mail/);
    await expect(latestMail(confirmed.email, 'signup', 200)).rejects.toThrow(/no signup mail/);

    const badType = await client().auth.resend({ type: 'recovery' as 'signup', email: nobody });
    expect(badType.error?.code).toBe('validation_failed');
    expect(badType.error?.message).toBe('Missing one of these types: signup, email_change, sms, phone_change');
    const sms = await client().auth.resend({ type: 'sms', phone: '+4512345678' });
    expect(sms.error?.status).toBe(400);
    expect(sms.error?.code).toBe('phone_provider_disabled');
  });
});

describe('admin generate_link for e-mail changes', () => {
  for (const type of ['email_change_new', 'email_change_current'] as const) {
    it(`${type}: returns the link without sending, and following it changes the address`, async () => {
      const user = await createUser();
      const newEmail = uniqueEmail('moved');
      const { data, error } = await serviceClient().auth.admin.generateLink({ type, email: user.email, newEmail });
      expect(error).toBeNull();
      expect(data.properties).toMatchObject({ verification_type: type, email_otp: expect.stringMatching(/^\d{6}$/) });
      expect(data.properties!.action_link).toMatch(
        /\/auth\/v1\/verify\?token=[0-9a-f]+&type=email_change&redirect_to=/,
      );
      expect(data.user?.new_email).toBe(newEmail);
      await expect(latestMail(newEmail, 'email_change', 200)).rejects.toThrow(/no email_change mail/);

      const followed = await fetch(data.properties!.action_link, { redirect: 'manual' });
      expect(followed.status).toBe(303);
      expect(fragmentOf(followed.headers.get('location')!).get('type')).toBe('email_change');
      const { data: after } = await serviceClient().auth.admin.getUserById(user.id);
      expect(after.user?.email).toBe(newEmail);
    });
  }

  it('the code of email_change_new verifies with the new address', async () => {
    const user = await createUser();
    const newEmail = uniqueEmail('moved');
    const { data } = await serviceClient().auth.admin.generateLink({
      type: 'email_change_new',
      email: user.email,
      newEmail,
    });
    const verified = await client().auth.verifyOtp({
      email: newEmail,
      token: data.properties!.email_otp,
      type: 'email_change',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(newEmail);
  });

  it('refuses an unknown user (404), a taken address (422) and a missing new address (400)', async () => {
    const [user, other] = [await createUser(), await createUser()];
    const unknown = await serviceClient().auth.admin.generateLink({
      type: 'email_change_new',
      email: uniqueEmail('x'),
      newEmail: uniqueEmail('y'),
    });
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.code).toBe('user_not_found');
    const taken = await serviceClient().auth.admin.generateLink({
      type: 'email_change_new',
      email: user.email,
      newEmail: other.email,
    });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
    const missing = await serviceClient().auth.admin.generateLink({
      type: 'email_change_current',
      email: user.email,
      newEmail: '',
    });
    expect(missing.error?.status).toBe(400);
    expect(missing.error?.code).toBe('validation_failed');
  });
});
