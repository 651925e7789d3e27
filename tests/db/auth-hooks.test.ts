import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { asPostgres, client, serviceClient } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import { jwtPayload } from '../support/jwt-payload.ts';
import { rawRequest } from '../support/raw-http.ts';

async function signIn(email: string, password: string) {
  return client().auth.signInWithPassword({ email, password });
}

/** A staff user with a support membership in hjem-is, created for one test. */
async function newStaffUser(): Promise<{ email: string; password: string }> {
  const email = `staff-${randomUUID().slice(0, 8)}@hooks.test`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  await db.query('begin');
  await db.query(
    `insert into public.tenant_memberships (tenant_id, user_id, role) select id, $1, 'support' from public.tenants where slug = 'hjem-is'`,
    [data.user.id],
  );
  await db.query(
    `insert into public.membership_depos (tenant_id, user_id, depo_id)
                  select d.tenant_id, $1, min(d.id) from public.depos d join public.tenants t on t.id = d.tenant_id where t.slug = 'hjem-is' group by d.tenant_id`,
    [data.user.id],
  );
  await db.query('commit');
  await db.end();
  return { email, password };
}

describe('Custom Access Token hook', () => {
  it('puts the tenant memberships, role and depo ids into the JWT', async () => {
    const { data, error } = await signIn('depo-admin@hjem-is.test', stackInfo().demoPassword);
    expect(error).toBeNull();
    const claims = jwtPayload(data.session!.access_token);
    expect(claims.role).toBe('authenticated');
    const memberships = claims.memberships as Array<{ tenant: string; role: string; depo_ids: number[] }>;
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ tenant: 'hjem-is', role: 'depo_admin' });
    expect(memberships[0].depo_ids.length).toBeGreaterThanOrEqual(1);
  });

  it('lists both tenants for a user who works for two', async () => {
    const { data } = await signIn('two-tenants@demo.test', stackInfo().demoPassword);
    const memberships = jwtPayload(data.session!.access_token).memberships as Array<{
      tenant: string;
      role: string;
      depo_ids: number[];
    }>;
    expect(memberships.map((m) => m.tenant)).toEqual(['den-norske-isbilen', 'hjem-is']);
    expect(memberships.every((m) => m.role === 'admin' && m.depo_ids.length === 0)).toBe(true);
  });

  it('keeps the claims on refresh', async () => {
    const c = client();
    await c.auth.signInWithPassword({ email: 'driver@hjem-is.test', password: stackInfo().demoPassword });
    const refreshed = await c.auth.refreshSession();
    expect((jwtPayload(refreshed.data.session!.access_token).memberships as unknown[]).length).toBe(1);
  });

  it('refuses a user whose memberships are all inactive', async () => {
    const { data, error } = await signIn('inactive@hjem-is.test', stackInfo().demoPassword);
    expect(data.session).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.message).toBe('Your account is not activated yet.');
  });
});

/** What /token answered, as a caller sees it (status, code, text and whether a session came back). */
async function tokenAnswer(email: string, password: string) {
  const { data, error } = await signIn(email, password);
  return { status: error?.status, code: error?.code, message: error?.message, session: data.session !== null };
}

const WRONG_PASSWORD = {
  status: 400,
  code: 'invalid_credentials',
  message: 'Invalid login credentials',
  session: false,
};

/** The sign-in page's report of a failed sign-in: the notice due for that address from this source. */
async function notice(email: string) {
  const { data, error } = await client().rpc('sign_in_failure_notice', { email });
  expect(error).toBeNull();
  return data as string | null;
}

const unknownAddress = () => `nobody-${randomUUID().slice(0, 8)}@hooks.test`;

