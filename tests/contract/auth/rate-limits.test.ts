import { randomInt } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAuthSettings } from '../../../supabase/stack/auth/settings.ts';
import type { StackConfig } from '../../../supabase/stack/shared/stack-config.ts';
import { createUser, uniqueEmail } from './auth-kit.ts';
import { type AuthInstance, startAuthInstance, stopAuthInstances } from './in-process-auth.ts';

afterAll(stopAuthInstances);

const freshIp = () => `198.19.${randomInt(256)}.${randomInt(1, 255)}`;

function call(auth: AuthInstance, ip: string, pathAndQuery: string, body: Record<string, unknown>) {
  return fetch(`${auth.apiUrl}/auth/v1${pathAndQuery}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

describe('request rate limits ([auth.rate_limit])', () => {
  it('reads the limits from config.toml as the Supabase CLI names them', () => {
    const settings = loadAuthSettings({
      rootDir: path.resolve(import.meta.dirname, '../../..'),
      siteUrl: 'http://x',
    } as StackConfig);
    expect(settings.rateLimits).toEqual({
      emailSent: 1000,
      tokenRefresh: 15000,
      signInSignUps: 3000,
      tokenVerifications: 3000,
    });
  });

  it('lets a burst of 30 through per IP, then answers 429 over_request_rate_limit on /token, /verify, /otp, /recover and /resend', async () => {
    const auth = await startAuthInstance({
      settings: { rateLimits: { emailSent: 1, tokenRefresh: 1, signInSignUps: 1, tokenVerifications: 1 } },
    });
    const endpoints: Array<[string, Record<string, unknown>]> = [
      ['/token?grant_type=refresh_token', { refresh_token: 'not-a-token' }],
      ['/verify', { type: 'recovery', token_hash: 'f'.repeat(56) }],
      ['/otp', { email: uniqueEmail('limited'), create_user: false }],
      ['/recover', { email: uniqueEmail('limited') }],
      ['/resend', { type: 'signup', email: uniqueEmail('limited') }],
    ];
    const refused = { status: 429, body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' } };
    for (const [pathAndQuery, body] of endpoints) {
      const ip = freshIp();
      for (let i = 0; i < 30; i += 1) {
        const response = await call(auth, ip, pathAndQuery, body);
        expect({ pathAndQuery, i, status: response.status }).not.toMatchObject({ status: 429 });
        await response.arrayBuffer();
      }
      const over = await call(auth, ip, pathAndQuery, body);
      expect({ pathAndQuery, status: over.status, body: await over.json() }).toEqual({ pathAndQuery, ...refused });
      const otherIp = await call(auth, freshIp(), pathAndQuery, body);
      expect({ pathAndQuery, status: otherIp.status }).not.toMatchObject({ status: 429 });
      await otherIp.arrayBuffer();
      if (pathAndQuery.startsWith('/token')) {
        // One limiter for every grant: the same IP cannot switch to password guessing.
        const password = await call(auth, ip, '/token?grant_type=password', {
          email: uniqueEmail('limited'),
          password: 'wrong-password',
        });
        expect({ status: password.status, body: await password.json() }).toEqual(refused);
      }
    }
  });

  it('caps the e-mails of the project per hour when addresses need confirming (over_email_send_rate_limit)', async () => {
    const auth = await startAuthInstance({
      settings: {
        mailerAutoconfirm: false,
        rateLimits: { emailSent: 1, tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30 },
      },
    });
    const [first, second] = [await createUser(), await createUser()];
    expect((await call(auth, freshIp(), '/recover', { email: first.email })).status).toBe(200);
    const over = await call(auth, freshIp(), '/recover', { email: second.email });
    expect({ status: over.status, body: await over.json() }).toEqual({
      status: 429,
      body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
    });
  });
});
