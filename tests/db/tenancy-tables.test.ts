import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { demoMember, ROLES, type AppRole, type DemoMember } from './roles.ts';

const members = new Map<AppRole, DemoMember>();
let foreignAdmin: DemoMember;

beforeAll(async () => {
  for (const role of ROLES) members.set(role, await demoMember('hjem-is', role));
  foreignAdmin = await demoMember('den-norske-isbilen', 'admin');
}, 60_000);

describe('tenancy tables', () => {
  it('shows each member only the tenants they belong to', async () => {
    for (const member of members.values()) {
      const { data } = await member.client.from('tenants').select('slug');
      expect(data).toEqual([{ slug: 'hjem-is' }]);
    }
    const { data } = await client().from('tenants').select('slug');
    expect(data).toBeNull();
  });

  it('lets nobody but an admin change a tenant, and only their own', async () => {
    const support = members.get('support')!;
    const changed = await support.client.from('tenants').update({ name: 'Hacked' }).eq('slug', 'hjem-is').select();
    expect(changed.data).toEqual([]);
    const foreign = await foreignAdmin.client.from('tenants').update({ name: 'Hacked' }).eq('slug', 'hjem-is').select();
    expect(foreign.data).toEqual([]);
  });

  it('lets admins and depo admins read the memberships of their tenant; support and drivers only their own', async () => {
    for (const role of ROLES) {
      const { data } = await members.get(role)!.client.from('tenant_memberships').select('user_id, tenant_id');
      if (role === 'admin' || role === 'depo_admin') expect(data!.length).toBeGreaterThan(10);
      else expect(data).toHaveLength(1);
      for (const row of data!) expect(row.tenant_id).toBe(members.get('admin')!.tenantId);
    }
  });

  it('lets members write memberships only where they manage them (tests/contract/functions/admin/admin-users-identity.test.ts has the rest)', async () => {
    const admin = members.get('admin')!;
    for (const role of ['support', 'driver'] as const) {
      const { data } = await members
        .get(role)!
        .client.from('tenant_memberships')
        .update({ status: 'inactive' })
        .eq('tenant_id', admin.tenantId)
        .select();
      expect(data).toEqual([]);
    }
    const foreign = await foreignAdmin.client
      .from('tenant_memberships')
      .update({ status: 'inactive' })
      .eq('tenant_id', admin.tenantId)
      .select();
    expect(foreign.data).toEqual([]);
    const promoted = await members
      .get('depo_admin')!
      .client.from('tenant_memberships')
      .update({ role: 'admin' })
      .eq('tenant_id', admin.tenantId)
      .select();
    expect(promoted.error?.code).toBe('42501');
    // An admin may, but the role/depo rule still holds at commit: members with depos cannot all become admins.
    const { error } = await admin.client
      .from('tenant_memberships')
      .update({ role: 'admin' })
      .eq('tenant_id', admin.tenantId)
      .select();
    expect(error?.code).toBe('23514');
  });

  it('shows staff profiles of the own tenants only', async () => {
    const { data } = await members.get('admin')!.client.from('staff_profiles').select('email');
    const emails = (data ?? []).map((r) => r.email as string);
    expect(emails).toContain('driver@hjem-is.test');
    expect(emails.some((e) => e.endsWith('@den-norske-isbilen.test'))).toBe(false);
  });

  it('lets only admins read the audit log, and nobody change it', async () => {
    for (const role of ROLES) {
      const { data } = await members.get(role)!.client.from('user_http_requests').select('id');
      if (role === 'admin') expect(data!.length).toBeGreaterThan(0);
      else expect(data).toEqual([]);
    }
    const { error } = await members.get('admin')!.client.from('user_http_requests').delete().gt('id', 0).select();
    expect(error?.code).toBe('42501');
    const { data } = await foreignAdmin.client.from('user_http_requests').select('tenant_id');
    for (const row of data ?? []) expect(row.tenant_id).toBe(foreignAdmin.tenantId);
  });
});

describe('RPC surface', () => {
  it('does not let signed-in users or anon call the auth hooks', async () => {
    const admin = members.get('admin')!;
    for (const fn of ['custom_access_token_hook', 'password_verification_attempt_hook']) {
      const asUser = await admin.client.rpc(fn, { event: {} });
      expect(asUser.error?.code).toBe('42501');
      const asAnon = await client().rpc(fn, { event: {} });
      expect(asAnon.error?.code).toBe('42501');
    }
  });

  it('does not expose the private helpers', async () => {
    const { error } = await members.get('admin')!.client.rpc('current_user_tenant_ids');
    expect(error?.code).toBe('PGRST202');
  });
});

describe('rules that data carries', () => {
  it("keeps a car's plate number once it exists, even for an admin", async () => {
    const admin = members.get('admin')!;
    const { data: car } = await admin.client.from('cars').select('id, plate_number').limit(1).single();
    const { error } = await admin.client.from('cars').update({ plate_number: 'XX 99999' }).eq('id', car!.id);
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe('Plate number cannot be changed after the car is created');
  });

  it('allows one plan event per route and one per driver on a date', async () => {
    const admin = members.get('admin')!;
    const { data: event } = await admin.client.from('plan_events').select('*').limit(1).single();
    const { data: otherCar } = await admin.client
      .from('cars')
      .select('id')
      .eq('depo_id', event!.depo_id)
      .neq('id', event!.car_id)
      .limit(1)
      .single();
    const duplicate = await admin.client.from('plan_events').insert({
      tenant_id: event!.tenant_id,
      depo_id: event!.depo_id,
      date: event!.date,
      route_id: event!.route_id,
      user_id: event!.user_id,
      car_id: otherCar!.id,
    });
    expect(duplicate.error?.code).toBe('23505');
  });

  // The demo world has end-of-day reports and started trips whatever the day (tests/db/demo-world-invariants.ts).
  it('refuses negative amounts on end-of-day reports', async () => {
    const admin = members.get('admin')!;
    const { data: report } = await admin.client.from('end_of_day_reports').select('id').limit(1).single();
    const { error } = await admin.client.from('end_of_day_reports').update({ edited_cash: -1 }).eq('id', report!.id);
    expect(error?.code).toBe('23514');
  });

  it('refuses deleting a plan event that has started', async () => {
    const admin = members.get('admin')!;
    const { data: started } = await admin.client
      .from('plan_events')
      .select('id')
      .not('started_at', 'is', null)
      .limit(1)
      .single();
    const { error } = await admin.client.from('plan_events').delete().eq('id', started!.id);
    expect(error?.message).toBe("You can't destory because, plan event has already started");
  });
});
