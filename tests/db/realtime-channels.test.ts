import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client } from '../support/clients.ts';
import { demoMember, ROLES, type AppRole, type DemoMember } from './roles.ts';

// Private channels follow the same tenancy as the tables: `tenant:<uuid>:<area>` for members of that
// tenant, `depo:<id>:<area>` for members working in that depo (admins: every depo of their tenant).

const members = new Map<AppRole, DemoMember>();
let foreignAdmin: DemoMember;

beforeAll(async () => {
  for (const role of ROLES) members.set(role, await demoMember('hjem-is', role));
  foreignAdmin = await demoMember('den-norske-isbilen', 'admin');
}, 60_000);

afterAll(async () => {
  for (const member of [...members.values(), foreignAdmin]) await member.client.removeAllChannels();
});

/** Joins a private channel and reports how the server answered. */
async function join(supabase: SupabaseClient, topic: string): Promise<'SUBSCRIBED' | 'CHANNEL_ERROR'> {
  await supabase.realtime.setAuth();
  const channel = supabase.channel(topic, { config: { private: true } });
  const status = await new Promise<'SUBSCRIBED' | 'CHANNEL_ERROR'>((resolve) => {
    channel.subscribe((state) => {
      if (state === 'SUBSCRIBED' || state === 'CHANNEL_ERROR') resolve(state);
    });
  });
  await supabase.removeChannel(channel);
  return status;
}

describe('private Realtime channels', () => {
  it.each(ROLES)('let a %s listen on its own tenant channel but not on another tenant\'s', async (role) => {
    const member = members.get(role)!;
    expect(await join(member.client, `tenant:${member.tenantId}:cars`)).toBe('SUBSCRIBED');
    expect(await join(member.client, `tenant:${foreignAdmin.tenantId}:cars`)).toBe('CHANNEL_ERROR');
  });

  it.each(ROLES)('let a %s listen only on the depos it works in', async (role) => {
    const member = members.get(role)!;
    const admin = members.get('admin')!;
    for (const depoId of admin.depoIds) {
      const expected = member.depoIds.includes(depoId) ? 'SUBSCRIBED' : 'CHANNEL_ERROR';
      expect(await join(member.client, `depo:${depoId}:cars`), `depo ${depoId}`).toBe(expected);
    }
    expect(await join(member.client, `depo:${foreignAdmin.depoIds[0]}:cars`)).toBe('CHANNEL_ERROR');
  });

  it('refuses anon on every private tenant and depo channel', async () => {
    const anon = client();
    expect(await join(anon, `tenant:${members.get('admin')!.tenantId}:cars`)).toBe('CHANNEL_ERROR');
    expect(await join(anon, `depo:${members.get('admin')!.depoIds[0]}:cars`)).toBe('CHANNEL_ERROR');
  });

  it('lets no member send on a tenant channel: only the database broadcasts there', async () => {
    const member = members.get('admin')!;
    await member.client.realtime.setAuth();
    const channel = member.client.channel(`tenant:${member.tenantId}:cars`, { config: { private: true, broadcast: { ack: true } } });
    await new Promise<void>((resolve) => channel.subscribe((state) => state === 'SUBSCRIBED' && resolve()));
    const result = await channel.send({ type: 'broadcast', event: 'forged', payload: {} }, { timeout: 2_000 });
    expect(result).toBe('timed out');
    await member.client.removeChannel(channel);
  });
});
