import { afterAll, describe, expect, it } from 'vitest';
import { jwtPayload, uniqueEmail, uniquePassword } from './auth-kit.ts';
import { startAuthInstance, stopAuthInstances } from './in-process-auth.ts';

// The project turns sign-ups off in config.toml (staff are created by admins), so sign-up runs on an
// in-process Auth service with the setting overridden.
afterAll(stopAuthInstances);

describe('sign-up (POST /signup)', () => {
  it('with confirmations off (the CLI default), confirms the user and returns a session at once', async () => {
    const auth = await startAuthInstance({ settings: { enableSignup: true } });
    const email = uniqueEmail('signup');
    const { data, error } = await auth
      .client()
      .auth.signUp({ email, password: uniquePassword(), options: { data: { name: 'Di' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user).toMatchObject({
      email,
      role: 'authenticated',
      user_metadata: { name: 'Di', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.identities![0].identity_data).toMatchObject({ email, sub: data.user!.id, name: 'Di' });
    expect(jwtPayload(data.session!.access_token)).toMatchObject({ sub: data.user!.id, amr: [{ method: 'password' }] });
  });

  it('refuses an address that is already registered, and a weak password', async () => {
    const auth = await startAuthInstance({ settings: { enableSignup: true } });
    const email = uniqueEmail('twice');
    expect((await auth.client().auth.signUp({ email, password: uniquePassword() })).error).toBeNull();
    const again = await auth.client().auth.signUp({ email, password: uniquePassword() });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');

    const weak = await auth.client().auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  });

  it('answers signup_disabled when sign-ups are off', async () => {
    const auth = await startAuthInstance({ settings: { enableSignup: false } });
    const { error } = await auth.client().auth.signUp({ email: uniqueEmail('closed'), password: uniquePassword() });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('signup_disabled');
  });

  it('anonymous sign-in works only when enabled', async () => {
    const closed = await startAuthInstance({ settings: { enableSignup: true, enableAnonymousSignIns: false } });
    expect((await closed.client().auth.signInAnonymously()).error?.code).toBe('anonymous_provider_disabled');

    const open = await startAuthInstance({ settings: { enableSignup: true, enableAnonymousSignIns: true } });
    const { data, error } = await open.client().auth.signInAnonymously();
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(jwtPayload(data.session!.access_token)).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      email: '',
    });
  });
});