describe('Password Verification Attempt hook and sign-in notices', () => {
  it('answer five wrong passwords for an unknown address exactly as for a real account', async () => {
    const user = await newStaffUser();
    const run = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 5; i += 1)
        answers.push({ token: await tokenAnswer(email, 'wrong-password'), notice: await notice(email) });
      return answers;
    };
    const real = await run(user.email);
    const unknown = await run(unknownAddress());
    expect(real).toEqual(unknown);
    expect(real.map((answer) => answer.token)).toEqual(Array(5).fill(WRONG_PASSWORD));
    expect(real.map((answer) => answer.notice)).toEqual([null, null, null, 'last_attempt', 'locked']);
  });

  it('lock the account after 5 failures, even for the right password, answered like any wrong password', async () => {
    const user = await newStaffUser();
    for (let i = 0; i < 5; i += 1) {
      await signIn(user.email, 'wrong-password');
      await notice(user.email);
    }
    expect(await tokenAnswer(user.email, user.password)).toEqual(WRONG_PASSWORD);
    expect(await notice(user.email)).toBe('locked');
    // An unknown address past its fifth failure reads the same.
    const stranger = unknownAddress();
    for (let i = 0; i < 5; i += 1) await notice(stranger);
    expect(await tokenAnswer(stranger, 'any-password')).toEqual(WRONG_PASSWORD);
    expect(await notice(stranger)).toBe('locked');
  });

  it('give notices alone the same for a real and an unknown address, and notices never lock an account', async () => {
    const user = await newStaffUser();
    const stranger = unknownAddress();
    const real: Array<string | null> = [];
    const unknown: Array<string | null> = [];
    for (let i = 0; i < 6; i += 1) {
      real.push(await notice(user.email));
      unknown.push(await notice(stranger));
    }
    expect(real).toEqual([null, null, null, 'last_attempt', 'locked', 'locked']);
    expect(unknown).toEqual(real);
    // The lock itself is the hook's, counted only from real password checks.
    expect((await tokenAnswer(user.email, user.password)).session).toBe(true);
  });

  it('count an address however it is capitalised or padded', async () => {
    const stranger = unknownAddress();
    const spellings = [stranger, stranger.toUpperCase(), ` ${stranger} `, stranger];
    const notices = [];
    for (const spelling of spellings) notices.push(await notice(spelling));
    expect(notices).toEqual([null, null, null, 'last_attempt']);
  });

  it('start counting afresh after a successful sign-in', async () => {
    const user = await newStaffUser();
    for (let i = 0; i < 3; i += 1) {
      await signIn(user.email, 'wrong-password');
      await notice(user.email);
    }
    expect((await signIn(user.email, user.password)).error).toBeNull();
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push({ token: await tokenAnswer(user.email, 'wrong-password'), notice: await notice(user.email) });
    expect(answers).toEqual(Array(3).fill({ token: WRONG_PASSWORD, notice: null }));
  });

  it('let a lock end after an hour and forget failures an hour old, for both counts alike', async () => {
    const user = await newStaffUser();
    const stranger = unknownAddress();
    for (let i = 0; i < 5; i += 1) {
      await signIn(user.email, 'wrong-password');
      await notice(user.email);
    }
    for (let i = 0; i < 4; i += 1) await notice(stranger);
    // An hour passes (moved back in the rows rather than waited for).
    await asPostgres(async (db) => {
      await db.query(
        `update app_private.sign_in_failures_by_source f set locked_at = locked_at - interval '61 minutes',
                        last_failed_at = last_failed_at - interval '61 minutes'
                       where f.user_id = (select id from auth.users where email = $1)`,
        [user.email],
      );
      await db.query(
        `update app_private.sign_in_notice_failures n set locked_at = locked_at - interval '61 minutes',
                        last_failed_at = last_failed_at - interval '61 minutes' where n.email in ($1, $2)`,
        [user.email, stranger],
      );
    });
    // The stranger's 5th failure comes an hour after the 4th: counted afresh, no lock.
    expect(await notice(stranger)).toBeNull();
    expect(await notice(user.email)).toBeNull();
    expect((await tokenAnswer(user.email, user.password)).session).toBe(true);
  });

  it('prune counts that no longer matter, keeping those that do', async () => {
    const fresh = unknownAddress();
    const stale = unknownAddress();
    const staleLocked = unknownAddress();
    const stillLocked = unknownAddress();
    await asPostgres(async (db) => {
      await db.query(
        `insert into app_private.sign_in_notice_failures (email, source, failed_attempts, last_failed_at, locked_at) values
                        ($1, 'prune-test', 2, now(), null),
                        ($2, 'prune-test', 3, now() - interval '2 hours', null),
                        ($3, 'prune-test', 5, now() - interval '61 minutes', now() - interval '61 minutes'),
                        ($4, 'prune-test', 5, now() - interval '59 minutes', now() - interval '59 minutes')`,
        [fresh, stale, staleLocked, stillLocked],
      );
      await db.query('select app_private.prune_sign_in_failures()');
      const { rows } = await db.query<{ email: string }>(
        `select email from app_private.sign_in_notice_failures where source = 'prune-test' order by email`,
      );
      expect(rows.map((row) => row.email)).toEqual([fresh, stillLocked].sort());
      await db.query(`delete from app_private.sign_in_notice_failures where source = 'prune-test'`);
      const { rows: jobs } = await db.query<{ schedule: string }>(
        `select schedule from cron.job where jobname = 'prune-sign-in-failures'`,
      );
      expect(jobs).toEqual([{ schedule: '*/10 * * * *' }]);
    });
  });

  it('refuse an e-mail that is blank, too long or holds a NUL with a clear 400', async () => {
    for (const email of ['', '   ', `${'a'.repeat(320)}@x.test`, 'a\u0000b@x.test']) {
      const response = await rawRequest(stackInfo().apiUrl, {
        method: 'POST',
        path: '/rest/v1/rpc/sign_in_failure_notice',
        headers: { apikey: stackInfo().anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(response.status, JSON.stringify(email)).toBe(400);
    }
  });
});

/** A password sign-in through the gateway from another loopback address: a second machine, as Auth sees it. */
async function signInFrom(localAddress: string, email: string, password: string, spoofedIp: string) {
  const response = await rawRequest(stackInfo().apiUrl, {
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    localAddress,
    // The gateway is the edge: a client-sent X-Forwarded-For must not give the caller a fresh identity.
    headers: { apikey: stackInfo().anonKey, 'content-type': 'application/json', 'x-forwarded-for': spoofedIp },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: response.json() as Record<string, unknown> & { access_token?: string } };
}

/** The sign-in notice as asked from another loopback address, with a forged X-Forwarded-For the gateway drops. */
async function noticeFrom(localAddress: string, email: string, spoofedIp: string) {
  const response = await rawRequest(stackInfo().apiUrl, {
    method: 'POST',
    path: '/rest/v1/rpc/sign_in_failure_notice',
    localAddress,
    headers: { apikey: stackInfo().anonKey, 'content-type': 'application/json', 'x-forwarded-for': spoofedIp },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
  return response.json() as string | null;
}

describe('sign-in lockout per account and source', () => {
  it('locks the account only for the source that failed, keeps the owner signed in, and lets them in from elsewhere', async () => {
    const user = await newStaffUser();
    const owner = client();
    expect((await owner.auth.signInWithPassword(user)).error).toBeNull();
    const ownerSession = (await owner.auth.getSession()).data.session!;

    const answers: Array<{ status: number; body: unknown; notice: string | null }> = [];
    for (let i = 0; i < 5; i += 1) {
      const { status, body } = await signInFrom('127.0.0.2', user.email, 'wrong-password', `203.0.113.${i}`);
      answers.push({ status, body, notice: await noticeFrom('127.0.0.2', user.email, `198.51.100.${i}`) });
    }
    // The whole answer, byte for byte what Auth gives for any wrong password or unknown address.
    const wrong = {
      status: 400,
      body: { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' },
    };
    expect(answers).toEqual([
      { ...wrong, notice: null },
      { ...wrong, notice: null },
      { ...wrong, notice: null },
      { ...wrong, notice: 'last_attempt' },
      { ...wrong, notice: 'locked' },
    ]);
    // Locked for that source, even with the right password, and answered like a wrong one...
    const locked = await signInFrom('127.0.0.2', user.email, user.password, '198.51.100.7');
    expect(locked).toEqual(wrong);
    const stranger = await signInFrom('127.0.0.2', unknownAddress(), 'any-password', '198.51.100.9');
    expect(stranger).toEqual(wrong);
    expect(await noticeFrom('127.0.0.2', user.email, '198.51.100.8')).toBe('locked');
    // ...but the owner's session lives on, the owner's own source has no notice due, and they sign in from
    // their own machine and from a third one.
    const refreshed = await owner.auth.refreshSession({ refresh_token: ownerSession.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(await notice(user.email)).toBeNull();
    expect((await signIn(user.email, user.password)).error).toBeNull();
    const fromThird = await signInFrom('127.0.0.3', user.email, user.password, '203.0.113.0');
    expect(fromThird.status).toBe(200);
    expect(fromThird.body.access_token).toEqual(expect.any(String));
  });

  it('takes as long for an unknown address as for a real account with a wrong password', async () => {
    const user = await newStaffUser();
    const other = await newStaffUser();
    const timed = async (email: string) => {
      const started = performance.now();
      const { error } = await signIn(email, 'wrong-password');
      expect(error?.message).toBe('Invalid login credentials');
      return performance.now() - started;
    };
    const real: number[] = [];
    const unknown: number[] = [];
    // Interleaved, three failures per account (below the warning), so load on the machine hits both alike.
    for (const account of [user, user, user, other, other, other]) {
      real.push(await timed(account.email));
      unknown.push(await timed(`nobody-${randomUUID().slice(0, 8)}@hooks.test`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    // Before, an unknown address was answered in a fifteenth of the time (no bcrypt, no hook).
    expect(median(unknown)).toBeGreaterThan(median(real) * 0.6);
  });
});

describe('deleting a staff user through the Auth admin API', () => {
  it('removes the user with their memberships and depo assignments', async () => {
    const user = await newStaffUser();
    const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>('select id from auth.users where email = $1', [user.email]);
      const { error } = await serviceClient().auth.admin.deleteUser(rows[0].id);
      expect(error).toBeNull();
      const left = await db.query(
        'select 1 from public.tenant_memberships where user_id = $1 union all select 1 from public.membership_depos where user_id = $1',
        [rows[0].id],
      );
      expect(left.rowCount).toBe(0);
    } finally {
      await db.end();
    }
  });
});
