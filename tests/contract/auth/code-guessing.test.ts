import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, serviceClient, uniqueEmail } from './auth-kit.ts';
import { type AuthInstance, startAuthInstance, stopAuthInstances } from './in-process-auth.ts';

// Each case talks to its own Auth service (same database) and names its caller with X-Forwarded-For, as the
// gateway does, so its counters are its own.
afterAll(stopAuthInstances);

let lastIp = 0;
const freshIp = () => `198.18.${randomInt(256)}.${(lastIp = (lastIp % 250) + 1)}`;

async function verifyCode(auth: AuthInstance, ip: string, email: string, token: string) {
  const response = await fetch(`${auth.apiUrl}/auth/v1/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', 'x-forwarded-for': ip },
    body: JSON.stringify({ type: 'recovery', email, token }),
  });
  return { status: response.status, body: (await response.json()) as { code?: string; access_token?: string } };
}

/** A recovery code for the user, as the e-mail would carry it. */
async function recoveryCode(email: string): Promise<string> {
  const { data, error } = await serviceClient().auth.admin.generateLink({ type: 'recovery', email });
  if (error) throw error;
  return data.properties.email_otp;
}

const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('guessing e-mail codes', () => {
  it('voids the pending code after 5 wrong guesses for an address, so the right one no longer works', async () => {
    const auth = await startAuthInstance();
    const ip = freshIp();
    const user = await createUser();
    const code = await recoveryCode(user.email);
    for (let i = 0; i < 5; i += 1) {
      expect(await verifyCode(auth, ip, user.email, wrongCode(code, i))).toMatchObject({
        status: 403,
        body: { code: 'otp_expired' },
      });
    }
    expect(await verifyCode(auth, ip, user.email, code)).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    // A new code works again, and a right code after a few wrong ones is fine.
    const next = await recoveryCode(user.email);
    await verifyCode(auth, ip, user.email, wrongCode(next, 0));
    expect(await verifyCode(auth, ip, user.email, next)).toMatchObject({
      status: 200,
      body: { access_token: expect.any(String) },
    });
  });

  it('answers an unknown address exactly as a known one', async () => {
    const auth = await startAuthInstance();
    const ip = freshIp();
    for (let i = 0; i < 6; i += 1) {
      expect(await verifyCode(auth, ip, uniqueEmail('nobody'), '123456')).toEqual({
        status: 403,
        body: { code: 'otp_expired', message: 'Token has expired or is invalid' },
      });
    }
  });

  it('refuses an IP that keeps guessing (429), across addresses, while other callers go on', async () => {
    const auth = await startAuthInstance({
      settings: { codeAttempts: { perAddress: 5, perIp: 8, ipLockMs: 600_000 } },
    });
    const guesser = freshIp();
    for (let i = 0; i < 8; i += 1) {
      expect((await verifyCode(auth, guesser, uniqueEmail('target'), '000000')).status).toBe(403);
    }
    const user = await createUser();
    const code = await recoveryCode(user.email);
    expect(await verifyCode(auth, guesser, user.email, code)).toEqual({
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
    });
    expect((await verifyCode(auth, freshIp(), user.email, code)).status).toBe(200);
  });
});
