// Issue 7 §2: a user's e-mail, password and name are global, so only someone who manages every membership the
// user has may change them; the membership in the caller's tenant stays theirs to manage.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, client } from '../../../support/clients.ts';
import { stackInfo } from '../../../support/stack-info.ts';
import {
  canSignIn,
  depoIdsOf,
  failureOf,
  makeStaffUser,
  removeStaffUsers,
  signIn,
  tenantIdOf,
  userIdOf,
} from './support/staff-users.ts';

interface UserJson {
  id: string;
  email: string;
  first_name: string;
  role: string;
  status: string;
  depo_ids: number[];
  identity_editable?: boolean;
}

const IDENTITY_LOCKED = /cannot change their e-mail, password or name/;

let hjemAdmin: SupabaseClient;
let hjemDepoAdmin: SupabaseClient;
let twoTenantsAdmin: SupabaseClient;
let hjemDepos: number[];
let depoAdminDepos: number[];
let norwayDepos: number[];
const tenantIds: Record<string, string> = {};

function patch(as: SupabaseClient, userId: string, user: unknown, tenant = 'hjem-is') {
  return as.functions.invoke<UserJson>(`admin-users?tenant=${tenant}&id=${userId}`, {
    method: 'PATCH',
    body: { user },
  });
}

function show(as: SupabaseClient, userId: string, tenant = 'hjem-is') {
  return as.functions.invoke<UserJson>(`admin-users?tenant=${tenant}&id=${userId}`, { method: 'GET' });
}

async function profileOf(userId: string) {
  return asPostgres(
    async (db) =>
      (
        await db.query<{ email: string; first_name: string }>(
          'select email, first_name from public.staff_profiles where user_id = $1',
          [userId],
        )
      ).rows[0],
  );
}

async function membershipsOf(userId: string) {
  return asPostgres(
    async (db) =>
      (
        await db.query<{ slug: string; role: string; status: string; depo_ids: number[] }>(
          `select t.slug, m.role, m.status,
            array(select d.depo_id::int from public.membership_depos d where d.tenant_id = m.tenant_id and d.user_id = m.user_id order by 1) as depo_ids
       from public.tenant_memberships m join public.tenants t on t.id = m.tenant_id where m.user_id = $1 order by t.slug`,
          [userId],
        )
      ).rows,
  );
}

async function identityAudit(userId: string) {
  return asPostgres(
    async (db) =>
      (
        await db.query<{ slug: string; user_email: string; params: { changed: string[] }; method: string }>(
          `select t.slug, u.email as user_email, r.params, r.method
       from public.user_http_requests r join public.tenants t on t.id = r.tenant_id left join auth.users u on u.id = r.user_id
      where r.action = 'change_identity' and r.params -> 'user' ->> 'id' = $1 order by t.slug`,
          [userId],
        )
      ).rows,
  );
}

beforeAll(async () => {
  [hjemAdmin, hjemDepoAdmin, twoTenantsAdmin] = await Promise.all([
    signIn('admin@hjem-is.test'),
    signIn('depo-admin@hjem-is.test'),
    signIn('two-tenants@demo.test'),
  ]);
  [hjemDepos, norwayDepos] = await Promise.all([depoIdsOf('hjem-is'), depoIdsOf('den-norske-isbilen')]);
  depoAdminDepos = await asPostgres(async (db) =>
    (
      await db.query<{ depo_id: string }>(
        `select md.depo_id from public.membership_depos md join auth.users u on u.id = md.user_id
      where u.email = 'depo-admin@hjem-is.test' order by 1`,
      )
    ).rows.map((r) => Number(r.depo_id)),
  );
  for (const slug of ['hjem-is', 'den-norske-isbilen', 'romania']) tenantIds[slug] = await tenantIdOf(slug);
});

afterAll(async () => {
  await removeStaffUsers();
});

