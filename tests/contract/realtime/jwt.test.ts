import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { client } from '../../support/clients.ts';
import { stackInfo } from '../../support/stack-info.ts';
import { refusedUpgrade, subscribeOutcome, websocketUrl } from './helpers.ts';

const clients: SupabaseClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
});

function sign(claims: Record<string, unknown>, secret = stackInfo().jwtSecret): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

const now = () => Math.floor(Date.now() / 1000);

/** The join outcome for a client whose Realtime token is `token`. */
async function joinWith(token: string): Promise<{ status: string; reason?: string }> {
  const made = client();
  clients.push(made);
  await made.realtime.setAuth(token);
  return subscribeOutcome(made.channel(`jwt-${randomUUID().slice(0, 8)}`));
}

describe('Realtime token checks', () => {
  it('refuses a join with an expired access token, saying how long ago it expired', async () => {
    const expired = await sign({ role: 'authenticated', sub: randomUUID(), exp: now() - 30 });
    const outcome = await joinWith(expired);
    expect(outcome.status).toBe('CHANNEL_ERROR');
    expect(outcome.reason).toMatch(/^InvalidJWTToken: Token has expired (3\d) seconds ago$/);
  });

  it('refuses a join with a forged token or one missing role/exp', async () => {
    const forged = await sign(
      { role: 'service_role', exp: now() + 600 },
      'a-different-secret-of-at-least-32-characters',
    );
    expect(await joinWith(forged)).toEqual({
      status: 'CHANNEL_ERROR',
      reason: 'JwtSignatureError: Failed to validate JWT signature',
    });
    const noExp = await sign({ role: 'authenticated' });
    expect(await joinWith(noExp)).toEqual({
      status: 'CHANNEL_ERROR',
      reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
    });
  });

  it('accepts a join with a valid user token', async () => {
    const valid = await sign({ role: 'authenticated', sub: randomUUID(), exp: now() + 600 });
    expect((await joinWith(valid)).status).toBe('SUBSCRIBED');
  });

  it('refuses the websocket upgrade for an expired, forged or unusable API token', async () => {
    const expired = await sign({ role: 'anon', exp: now() - 5 });
    const url = websocketUrl(stackInfo().anonKey);
    // Realtime reads the x-api-key header before ?apikey= (the gateway only vets the latter).
    expect(await refusedUpgrade(url, { 'x-api-key': expired })).toEqual({
      status: 401,
      body: { error: 'Token has expired' },
    });
    const forged = await sign({ role: 'anon', exp: now() + 600 }, 'a-different-secret-of-at-least-32-characters');
    expect(await refusedUpgrade(url, { 'x-api-key': forged })).toEqual({
      status: 401,
      body: { error: 'Failed to validate JWT signature' },
    });
    expect(await refusedUpgrade(url, { 'x-api-key': 'garbage' })).toEqual({
      status: 401,
      body: { error: 'The token provided is not a valid JWT' },
    });
    // A forged key in the URL never reaches Realtime: the gateway refuses it first.
    expect((await refusedUpgrade(websocketUrl(forged))).status).toBe(401);
  });
});
