import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { stackInfo } from '../../support/stack-info.ts';
import { authFetch, client, createUser, serviceClient, signIn, uniqueEmail } from './auth-kit.ts';

describe('password sign-in (POST /token?grant_type=password)', () => {
  it('returns a session whose access token carries GoTrue claims, signed with the shared secret', async () => {
    const user = await createUser({ userMetadata: { name: 'Ada' } });
    const before = Math.floor(Date.now() / 1000);
    const { session } = await signIn(user);
    const after = Math.floor(Date.now() / 1000);

    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBeGreaterThan(3590);
    // The server stamps its own clock, which may have ticked over a second between the call and this line.
    expect(session.expires_at).toBeGreaterThanOrEqual(before + session.expires_in);
    expect(session.expires_at).toBeLessThanOrEqual(after + session.expires_in);
    expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(session.user.id).toBe(user.id);
    expect(session.user.email).toBe(user.email);
    expect(session.user.last_sign_in_at).toBeTruthy();

    const { payload } = await jwtVerify(session.access_token, new TextEncoder().encode(stackInfo().jwtSecret));
    expect(payload).toMatchObject({
      iss: `${stackInfo().apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Ada', email_verified: true },
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('answers a wrong password with 400 invalid_credentials', async () => {
    const user = await createUser();
    const { data, error } = await client().auth.signInWithPassword({ email: user.email, password: 'not-the-password' });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { error } = await client().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
  });

  it('refuses an unconfirmed e-mail with email_not_confirmed, after the password check', async () => {
    const user = await createUser({ confirmed: false });
    const wrong = await client().auth.signInWithPassword({ email: user.email, password: 'not-the-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    const right = await client().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(right.error?.code).toBe('email_not_confirmed');
  });

  it('refuses a banned user with user_banned before looking at the password', async () => {
    const user = await createUser();
    const banned = await serviceClient().auth.admin.updateUserById(user.id, { ban_duration: '1h' });
    expect(banned.error).toBeNull();
    const wrong = await client().auth.signInWithPassword({ email: user.email, password: 'not-the-password' });
    expect(wrong.error?.code).toBe('user_banned');
  });

  it('finds the user whatever the case of the e-mail', async () => {
    const user = await createUser();
    const { error } = await client().auth.signInWithPassword({
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(error).toBeNull();
  });
});

describe('error shapes and request hygiene', () => {
  const wrongPassword = JSON.stringify({ email: 'nobody@auth-contract.test', password: 'x' });

  it('uses {code, message} and echoes X-Supabase-Api-Version when the request carries it', async () => {
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: wrongPassword,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('uses the legacy {code: status, error_code, msg} shape without the header', async () => {
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: wrongPassword,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('answers malformed JSON with a 400 bad_json error, and keeps serving', async () => {
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: '{"email": "a@b.c", "password": ',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
    const health = await authFetch('/health');
    expect(health.status).toBe(200);
  });

  it('refuses a body over 1 MB with a JSON 413', async () => {
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    await response.json();
  });

  it('rejects both e-mail and phone with validation_failed', async () => {
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: 'a@b.c', phone: '4512345678', password: 'secret1' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('answers an unknown grant type and an unknown path with JSON errors', async () => {
    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
    await grant.json();
    const missing = await authFetch('/no/such/endpoint');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error_code: 'not_found' });
  });
});
