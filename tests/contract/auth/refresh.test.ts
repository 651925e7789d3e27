import { describe, expect, it } from 'vitest';
import { asAdmin, client, createUser, jwtPayload, signIn } from './auth-kit.ts';

/** Moves a refresh token's last change into the past, beyond the 10 s reuse interval. */
function ageToken(token: string, seconds: number): Promise<unknown> {
  return asAdmin((db) =>
    db.query(`update auth.refresh_tokens set updated_at = now() - make_interval(secs => $2) where token = $1`, [
      token,
      seconds,
    ]),
  );
}

async function refresh(refreshToken: string) {
  return client().auth.refreshSession({ refresh_token: refreshToken });
}

describe('refresh tokens (POST /token?grant_type=refresh_token)', () => {
  it('rotates: a new refresh token and a new access token for the same session', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    const { data, error } = await refresh(session.refresh_token);
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    const before = jwtPayload(session.access_token);
    const after = jwtPayload(data.session!.access_token);
    expect(after.session_id).toBe(before.session_id);
    expect(after.sub).toBe(user.id);
    expect(after.exp).toBeGreaterThanOrEqual(before.exp as number);
    // The session was authenticated by password; a refresh does not change that.
    expect(after.amr).toEqual(before.amr);
    expect(data.user!.id).toBe(user.id);
  });

  it('answers a repeated refresh (a lost response) with the token already issued', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    const first = await refresh(session.refresh_token);
    const again = await refresh(session.refresh_token);
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(first.data.session!.refresh_token);
  });

  it('treats reuse of an older token after the reuse interval as theft: already_used, and the session is revoked', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    const second = await refresh(session.refresh_token);
    const third = await refresh(second.data.session!.refresh_token);
    expect(third.error).toBeNull();

    await ageToken(session.refresh_token, 60);
    const stolen = await refresh(session.refresh_token);
    expect(stolen.error?.status).toBe(400);
    expect(stolen.error?.code).toBe('refresh_token_already_used');
    expect(stolen.error?.message).toBe('Invalid Refresh Token: Already Used');

    // The whole session is gone: its newest refresh token and its access token no longer work.
    const latest = await refresh(third.data.session!.refresh_token);
    expect(latest.error?.code).toBe('refresh_token_not_found');
    const me = await client().auth.getUser(third.data.session!.access_token);
    expect(me.error?.name).toBe('AuthSessionMissingError');
  });

  it('still accepts an older token within the reuse interval (concurrent tabs)', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    const second = await refresh(session.refresh_token);
    await refresh(second.data.session!.refresh_token);
    const late = await refresh(session.refresh_token);
    expect(late.error).toBeNull();
    expect(jwtPayload(late.data.session!.access_token).sub).toBe(user.id);
  });

  it('answers an unknown refresh token with refresh_token_not_found', async () => {
    const { error } = await refresh('abcdefghijkl');
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
  });

  it('refuses to refresh for a banned user', async () => {
    const user = await createUser();
    const { session } = await signIn(user);
    await asAdmin((db) =>
      db.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [user.id]),
    );
    const { error } = await refresh(session.refresh_token);
    expect(error?.code).toBe('user_banned');
  });
});
