import { describe, expect, it } from 'vitest';
import { authFetch, client, createUser, sessionCount, signIn, type SignedIn } from './auth-kit.ts';

async function refreshWorks(device: SignedIn): Promise<boolean> {
  const { error } = await client().auth.refreshSession({ refresh_token: device.session.refresh_token });
  return error === null;
}

async function userWorks(device: SignedIn): Promise<boolean> {
  const { error } = await client().auth.getUser(device.session.access_token);
  return error === null;
}

describe('sign-out (POST /logout?scope=…)', () => {
  it('global (the default) ends every session of the user, refresh tokens included', async () => {
    const user = await createUser();
    const phone = await signIn(user);
    const laptop = await signIn(user);
    expect(await sessionCount(user.id)).toBe(2);

    const { error } = await laptop.client.auth.signOut();
    expect(error).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
    expect(await refreshWorks(phone)).toBe(false);
    expect(await refreshWorks(laptop)).toBe(false);
    // Auth checks the session of a token, so the old access tokens are refused at once.
    const me = await client().auth.getUser(phone.session.access_token);
    expect(me.error?.name).toBe('AuthSessionMissingError');
  });

  it('local ends only the calling session', async () => {
    const user = await createUser();
    const phone = await signIn(user);
    const laptop = await signIn(user);
    const { error } = await laptop.client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    expect(await refreshWorks(laptop)).toBe(false);
    expect(await userWorks(laptop)).toBe(false);
    expect(await userWorks(phone)).toBe(true);
    expect(await refreshWorks(phone)).toBe(true);
  });

  it('others ends every session but the calling one', async () => {
    const user = await createUser();
    const phone = await signIn(user);
    const tablet = await signIn(user);
    const laptop = await signIn(user);
    const { error } = await laptop.client.auth.signOut({ scope: 'others' });
    expect(error).toBeNull();
    expect(await sessionCount(user.id)).toBe(1);
    expect(await refreshWorks(phone)).toBe(false);
    expect(await refreshWorks(tablet)).toBe(false);
    expect(await userWorks(laptop)).toBe(true);
  });

  it('answers 204 with no body, and refuses an unknown scope', async () => {
    const user = await createUser();
    const device = await signIn(user);
    const bad = await authFetch('/logout?scope=everything', {
      method: 'POST',
      headers: { authorization: `Bearer ${device.session.access_token}` },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error_code: 'validation_failed' });
    const ok = await authFetch('/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${device.session.access_token}` },
    });
    expect(ok.status).toBe(204);
    expect(await ok.text()).toBe('');
  });
});
