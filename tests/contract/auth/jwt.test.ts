import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { stackInfo } from '../../support/stack-info.ts';
import { authFetch, client, createUser, jwtPayload, signIn } from './auth-kit.ts';

async function sign(claims: Record<string, unknown>, secret = stackInfo().jwtSecret): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

async function getUserStatus(token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await authFetch('/user', {
    headers: { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('access tokens on authenticated endpoints (GET /user)', () => {
  it('refuses an expired token with 403 bad_jwt', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    const claims = jwtPayload(session.access_token);
    const expired = await sign({
      ...claims,
      iat: (claims.iat as number) - 7200,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    const { status, body } = await getUserStatus(expired);
    expect(status).toBe(403);
    expect(body.code).toBe('bad_jwt');
    const viaClient = await client().auth.getUser(expired);
    expect(viaClient.error?.code).toBe('bad_jwt');
  });

  it('refuses a token signed with another secret with 403 bad_jwt', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    const forged = await sign(jwtPayload(session.access_token), 'not-the-secret-not-the-secret-not-the-secret');
    const { status, body } = await getUserStatus(forged);
    expect(status).toBe(403);
    expect(body.code).toBe('bad_jwt');
  });

  it('refuses a token whose role was changed by hand (signature no longer matches)', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    const [header, , signature] = session.access_token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...jwtPayload(session.access_token), role: 'service_role' })).toString(
      'base64url',
    );
    const { status, body } = await getUserStatus(`${header}.${payload}.${signature}`);
    expect(status).toBe(403);
    expect(body.code).toBe('bad_jwt');
  });

  it('refuses a valid signature for a user that does not exist with user_not_found', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await sign({
      sub: crypto.randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      iat: now,
      exp: now + 600,
    });
    const { status, body } = await getUserStatus(token);
    expect(status).toBe(403);
    expect(body.code).toBe('user_not_found');
  });

  it('refuses the anon key (no user in it) with bad_jwt', async () => {
    const { status, body } = await getUserStatus(stackInfo().anonKey);
    expect(status).toBe(403);
    expect(body.code).toBe('bad_jwt');
  });

  it('refuses a request without a bearer token with 401 no_authorization', async () => {
    const response = await authFetch('/user', { headers: { authorization: 'Basic abc' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error_code: 'no_authorization' });
  });

  it('accepts a live session token', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    const { status, body } = await getUserStatus(session.access_token);
    expect(status).toBe(200);
    expect(body.id).toBe(user.id);
  });
});
