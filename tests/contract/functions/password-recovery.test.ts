import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../../support/stack-info.ts';
import { asAdmin, createUser, latestMail, uniqueEmail } from '../auth/auth-kit.ts';

// "Forgot password" through the password-recovery function (issue 24, item 7): Auth's /recover answered a second
// request for a real account with 429 and an unknown address with 200, so two calls told who works here. The
// function answers alike for every address: the public limiter counts the caller and the address (3 an hour),
// and Auth's own answer never reaches the caller.

const redirectTo = () => `${stackInfo().apiUrl}/reset-password`;

async function recover(email: string): Promise<{ status: number; body: unknown; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${stackInfo().apiUrl}/functions/v1/password-recovery`, {
    method: 'POST',
    headers: {
      apikey: stackInfo().anonKey,
      authorization: `Bearer ${stackInfo().anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, redirect_to: redirectTo() }),
  });
  return { status: response.status, body: await response.json(), ms: Date.now() - started };
}

/** Every test of this stack calls from 127.0.0.1: the per-IP count of this action starts afresh for this file. */
const forgetCallerCounts = () =>
  asAdmin((db) => db.query(`delete from app_private.rate_limit_counters where action = 'password_recovery:ip'`));

beforeAll(forgetCallerCounts);
afterAll(forgetCallerCounts);

describe('the password-recovery function', () => {
  it('answers a real account and an unknown address alike, call after call, and mails only the account', async () => {
    const user = await createUser();
    const nobody = uniqueEmail('nobody');
    const answers = { real: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const real = await recover(user.email);
      const unknown = await recover(nobody);
      answers.real.push(real.status);
      answers.unknown.push(unknown.status);
      bodies.add(JSON.stringify([real.body, unknown.body]));
      expect(real.body).toEqual(unknown.body);
    }
    // Three an hour per address, whether or not it has an account; then 429 for both.
    expect(answers.real).toEqual([200, 200, 200, 429]);
    expect(answers.unknown).toEqual(answers.real);
    expect(bodies.size).toBe(2);

    const mail = await latestMail(user.email, 'recovery');
    expect(mail.link).toContain('type=recovery');
    expect(mail.redirect_to).toBe(redirectTo());
    await expect(latestMail(nobody, 'recovery', 300)).rejects.toThrow(/no recovery mail/);
  });

  it('answers 429 without a word of which addresses exist, and refuses what is not an address', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i += 1) expect((await recover(email)).status).toBe(200);
    expect(await recover(email)).toMatchObject({
      status: 429,
      body: { error: 'rate_limited', errors: {}, full_errors: ['Too many requests. Please try again later.'] },
    });
    expect((await recover('not an address')).status).toBe(422);
  });
});
