import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { client, serviceClient } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import { until } from '../contract/realtime/helpers.ts';
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
  it.each(ROLES)("let a %s listen on its own tenant channel but not on another tenant's", async (role) => {
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
    const channel = member.client.channel(`tenant:${member.tenantId}:cars`, {
      config: { private: true, broadcast: { ack: true } },
    });
    await new Promise<void>((resolve) => channel.subscribe((state) => state === 'SUBSCRIBED' && resolve()));
    const result = await channel.send({ type: 'broadcast', event: 'forged', payload: {} }, { timeout: 2_000 });
    expect(result).toBe('timed out');
    await member.client.removeChannel(channel);
  });
});

/** Runs SQL as the platform superuser (what an admin screen or the service role would change). */
async function asAdmin<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** A new driver of hjem-is working in `depoId`, signed in. */
async function newDriver(tenantId: string, depoId: number): Promise<{ id: string; client: SupabaseClient }> {
  const email = `driver-${randomUUID().slice(0, 8)}@revocation.test`;
  const password = `pw-${randomUUID()}`;
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const id = created.data.user.id;
  await asAdmin(async (db) => {
    await db.query('begin');
    await db.query(`insert into public.tenant_memberships (tenant_id, user_id, role) values ($1, $2, 'driver')`, [
      tenantId,
      id,
    ]);
    await db.query('insert into public.membership_depos (tenant_id, user_id, depo_id) values ($1, $2, $3)', [
      tenantId,
      id,
      depoId,
    ]);
    await db.query('commit');
  });
  const driverClient = client();
  const signedIn = await driverClient.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  await driverClient.realtime.setAuth();
  return { id, client: driverClient };
}

interface Watched {
  channel: RealtimeChannel;
  heard: number[];
  system: Array<{ status: string; message: string }>;
  closed: () => boolean;
}

/** Joins a private depo channel, recording broadcasts, system messages and whether it closed. */
async function watch(supabase: SupabaseClient, topic: string): Promise<Watched> {
  const heard: number[] = [];
  const system: Array<{ status: string; message: string }> = [];
  let closed = false;
  const channel = supabase
    .channel(topic, { config: { private: true } })
    .on('broadcast', { event: 'ping' }, (message) => heard.push((message.payload as { n: number }).n))
    .on('system', {}, (payload: { status: string; message: string }) => system.push(payload));
  channel.subscribe((state) => {
    if (state === 'CLOSED') closed = true;
  });
  await until('the join', () => (channel.state === 'joined' ? true : undefined), 10_000);
  return { channel, heard, system, closed: () => closed };
}

const ping = (topic: string, n: number) =>
  asAdmin((db) => db.query(`select realtime.send(jsonb_build_object('n', $1::int), 'ping', $2, true)`, [n, topic]));

describe('revoking access to private Realtime channels', () => {
  it('stops a driver receiving a depo channel within seconds of the membership being deactivated', async () => {
    const admin = members.get('admin')!;
    const depoId = admin.depoIds[0]!;
    const topic = `depo:${depoId}:revocation-${randomUUID().slice(0, 8)}`;
    const driver = await newDriver(admin.tenantId, depoId);
    try {
      const watched = await watch(driver.client, topic);
      await ping(topic, 1);
      await until('the driver to hear the first message', () => (watched.heard.includes(1) ? true : undefined));

      await asAdmin((db) =>
        db.query(`update public.tenant_memberships set status = 'inactive' where user_id = $1`, [driver.id]),
      );
      await until('the channel to be shut down', () => (watched.closed() ? true : undefined), 5_000);
      expect(watched.system).toContainEqual(
        expect.objectContaining({
          status: 'error',
          message: `You do not have permissions to read from this Channel topic: ${topic}`,
        }),
      );
      await ping(topic, 2);
      // Delivery is in commit order: a message sent after this one reaching a listener proves the 2nd went out.
      const observer = await watch(admin.client, topic);
      await ping(topic, 3);
      await until('a member still to hear the channel', () => (observer.heard.includes(3) ? true : undefined));
      expect(watched.heard).toEqual([1]);
      await admin.client.removeChannel(observer.channel);
    } finally {
      await driver.client.removeAllChannels();
    }
  });

  it('shuts only the channel of the depo a driver was moved away from', async () => {
    const admin = members.get('admin')!;
    const [fromDepo, toDepo] = admin.depoIds as [number, number];
    const suffix = randomUUID().slice(0, 8);
    const driver = await newDriver(admin.tenantId, fromDepo);
    try {
      const tenantChannel = await watch(driver.client, `tenant:${admin.tenantId}:revocation-${suffix}`);
      const depoChannel = await watch(driver.client, `depo:${fromDepo}:revocation-${suffix}`);

      await asAdmin((db) =>
        // depo_id is fixed once written: a move is the old depo row out and the new one in, in one statement.
        db.query(
          `with moved_out as (delete from public.membership_depos where user_id = $2 and depo_id = $3 returning tenant_id, user_id)
           insert into public.membership_depos (tenant_id, user_id, depo_id) select tenant_id, user_id, $1 from moved_out`,
          [toDepo, driver.id, fromDepo],
        ),
      );
      await until('the old depo channel to be shut down', () => (depoChannel.closed() ? true : undefined), 5_000);
      await ping(`tenant:${admin.tenantId}:revocation-${suffix}`, 7);
      await until('the tenant channel still to deliver', () => (tenantChannel.heard.includes(7) ? true : undefined));
      expect(tenantChannel.closed()).toBe(false);
    } finally {
      await driver.client.removeAllChannels();
    }
  });
});
