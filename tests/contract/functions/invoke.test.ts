import { FunctionsHttpError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { client, signedInUser } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';

async function errorOf(result: { error: unknown }): Promise<{ status: number; body: unknown }> {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

async function token(claims: Record<string, unknown>, secret: string, expiresAt: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

const now = () => Math.floor(Date.now() / 1000);

describe('functions.invoke', () => {
  it('serves health, which does not verify JWTs', async () => {
    const { data, error } = await client().functions.invoke<{ ok: boolean; time: string }>('health');
    expect(error).toBeNull();
    expect(data?.ok).toBe(true);
    expect(Date.parse(data?.time ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // verify_jwt = false: even a token nobody signed gets through to the function.
    const forged = await client().functions.invoke('health', {
      headers: { Authorization: 'Bearer not-a-jwt' },
      method: 'GET',
    });
    expect(forged.error).toBeNull();
  });

  it('lets the anon key past verify_jwt, and whoami itself refuses it', async () => {
    const result = await client().functions.invoke('whoami');
    expect(await errorOf(result)).toEqual({ status: 401, body: { error: 'Not signed in' } });
  });

  it('answers 401 Invalid JWT for a forged or expired token before the function runs', async () => {
    const forged = await token(
      { role: 'authenticated', sub: crypto.randomUUID() },
      'a-different-secret-with-at-least-32-characters',
      now() + 3600,
    );
    const expired = await token({ role: 'authenticated', sub: crypto.randomUUID() }, stackInfo().jwtSecret, now() - 60);
    for (const bearer of [forged, expired, 'garbage']) {
      const result = await client().functions.invoke('whoami', { headers: { Authorization: `Bearer ${bearer}` } });
      expect(await errorOf(result)).toEqual({ status: 401, body: { msg: 'Invalid JWT' } });
    }
  });

  it('tells a signed-in user who they are', async () => {
    const user = await signedInUser();
    const { data, error } = await user.client.functions.invoke<{ id: string; email: string }>('whoami', {
      body: { hello: 'there' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ id: user.id, email: user.email });
  });

  it('answers 404 for a function that does not exist', async () => {
    const result = await client().functions.invoke('no-such-function');
    const { status, body } = await errorOf(result);
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'NOT_FOUND' });
    // `_shared` holds code for functions; it is never a function itself.
    expect((await errorOf(await client().functions.invoke('_shared'))).status).toBe(404);
  });
});