describe('admin-users: identity of users who work elsewhere too', () => {
  it('refuses admin@hjem-is the password and e-mail of two-tenants@demo.test; the old password still signs in', async () => {
    const target = await userIdOf('two-tenants@demo.test');
    const password = await failureOf(
      await patch(hjemAdmin, target, { password: 'taken-over-1', password_confirmation: 'taken-over-1' }),
    );
    expect(password.status).toBe(403);
    expect(password.body.error).toMatch(IDENTITY_LOCKED);
    const email = await failureOf(await patch(hjemAdmin, target, { email: 'attacker@evil.test' }));
    expect(email.status).toBe(403);

    expect(await canSignIn('two-tenants@demo.test', stackInfo().demoPassword)).toBe(true);
    expect(await canSignIn('two-tenants@demo.test', 'taken-over-1')).toBe(false);
    expect(await canSignIn('attacker@evil.test', stackInfo().demoPassword)).toBe(false);
    expect((await profileOf(target)).email).toBe('two-tenants@demo.test');
  });

  it('refuses an admin the identity of their driver who is an admin in another tenant, and shows it read-only', async () => {
    const target = await makeStaffUser('norway-admin', [
      { tenant: 'den-norske-isbilen', role: 'admin' },
      { tenant: 'hjem-is', role: 'driver', depoIds: [hjemDepos[0]] },
    ]);
    const { data: shown } = await show(hjemAdmin, target.id);
    expect(shown).toMatchObject({ id: target.id, email: target.email, role: 'driver', identity_editable: false });

    for (const change of [
      { password: 'taken-over-1', password_confirmation: 'taken-over-1' },
      { email: `x-${target.email}` },
      { first_name: 'Renamed' },
    ]) {
      const refused = await failureOf(await patch(hjemAdmin, target.id, change));
      expect(refused).toEqual({
        status: 403,
        body: expect.objectContaining({ error: expect.stringMatching(IDENTITY_LOCKED) }),
      });
    }
    expect(await canSignIn(target.email, target.password)).toBe(true);
    expect(await profileOf(target.id)).toEqual({ email: target.email, first_name: 'Ida' });
    expect(await identityAudit(target.id)).toEqual([]);
  });

  it('refuses depo-admin@hjem-is the take-over of a romania admin who drives in their depo', async () => {
    const target = await makeStaffUser('romania-admin', [
      { tenant: 'romania', role: 'admin' },
      { tenant: 'hjem-is', role: 'driver', depoIds: [depoAdminDepos[0]] },
    ]);
    const refused = await failureOf(
      await patch(hjemDepoAdmin, target.id, { password: 'taken-over-1', password_confirmation: 'taken-over-1' }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(IDENTITY_LOCKED);
    const email = await failureOf(await patch(hjemDepoAdmin, target.id, { email: `x-${target.email}` }));
    expect(email.status).toBe(403);
    expect(await canSignIn(target.email, target.password)).toBe(true);
    expect(await canSignIn(target.email, 'taken-over-1')).toBe(false);
    expect(await membershipsOf(target.id)).toEqual([
      { slug: 'hjem-is', role: 'driver', status: 'active', depo_ids: [depoAdminDepos[0]] },
      { slug: 'romania', role: 'admin', status: 'active', depo_ids: [] },
    ]);
  });

  it('refuses a depo admin the identity of another depo admin who also runs a depo that is not theirs', async () => {
    const notTheirs = hjemDepos.find((id) => !depoAdminDepos.includes(id))!;
    const target = await makeStaffUser('depo-admin-elsewhere', [
      { tenant: 'hjem-is', role: 'depo_admin', depoIds: [depoAdminDepos[0], notTheirs] },
    ]);
    const refused = await failureOf(
      await patch(hjemDepoAdmin, target.id, { password: 'taken-over-1', password_confirmation: 'taken-over-1' }),
    );
    expect(refused.status).toBe(403);
    expect(await canSignIn(target.email, target.password)).toBe(true);
  });

  it('still lets the admin manage the membership in their own tenant (role, depo, status), leaving the rest alone', async () => {
    const target = await makeStaffUser('shared-driver', [
      { tenant: 'den-norske-isbilen', role: 'admin' },
      { tenant: 'hjem-is', role: 'driver', depoIds: [hjemDepos[0]] },
    ]);
    // A name the caller could not fix (blank, as two-tenants@demo.test's last name) does not block the membership.
    await asPostgres((db) =>
      db.query(`update public.staff_profiles set last_name = '' where user_id = $1`, [target.id]),
    );
    // The form sends the identity fields unchanged: that is no identity change.
    const { data, error } = await patch(hjemAdmin, target.id, {
      first_name: 'Ida',
      last_name: '',
      email: target.email,
      role: 'support',
      depo_id: hjemDepos[1],
      status: 'inactive',
      axapta_code: 'AX-9',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      role: 'support',
      depo_ids: [hjemDepos[1]],
      status: 'inactive',
      email: target.email,
      identity_editable: false,
    });
    expect(await membershipsOf(target.id)).toEqual([
      { slug: 'den-norske-isbilen', role: 'admin', status: 'active', depo_ids: [] },
      { slug: 'hjem-is', role: 'support', status: 'inactive', depo_ids: [hjemDepos[1]] },
    ]);
    expect(await canSignIn(target.email, target.password)).toBe(true);
  });

  it('lets a depo admin move their own driver between their depos, but not make them an admin', async () => {
    const target = await makeStaffUser('own-driver', [
      { tenant: 'hjem-is', role: 'driver', depoIds: [depoAdminDepos[0]] },
    ]);
    const moved = await patch(hjemDepoAdmin, target.id, { depo_id: depoAdminDepos[1] });
    expect(moved.error).toBeNull();
    expect(moved.data?.depo_ids).toEqual([depoAdminDepos[1]]);
    const promoted = await failureOf(await patch(hjemDepoAdmin, target.id, { role: 'admin', depo_id: null }));
    expect(promoted).toEqual({
      status: 403,
      body: expect.objectContaining({ error: 'Only an admin can manage admins.' }),
    });
    expect((await membershipsOf(target.id))[0]).toMatchObject({ role: 'driver', depo_ids: [depoAdminDepos[1]] });
  });
});

describe('admin-users: identity changes by someone with authority over every membership', () => {
  it('lets admin@hjem-is change password, e-mail and name of a user who works only for hjem-is, and a depo admin those of their own driver', async () => {
    const target = await makeStaffUser('only-hjem', [
      { tenant: 'hjem-is', role: 'driver', depoIds: [depoAdminDepos[0]] },
    ]);
    const newEmail = `moved-${target.email}`;
    const { data, error } = await patch(hjemAdmin, target.id, {
      email: newEmail,
      first_name: 'Ines',
      password: 'changed-123',
      password_confirmation: 'changed-123',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ email: newEmail, first_name: 'Ines', identity_editable: true });
    expect(await canSignIn(newEmail, 'changed-123')).toBe(true);
    expect(await profileOf(target.id)).toEqual({ email: newEmail, first_name: 'Ines' });

    const byDepoAdmin = await patch(hjemDepoAdmin, target.id, {
      password: 'changed-456',
      password_confirmation: 'changed-456',
    });
    expect(byDepoAdmin.error).toBeNull();
    expect(await canSignIn(newEmail, 'changed-456')).toBe(true);
  });

  it('lets an admin of both tenants change a two-tenant user, and audits it in every tenant of the user', async () => {
    const target = await makeStaffUser('both', [
      { tenant: 'hjem-is', role: 'driver', depoIds: [hjemDepos[0]] },
      { tenant: 'den-norske-isbilen', role: 'support', depoIds: [norwayDepos[0]] },
    ]);
    expect((await show(hjemAdmin, target.id)).data?.identity_editable).toBe(false);
    expect((await show(twoTenantsAdmin, target.id)).data?.identity_editable).toBe(true);

    const { error } = await patch(twoTenantsAdmin, target.id, {
      password: 'changed-789',
      password_confirmation: 'changed-789',
      first_name: 'Ingrid',
    });
    expect(error).toBeNull();
    expect(await canSignIn(target.email, 'changed-789')).toBe(true);

    const rows = await identityAudit(target.id);
    expect(rows).toEqual([
      {
        slug: 'den-norske-isbilen',
        user_email: 'two-tenants@demo.test',
        method: 'PATCH',
        params: expect.objectContaining({ changed: ['password', 'name'] }),
      },
      {
        slug: 'hjem-is',
        user_email: 'two-tenants@demo.test',
        method: 'PATCH',
        params: expect.objectContaining({ changed: ['password', 'name'] }),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('changed-789');
  });
});

describe('admin-users: attacks', () => {
  it('does not find users of another tenant by id, and refuses direct database calls the same way', async () => {
    const foreign = await makeStaffUser('foreign', [{ tenant: 'romania', role: 'admin' }]);
    expect((await failureOf(await show(hjemAdmin, foreign.id))).status).toBe(404);
    expect(
      (
        await failureOf(
          await patch(hjemAdmin, foreign.id, { password: 'taken-over-1', password_confirmation: 'taken-over-1' }),
        )
      ).status,
    ).toBe(404);
    // The function's own tenant check: naming the user's tenant does not help a non-member.
    expect((await failureOf(await patch(hjemAdmin, foreign.id, { password: 'taken-over-1' }, 'romania'))).status).toBe(
      403,
    );

    // Straight to the database with the admin's own token: the same rules.
    expect((await hjemAdmin.rpc('can_change_user_identity', { target: foreign.id })).data).toBe(false);
    const pulledIn = await hjemAdmin.rpc('save_tenant_membership', {
      p_tenant_id: tenantIds['hjem-is'],
      p_user_id: foreign.id,
      p_role: 'driver',
      p_status: 'active',
      p_depo_ids: [hjemDepos[0]],
    });
    expect(pulledIn.error?.code).toBe('42501');
    const intoRomania = await hjemAdmin.rpc('save_tenant_membership', {
      p_tenant_id: tenantIds.romania,
      p_user_id: foreign.id,
      p_role: 'driver',
      p_status: 'active',
      p_depo_ids: [],
    });
    expect(intoRomania.error?.code).toBe('42501');
    const profile = await hjemAdmin.rpc('record_user_identity_change', {
      p_user_id: foreign.id,
      p_first_name: 'Hacked',
      p_last_name: 'x',
      p_changed: ['name'],
      p_url: '/x',
      p_method: 'PATCH',
    });
    expect(profile.error?.code).toBe('42501');
    const inserted = await hjemAdmin
      .from('tenant_memberships')
      .insert({ tenant_id: tenantIds['hjem-is'], user_id: foreign.id, role: 'admin' });
    expect(inserted.error?.code).toBe('42501');
    // A depo admin cannot hand themselves a depo that is not theirs, nor make themselves an admin.
    const notTheirs = hjemDepos.find((id) => !depoAdminDepos.includes(id))!;
    const depoAdminId = await userIdOf('depo-admin@hjem-is.test');
    const grabbed = await hjemDepoAdmin
      .from('membership_depos')
      .insert({ tenant_id: tenantIds['hjem-is'], user_id: depoAdminId, depo_id: notTheirs });
    expect(grabbed.error?.code).toBe('42501');
    const selfPromoted = await hjemDepoAdmin
      .from('tenant_memberships')
      .update({ role: 'admin' })
      .eq('user_id', depoAdminId)
      .select();
    expect(selfPromoted.error?.code).toBe('42501');
    const demoted = await hjemAdmin
      .from('tenant_memberships')
      .update({ status: 'inactive' })
      .eq('user_id', foreign.id)
      .select();
    expect(demoted.data).toEqual([]);
    expect(await membershipsOf(foreign.id)).toEqual([
      { slug: 'romania', role: 'admin', status: 'active', depo_ids: [] },
    ]);
    expect(await profileOf(foreign.id)).toEqual({ email: foreign.email, first_name: 'Ida' });
    expect(await canSignIn(foreign.email, foreign.password)).toBe(true);
  });

  it('answers malformed and huge bodies with 4xx, never 500', async () => {
    const target = await makeStaffUser('malformed', [{ tenant: 'hjem-is', role: 'driver', depoIds: [hjemDepos[0]] }]);
    const { accessToken } = { accessToken: (await hjemAdmin.auth.getSession()).data.session!.access_token };
    const raw = (query: string, body: string, method = 'PATCH') =>
      fetch(`${stackInfo().apiUrl}/functions/v1/admin-users?tenant=hjem-is${query}`, {
        method,
        body,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          apikey: stackInfo().anonKey,
          'Content-Type': 'application/json',
        },
      });
    const cases: [string, string, string][] = [
      ['not json', `&id=${target.id}`, '{"user": '],
      ['an array', `&id=${target.id}`, '[1, 2]'],
      ['null', `&id=${target.id}`, 'null'],
      ['a string user', `&id=${target.id}`, '{"user": "admin"}'],
      [
        'nested objects',
        `&id=${target.id}`,
        JSON.stringify({ user: { first_name: { $ne: 1 }, depo_ids: 'all', role: ['admin'] } }),
      ],
      ['a bad id', '&id=not-a-uuid', '{"user": {}}'],
      ['a huge e-mail', `&id=${target.id}`, JSON.stringify({ user: { email: `${'a'.repeat(600_000)}@x.test` } })],
      ['a huge name', `&id=${target.id}`, JSON.stringify({ user: { first_name: 'n'.repeat(600_000) } })],
      [
        'a huge password',
        `&id=${target.id}`,
        JSON.stringify({ user: { password: 'p'.repeat(600_000), password_confirmation: 'p'.repeat(600_000) } }),
      ],
      [
        'many depos',
        `&id=${target.id}`,
        JSON.stringify({ user: { role: 'depo_admin', depo_ids: Array.from({ length: 60_000 }, (_, i) => i + 1) } }),
      ],
      ['a body over the limit', `&id=${target.id}`, JSON.stringify({ user: { axapta_code: 'x'.repeat(2_000_000) } })],
      [
        'a huge create',
        '',
        JSON.stringify({
          user: { email: `${'b'.repeat(300_000)}@x.test`, first_name: 'A', last_name: 'B', role: 'admin' },
        }),
      ],
    ];
    for (const [name, query, body] of cases) {
      const response = await raw(query, body, query === '' ? 'POST' : 'PATCH');
      await response.body?.cancel();
      expect.soft(response.status, name).toBeGreaterThanOrEqual(400);
      expect.soft(response.status, name).toBeLessThan(500);
    }
    expect(await membershipsOf(target.id)).toEqual([
      { slug: 'hjem-is', role: 'driver', status: 'active', depo_ids: [hjemDepos[0]] },
    ]);
    expect(await canSignIn(target.email, target.password)).toBe(true);
    // Signed out: refused before anything is read.
    expect(
      (
        await failureOf(
          await client().functions.invoke(`admin-users?tenant=hjem-is&id=${target.id}`, {
            method: 'PATCH',
            body: { user: {} },
          }),
        )
      ).status,
    ).toBe(401);
  });
});
