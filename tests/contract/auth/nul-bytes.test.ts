import { describe, expect, it } from 'vitest';
import { authFetch, createUser, signIn } from './auth-kit.ts';

const NUL = '\u0000';

async function post(path: string, body: Record<string, unknown>) {
  const response = await authFetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

describe('NUL characters in requests', () => {
  it('are refused with 400 validation_failed in every field, never a 500', async () => {
    const user = await createUser();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['/token?grant_type=password', { email: `${user.email}${NUL}`, password: 'x' }],
      ['/token?grant_type=password', { email: user.email, password: `wrong${NUL}` }],
      ['/token?grant_type=refresh_token', { refresh_token: `abc${NUL}def` }],
      ['/token?grant_type=pkce', { auth_code: `a${NUL}`, code_verifier: 'b'.repeat(43) }],
      ['/verify', { type: 'recovery', email: user.email, token: `12${NUL}345` }],
      ['/verify', { type: 'recovery', token_hash: `${NUL}abc` }],
      ['/otp', { email: `${NUL}${user.email}`, create_user: false }],
      ['/recover', { email: `${user.email}${NUL}` }],
      ['/resend', { type: 'signup', email: `${user.email}${NUL}` }],
      ['/signup', { email: 'new@x.test', password: 'pw-123456', data: { name: `a${NUL}b` } }],
    ];
    for (const [path, body] of cases) {
      const answer = await post(path, body);
      expect({ path, sent: JSON.stringify(body), ...answer }).toMatchObject({
        path,
        status: 400,
        body: { code: 'validation_failed' },
      });
    }
    const query = await authFetch(`/verify?type=signup&token=abc%00def&redirect_to=http://127.0.0.1`);
    expect(query.status).toBe(400);
    // The account is untouched: the right password still signs in.
    await expect(signIn(user)).resolves.toMatchObject({ session: { access_token: expect.any(String) } });
  });
});
