import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { stackInfo } from '../../support/stack-info.ts';
import { authFetch, client, createUser, jwtPayload, latestMail, uniqueEmail, uniquePassword } from './auth-kit.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(location.slice(location.indexOf('#') + 1));
}

describe('password recovery through the mail outbox', () => {
  it('mails a verify link that answers 303 with the session in the fragment; the new password then works', async () => {
    const user = await createUser();
    const redirectTo = `${stackInfo().apiUrl}/reset-password`;
    const { error } = await client().auth.resetPasswordForEmail(user.email, { redirectTo });
    expect(error).toBeNull();

    const mail = await latestMail(user.email, 'recovery');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.link.startsWith(`${stackInfo().apiUrl}/auth/v1/verify?token=`)).toBe(true);
    expect(mail.link).toContain('type=recovery');
    expect(mail.html).toContain(mail.link.replace(/&/g, '&amp;'));

    const response = await fetch(mail.link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${redirectTo}#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(fragment.has('sb')).toBe(true);
    const accessToken = fragment.get('access_token')!;
    const refreshToken = fragment.get('refresh_token')!;
    expect(jwtPayload(accessToken)).toMatchObject({ sub: user.id, amr: [{ method: 'otp' }] });

    // What auth-js does with the fragment: take the session, then the app sets the new password.
    const app = client();
    const set = await app.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
    expect(set.error).toBeNull();
    const newPassword = uniquePassword();
    const updated = await app.auth.updateUser({ password: newPassword });
    expect(updated.error).toBeNull();
    const signedIn = await client().auth.signInWithPassword({ email: user.email, password: newPassword });
    expect(signedIn.error).toBeNull();

    // The link is single-use: a second visit lands on the error fragment.
    const again = await fetch(mail.link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const failed = fragmentOf(again.headers.get('location')!);
    expect(failed.get('error')).toBe('access_denied');
    expect(failed.get('error_code')).toBe('otp_expired');
    expect(failed.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('redirects to the site URL when redirect_to is not allowed', async () => {
    const user = await createUser();
    await client().auth.resetPasswordForEmail(user.email, { redirectTo: 'https://evil.example.com/steal' });
    const mail = await latestMail(user.email, 'recovery');
    expect(mail.redirect_to).not.toContain('evil.example.com');
    const response = await fetch(mail.link, { redirect: 'manual' });
    expect(response.headers.get('location')!.startsWith(`${mail.redirect_to}#access_token=`)).toBe(true);
  });

  it('verifyOtp accepts the token hash and, for the next e-mail, the code', async () => {
    const user = await createUser();
    await client().auth.resetPasswordForEmail(user.email);
    const byHash = await client().auth.verifyOtp({
      token_hash: (await latestMail(user.email, 'recovery')).token_hash,
      type: 'recovery',
    });
    expect(byHash.error).toBeNull();
    expect(byHash.data.session?.user.id).toBe(user.id);

    await sleep(1100); // one recovery e-mail per second per user
    await client().auth.resetPasswordForEmail(user.email);
    const code = (await latestMail(user.email, 'recovery')).token;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await client().auth.verifyOtp({
      email: user.email,
      token: '000000' === code ? '111111' : '000000',
      type: 'recovery',
    });
    expect(wrong.error?.code).toBe('otp_expired');
    const byCode = await client().auth.verifyOtp({ email: user.email, token: code, type: 'recovery' });
    expect(byCode.error).toBeNull();
    expect(byCode.data.session?.access_token).toBeTruthy();
  });

  it('with PKCE the link carries ?code=, which the same client exchanges for a session', async () => {
    const user = await createUser();
    const app = createClient(stackInfo().apiUrl, stackInfo().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, flowType: 'pkce', detectSessionInUrl: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const events: string[] = [];
    app.auth.onAuthStateChange((event) => events.push(event));
    const redirectTo = `${stackInfo().apiUrl}/reset-password`;
    expect((await app.auth.resetPasswordForEmail(user.email, { redirectTo })).error).toBeNull();
    const mail = await latestMail(user.email, 'recovery');
    expect(mail.token_hash.startsWith('pkce_')).toBe(true);

    const response = await fetch(mail.link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const { data, error } = await app.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(user.id);
    expect(jwtPayload(data.session!.access_token).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
    expect(events).toContain('PASSWORD_RECOVERY');
  });

  it('answers 200 for an unknown address and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const { error } = await client().auth.resetPasswordForEmail(nobody);
    expect(error).toBeNull();
    await expect(latestMail(nobody, 'recovery', 200)).rejects.toThrow(/no recovery mail/);
  });
});

describe('magic link (POST /otp)', () => {
  it('mails a sign-in link to an existing user', async () => {
    const user = await createUser();
    const { error } = await client().auth.signInWithOtp({ email: user.email, options: { shouldCreateUser: false } });
    expect(error).toBeNull();
    const mail = await latestMail(user.email, 'magiclink');
    const response = await fetch(mail.link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const fragment = fragmentOf(response.headers.get('location')!);
    expect(fragment.get('type')).toBe('magiclink');
    expect(jwtPayload(fragment.get('access_token')!).sub).toBe(user.id);
  });

  it('answers an unknown address exactly as a known one, and sends nothing (no account enumeration)', async () => {
    const stranger = uniqueEmail('stranger');
    for (const shouldCreateUser of [false, true]) {
      const response = await authFetch('/otp', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: stranger, create_user: shouldCreateUser }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({});
    }
    const { error } = await client().auth.signInWithOtp({ email: stranger, options: { shouldCreateUser: false } });
    expect(error).toBeNull();
    await expect(latestMail(stranger, 'magiclink', 200)).rejects.toThrow(/no magiclink mail/);
  });
});
