import { describe, expect, it } from 'vitest';
import { stackInfo } from '../../support/stack-info.ts';
import { authFetch, client, createUser, serviceClient, signIn, uniqueEmail, uniquePassword } from './auth-kit.ts';

describe('admin API (service role)', () => {
  it('createUser returns the user with metadata, confirmation and its e-mail identity', async () => {
    const email = uniqueEmail('admin');
    const { data, error } = await serviceClient().auth.admin.createUser({
      email,
      password: uniquePassword(),
      email_confirm: true,
      user_metadata: { name: 'Cy' },
      app_metadata: { plan: 'pro' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      user_metadata: { name: 'Cy', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
      is_anonymous: false,
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.identities).toEqual([
      expect.objectContaining({
        provider: 'email',
        id: data.user!.id,
        identity_data: expect.objectContaining({ email, sub: data.user!.id }),
      }),
    ]);
  });

  it('refuses a second user with the same e-mail (any case) with email_exists', async () => {
    const user = await createUser();
    const { error } = await serviceClient().auth.admin.createUser({
      email: user.email.toUpperCase(),
      password: uniquePassword(),
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });

  it('accepts a chosen id and an existing bcrypt hash', async () => {
    const id = crypto.randomUUID();
    const email = uniqueEmail('hash');
    // bcrypt("secret-password", cost 10), as another system would have stored it.
    const hash = '$2b$10$7TJNs/hI1IzTDtlum/t.OOJ2W7EpqnD9sZ80gThdL.vzZFM0LC/0.';
    const { data, error } = await serviceClient().auth.admin.createUser({
      id,
      email,
      password_hash: hash,
      email_confirm: true,
    });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(id);
    const signedIn = await signIn({ id, email, password: 'secret-password' });
    expect(signedIn.session.user.id).toBe(id);
  });

  it('getUserById, updateUserById (metadata, e-mail) and deleteUser', async () => {
    const admin = serviceClient().auth.admin;
    const user = await createUser({ userMetadata: { a: 1 } });
    const got = await admin.getUserById(user.id);
    expect(got.data.user?.email).toBe(user.email);

    const newEmail = uniqueEmail('renamed');
    const updated = await admin.updateUserById(user.id, {
      email: newEmail,
      user_metadata: { b: 2 },
      app_metadata: { role_hint: 'driver' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({
      email: newEmail,
      user_metadata: { a: 1, b: 2 },
      app_metadata: { provider: 'email', role_hint: 'driver' },
    });
    expect((await signIn({ ...user, email: newEmail })).session.user.id).toBe(user.id);

    const deleted = await admin.deleteUser(user.id);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
  });

  it("a new password set by an admin ends the user's sessions", async () => {
    const user = await createUser();
    const device = await signIn(user);
    const password = uniquePassword();
    expect((await serviceClient().auth.admin.updateUserById(user.id, { password })).error).toBeNull();
    const refreshed = await client().auth.refreshSession({ refresh_token: device.session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    expect((await signIn(user, password)).session.user.id).toBe(user.id);
  });

  it('ban_duration bans (sign-in and tokens refused) and "none" lifts the ban', async () => {
    const admin = serviceClient().auth.admin;
    const user = await createUser();
    const device = await signIn(user);

    const banned = await admin.updateUserById(user.id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    const until = new Date(banned.data.user!.banned_until!).getTime();
    expect(until).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const signInAttempt = await client().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signInAttempt.error?.code).toBe('user_banned');
    const me = await client().auth.getUser(device.session.access_token);
    expect(me.error?.status).toBe(403);
    expect(me.error?.code).toBe('user_banned');

    const lifted = await admin.updateUserById(user.id, { ban_duration: 'none' });
    expect(lifted.error).toBeNull();
    expect(lifted.data.user!.banned_until).toBeUndefined();
    expect((await signIn(user)).session.user.id).toBe(user.id);

    const invalid = await admin.updateUserById(user.id, { ban_duration: 'forever' });
    expect(invalid.error?.status).toBe(400);
  });

  it('listUsers pages newest first with X-Total-Count and Link headers', async () => {
    await createUser();
    await createUser();
    const { data, error } = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    if (!('total' in data)) throw new Error('listUsers returned no pagination');
    expect(data.users).toHaveLength(2);
    const [first, second] = data.users.map((u) => new Date(u.created_at).getTime());
    expect(first).toBeGreaterThanOrEqual(second);
    expect(data.total).toBeGreaterThanOrEqual(2);
    expect(data.nextPage).toBe(2);
    expect(data.lastPage).toBeGreaterThanOrEqual(1);

    // Other test files create users in parallel, so the headers are checked against their own count.
    const response = await fetch(`${stackInfo().apiUrl}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: { apikey: stackInfo().serviceRoleKey, authorization: `Bearer ${stackInfo().serviceRoleKey}` },
    });
    const total = Number(response.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(data.total);
    expect(response.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );
    expect(await response.json()).toMatchObject({ aud: 'authenticated', users: expect.any(Array) });
  });

  it('answers a user token with 403 not_admin', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    const response = await authFetch('/admin/users', {
      headers: { authorization: `Bearer ${session.access_token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    const anon = await client().auth.admin.listUsers();
    expect(anon.error?.code).toBe('not_admin');
  });

  it('answers a malformed or unknown id with 404', async () => {
    const admin = serviceClient().auth.admin;
    const unknown = await admin.getUserById(crypto.randomUUID());
    expect(unknown.error?.code).toBe('user_not_found');
    const response = await fetch(`${stackInfo().apiUrl}/auth/v1/admin/users/not-a-uuid`, {
      headers: { apikey: stackInfo().serviceRoleKey, authorization: `Bearer ${stackInfo().serviceRoleKey}` },
    });
    expect(response.status).toBe(404);
  });
});
