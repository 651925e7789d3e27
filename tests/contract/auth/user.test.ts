import { describe, expect, it } from 'vitest';
import { client, createUser, latestMail, signIn, uniqueEmail, uniquePassword } from './auth-kit.ts';

describe('the signed-in user (GET/PUT /user)', () => {
  it('getUser returns the user, unwrapped, with its identity', async () => {
    const user = await createUser({ userMetadata: { name: 'Bo' } });
    const { client: c } = await signIn(user);
    const { data, error } = await c.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Bo' },
      is_anonymous: false,
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.confirmed_at).toBeTruthy();
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.identities![0]).toMatchObject({
      provider: 'email',
      user_id: user.id,
      id: user.id,
      email: user.email,
    });
  });

  it('updateUser merges user metadata (null removes a key)', async () => {
    const user = await createUser({ userMetadata: { name: 'Bo', team: 'north' } });
    const { client: c } = await signIn(user);
    const { data, error } = await c.auth.updateUser({ data: { team: null, shift: 'early' } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ name: 'Bo', shift: 'early' });
    expect(data.user!.user_metadata).not.toHaveProperty('team');
  });

  it('refuses the current password as the new one with same_password', async () => {
    const user = await createUser();
    const { client: c } = await signIn(user);
    const { error } = await c.auth.updateUser({ password: user.password });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('same_password');
  });

  it('refuses a short password with weak_password and its reasons', async () => {
    const user = await createUser();
    const { client: c } = await signIn(user);
    const { error } = await c.auth.updateUser({ password: '12345' });
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it("refuses another user's e-mail with email_exists", async () => {
    const user = await createUser();
    const other = await createUser();
    const { client: c } = await signIn(user);
    const { error } = await c.auth.updateUser({ email: other.email });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });

  it('a new password signs out the other sessions and keeps this one', async () => {
    const user = await createUser();
    const phone = await signIn(user);
    const laptop = await signIn(user);
    const newPassword = uniquePassword();
    const { error } = await laptop.client.auth.updateUser({ password: newPassword });
    expect(error).toBeNull();

    const phoneRefresh = await client().auth.refreshSession({ refresh_token: phone.session.refresh_token });
    expect(phoneRefresh.error?.code).toBe('refresh_token_not_found');
    expect((await laptop.client.auth.getUser()).error).toBeNull();
    const laptopRefresh = await client().auth.refreshSession({ refresh_token: laptop.session.refresh_token });
    expect(laptopRefresh.error).toBeNull();

    const old = await client().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await client().auth.signInWithPassword({ email: user.email, password: newPassword });
    expect(fresh.error).toBeNull();
  });

  it('an e-mail change is confirmed through the link sent to the new address', async () => {
    const user = await createUser();
    const { client: c } = await signIn(user);
    const newEmail = uniqueEmail('moved');
    const { data, error } = await c.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(user.email);
    expect(data.user!.new_email).toBe(newEmail);

    const mail = await latestMail(newEmail, 'email_change');
    expect(mail.link).toContain('type=email_change');
    const followed = await fetch(mail.link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const { data: after } = await client().auth.signInWithPassword({ email: newEmail, password: user.password });
    expect(after.user?.id).toBe(user.id);
  });
});
