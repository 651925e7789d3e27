import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthServiceOverrides } from '../../../supabase/stack/auth/index.ts';
import { asAdmin, createUser, jwtPayload, sessionCount } from './auth-kit.ts';
import { startAuthInstance, stopAuthInstances } from './in-process-auth.ts';

// The shared test stack runs the project's own hooks. To test the hook plumbing itself, each case starts a
// second Auth service in this process, on the same database, with hook functions from a throwaway schema.
const schema = `auth_hook_test_${randomUUID().slice(0, 8)}`;

const startInstance = (hooks: AuthServiceOverrides['hooks']) => startAuthInstance({ hooks });

const uri = (fn: string) => `pg-functions://postgres/${schema}/${fn}`;

interface HookEvent {
  hook: string;
  input: Record<string, unknown>;
}

async function events(userId: string): Promise<HookEvent[]> {
  return asAdmin(async (db) => {
    const { rows } = await db.query<HookEvent>(
      `select hook, input from "${schema}".events where input ->> 'user_id' = $1 order by id`,
      [userId],
    );
    return rows;
  });
}

function allPasswordHookEvents(): Promise<number> {
  return asAdmin(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from "${schema}".events where hook = 'password_verification_attempt'`,
    );
    return rows[0].n;
  });
}

beforeAll(async () => {
  await asAdmin((db) =>
    db.query(`
      create schema "${schema}";
      create table "${schema}".events (id bigserial primary key, hook text not null, input jsonb not null);

      create function "${schema}".add_claims(event jsonb) returns jsonb language plpgsql as $$
      begin
        insert into "${schema}".events (hook, input) values ('custom_access_token', event);
        return jsonb_build_object('claims', (event -> 'claims') || '{"tenant": "hjem-is", "user_role": "driver"}'::jsonb);
      end $$;

      create function "${schema}".deny(event jsonb) returns jsonb language sql as $$
        select '{"error": {"http_code": 403, "message": "Your account is not activated yet."}}'::jsonb
      $$;

      create function "${schema}".drop_required_claims(event jsonb) returns jsonb language sql as $$
        select jsonb_build_object('claims', (event -> 'claims') - 'session_id' - 'email')
      $$;

      create function "${schema}".wrong_types(event jsonb) returns jsonb language sql as $$
        select jsonb_build_object('claims', (event -> 'claims') || '{"app_metadata": "admin"}'::jsonb)
      $$;

      create function "${schema}".too_slow(event jsonb) returns jsonb language plpgsql as $$
      begin
        perform pg_sleep(5);
        return jsonb_build_object('claims', event -> 'claims');
      end $$;

      create function "${schema}".broken(event jsonb) returns jsonb language plpgsql as $$
      begin
        raise exception 'hook bug';
      end $$;

      create function "${schema}".lock_on_failure(event jsonb) returns jsonb language plpgsql as $$
      begin
        insert into "${schema}".events (hook, input) values ('password_verification_attempt', event);
        if (event ->> 'valid')::boolean then
          return '{"decision": "continue"}'::jsonb;
        end if;
        return '{"decision": "reject", "message": "Too many attempts, account locked.", "should_logout_user": true}'::jsonb;
      end $$;

      create function "${schema}".reject_as_wrong_password(event jsonb) returns jsonb language plpgsql as $$
      begin
        insert into "${schema}".events (hook, input) values ('password_verification_attempt', event);
        return '{"decision": "reject", "message": "Invalid login credentials"}'::jsonb;
      end $$;

      grant usage on schema "${schema}" to supabase_auth_admin;
      grant insert, select on "${schema}".events to supabase_auth_admin;
      grant usage on sequence "${schema}".events_id_seq to supabase_auth_admin;
      grant execute on all functions in schema "${schema}" to supabase_auth_admin;
      revoke execute on all functions in schema "${schema}" from public, anon, authenticated;
    `),
  );
});

afterAll(async () => {
  await stopAuthInstances();
  await asAdmin((db) => db.query(`drop schema if exists "${schema}" cascade`));
});

describe('Custom Access Token hook (pg-functions)', () => {
  it('signs the claims the function returns, on sign-in and on every refresh', async () => {
    const auth = await startInstance({ customAccessToken: uri('add_claims') });
    const user = await createUser();
    const c = auth.client();
    const signedIn = await c.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signedIn.error).toBeNull();
    const claims = jwtPayload(signedIn.data.session!.access_token);
    expect(claims).toMatchObject({ sub: user.id, role: 'authenticated', tenant: 'hjem-is', user_role: 'driver' });

    const refreshed = await c.auth.refreshSession({ refresh_token: signedIn.data.session!.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(jwtPayload(refreshed.data.session!.access_token)).toMatchObject({ tenant: 'hjem-is' });

    const seen = await events(user.id);
    expect(seen.map((e) => e.input.authentication_method)).toEqual(['password', 'token_refresh']);
    const input = seen[0].input;
    expect(input.metadata).toMatchObject({
      name: 'customize-access-token',
      uuid: expect.any(String),
      time: expect.any(String),
    });
    expect(input.claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      role: 'authenticated',
      aal: 'aal1',
      session_id: claims.session_id,
      is_anonymous: false,
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
    });
  });

  it('turns {"error": {http_code, message}} into that HTTP error and leaves no session', async () => {
    const auth = await startInstance({ customAccessToken: uri('deny') });
    const user = await createUser();
    const { data, error } = await auth.client().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.message).toBe('Your account is not activated yet.');
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('refuses output without the required claims or with wrongly typed claims (500)', async () => {
    const user = await createUser();
    for (const fn of ['drop_required_claims', 'wrong_types']) {
      const auth = await startInstance({ customAccessToken: uri(fn) });
      const { error } = await auth.client().auth.signInWithPassword({ email: user.email, password: user.password });
      // auth-js reports any 5xx as a retryable fetch error without reading the body.
      expect(error?.name).toBe('AuthRetryableFetchError');
      expect(error?.status).toBe(500);
      const raw = await auth.signInRaw(user.email, user.password);
      expect(raw.status).toBe(500);
      expect(raw.body).toMatchObject({ code: 'unexpected_failure' });
      expect(String(raw.body.message)).toMatch(/output claims do not conform to the expected schema/);
    }
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('stops a hook after 2 s and reports a failing hook as a 500 naming it', async () => {
    const user = await createUser();
    for (const fn of ['too_slow', 'broken']) {
      const auth = await startInstance({ customAccessToken: uri(fn) });
      const started = Date.now();
      const raw = await auth.signInRaw(user.email, user.password);
      expect(raw.status).toBe(500);
      expect(raw.body).toEqual({ code: 'unexpected_failure', message: `Error running hook URI: ${uri(fn)}` });
      expect(Date.now() - started).toBeLessThan(4500);
    }
    expect(await sessionCount(user.id)).toBe(0);
  });
});

describe('Password Verification Attempt hook (pg-functions)', () => {
  it('gets {metadata, user_id, valid}; "reject" is invalid_credentials with its message and may sign the user out', async () => {
    const auth = await startInstance({ passwordVerificationAttempt: uri('lock_on_failure') });
    const user = await createUser();
    const device = auth.client();
    const ok = await device.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(ok.error).toBeNull();
    expect(await sessionCount(user.id)).toBe(1);

    const wrong = await auth.client().auth.signInWithPassword({ email: user.email, password: 'wrong-password' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Too many attempts, account locked.');
    // should_logout_user: every session of the user is gone.
    expect(await sessionCount(user.id)).toBe(0);
    const refresh = await device.auth.refreshSession({ refresh_token: ok.data.session!.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');

    const seen = await events(user.id);
    expect(seen.map((e) => e.input.valid)).toEqual([true, false]);
    expect(seen[0].input.metadata).toMatchObject({ name: 'password-verification' });
  });

  it('is not consulted for unknown users', async () => {
    const auth = await startInstance({ passwordVerificationAttempt: uri('lock_on_failure') });
    const before = await allPasswordHookEvents();
    const { error } = await auth
      .client()
      .auth.signInWithPassword({ email: `nobody-${randomUUID()}@x.test`, password: 'whatever' });
    expect({ status: error?.status, code: error?.code, message: error?.message }).toEqual({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    // No call at all (GoTrue has no user to pass): the hook's answer cannot depend on unknown addresses.
    expect(await allPasswordHookEvents()).toBe(before);
  });

  it("answers a rejection carrying Auth's own text exactly like a wrong password or an unknown address", async () => {
    const auth = await startInstance({ passwordVerificationAttempt: uri('reject_as_wrong_password') });
    const user = await createUser();
    const answer = async (email: string, password: string) => {
      const { data, error } = await auth.client().auth.signInWithPassword({ email, password });
      return {
        session: data.session !== null,
        status: error?.status,
        code: error?.code,
        message: error?.message,
        name: error?.name,
      };
    };
    const rejected = await answer(user.email, user.password);
    expect(rejected).toEqual(await answer(`nobody-${randomUUID()}@x.test`, 'whatever'));
    expect(rejected).toEqual({
      session: false,
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
      name: 'AuthApiError',
    });
    // The hook ran once: for the real account, never for the unknown address.
    expect(await events(user.id)).toHaveLength(1);
  });
});
