import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { sleep, subscribeOutcome, subscribed, until } from '../contract/realtime/helpers.ts';
import { demoMember, type DemoMember } from './roles.ts';

// Live lists: a change to a listed table is broadcast by the database on depo:<id>:<table> or
// tenant:<id>:<table> (migration 20261122021100_live_list_broadcasts.sql).

interface Change {
  event: string;
  payload: {
    operation: string;
    table: string;
    record: Record<string, unknown> | null;
    old_record: Record<string, unknown> | null;
  };
}

let depoAdmin: DemoMember;
let admin: DemoMember;
let driver: DemoMember;
let foreignAdmin: DemoMember;

async function listen(member: DemoMember, topic: string, got: Change[]): Promise<RealtimeChannel> {
  return subscribed(
    member.client
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, (message) => got.push(message as unknown as Change)),
  );
}

async function setRealtimeToken(member: DemoMember): Promise<void> {
  const { data } = await member.client.auth.getSession();
  await member.client.realtime.setAuth(data.session!.access_token);
}

beforeAll(async () => {
  [depoAdmin, admin, driver, foreignAdmin] = await Promise.all([
    demoMember('hjem-is', 'depo_admin'),
    demoMember('hjem-is', 'admin'),
    demoMember('hjem-is', 'driver'),
    demoMember('den-norske-isbilen', 'admin'),
  ]);
  await Promise.all([depoAdmin, admin, driver, foreignAdmin].map(setRealtimeToken));
});

afterAll(async () => {
  for (const member of [depoAdmin, admin, driver, foreignAdmin]) {
    await member?.client.removeAllChannels();
    await member?.client.auth.signOut({ scope: 'local' });
  }
});

describe('live lists over private Realtime channels', () => {
  it("delivers a car changed by one user to another user listening on the depo's cars topic", async () => {
    const depoId = depoAdmin.depoIds[0];
    const topic = `depo:${depoId}:cars`;
    const got: Change[] = [];
    const channel = await listen(depoAdmin, topic, got);

    const { data: car } = await admin.client
      .from('cars')
      .select('id, mobile_number')
      .eq('depo_id', depoId)
      .limit(1)
      .single();
    const mobile = `+4599${String(Date.now()).slice(-6)}`;
    const { error } = await admin.client.from('cars').update({ mobile_number: mobile }).eq('id', car!.id);
    expect(error).toBeNull();
    try {
      const change = await until('the car update', () => got.find((c) => c.payload.record?.mobile_number === mobile));
      expect(change).toMatchObject({
        event: 'UPDATE',
        payload: {
          operation: 'UPDATE',
          table: 'cars',
          record: { id: car!.id, depo_id: depoId },
          old_record: { mobile_number: car!.mobile_number },
        },
      });
    } finally {
      await admin.client.from('cars').update({ mobile_number: car!.mobile_number }).eq('id', car!.id);
      await depoAdmin.client.removeChannel(channel);
    }
  });

  it("moves the cars' latest locations live when the GPS feed reports positions, in one message for the depo", async () => {
    const depoId = depoAdmin.depoIds[0];
    const got: Change[] = [];
    const channel = await listen(depoAdmin, `depo:${depoId}:cars`, got);
    const { data: cars } = await serviceClient()
      .from('cars')
      .select('id, tenant_id')
      .eq('depo_id', depoId)
      .order('id')
      .limit(2);
    expect(cars).toHaveLength(2);
    const lat = Math.round((55 + Math.random()) * 1e6) / 1e6;
    const recordedAt = new Date().toISOString();
    const { error } = await serviceClient()
      .from('car_positions')
      .insert(
        cars!.map((car, i) => ({
          tenant_id: car.tenant_id,
          car_id: car.id,
          depo_id: depoId,
          recorded_at: recordedAt,
          lat,
          lng: 12.5 + i / 100,
        })),
      );
    expect(error).toBeNull();
    // One 'locations' message for the depo's moved cars (not a row change per car).
    const message = await until('the new locations', () =>
      got.find(
        (c) =>
          c.event === 'locations' &&
          (c.payload as unknown as { cars: Array<{ latest_location_lat: number }> }).cars.some(
            (m) => m.latest_location_lat === lat,
          ),
      ),
    );
    const moved = message.payload as unknown as { table: string; cars: Array<Record<string, unknown>> };
    expect(moved.table).toBe('cars');
    expect(moved.cars.filter((m) => m.latest_location_lat === lat)).toEqual(
      cars!.map((car, i) =>
        expect.objectContaining({
          id: car.id,
          latest_location_lng: 12.5 + i / 100,
          latest_location_updated_at: expect.any(String),
        }),
      ),
    );
    expect(got.filter((c) => c.event === 'UPDATE' && c.payload.record?.latest_location_lat === lat)).toEqual([]);
    await depoAdmin.client.removeChannel(channel);
  });

  it('refuses the cars topic of a depo to a member of another tenant', async () => {
    const topic = `depo:${depoAdmin.depoIds[0]}:cars`;
    const outcome = await subscribeOutcome(foreignAdmin.client.channel(topic, { config: { private: true } }));
    expect(outcome).toEqual({
      status: 'CHANNEL_ERROR',
      reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    });
    await foreignAdmin.client.removeAllChannels();
  });

  it("keeps the audit log's topic for admins, as its RLS does, and announces new audit rows there", async () => {
    const topic = `tenant:${admin.tenantId}:user_http_requests`;
    const refused = await subscribeOutcome(driver.client.channel(topic, { config: { private: true } }));
    expect(refused.status).toBe('CHANNEL_ERROR');
    await driver.client.removeAllChannels();

    const got: Change[] = [];
    const channel = await listen(admin, topic, got);
    const name = `Live ${Date.now()}`;
    const { data: created, error } = await admin.client
      .from('sms_templates')
      .insert({ tenant_id: admin.tenantId, name, text: 'Hello' })
      .select()
      .single();
    expect(error).toBeNull();
    // The app never deletes templates (no client grant): the test's row goes as the service role.
    await serviceClient().from('sms_templates').delete().eq('id', created!.id);
    const audit = await until('the audit row', () =>
      got.find(
        (c) =>
          c.event === 'INSERT' &&
          (c.payload.record?.params as { rows?: Array<{ name?: string }> })?.rows?.[0]?.name === name,
      ),
    );
    expect(audit.payload.record).toMatchObject({
      controller: 'sms_templates',
      action: 'insert',
      method: 'POST',
      status: 201,
    });
    await admin.client.removeChannel(channel);
  });

  it('announces tenant-level tables on the tenant topic to every member', async () => {
    const topic = `tenant:${driver.tenantId}:sms_templates`;
    const got: Change[] = [];
    const channel = await listen(driver, topic, got);
    const name = `Tenant topic ${Date.now()}`;
    const { data: created } = await admin.client
      .from('sms_templates')
      .insert({ tenant_id: admin.tenantId, name, text: 'Hi' })
      .select()
      .single();
    // The app never deletes templates (no client grant): the test's row goes as the service role.
    await serviceClient().from('sms_templates').delete().eq('id', created!.id);
    await until('insert and delete', () =>
      got.filter((c) => (c.payload.record ?? c.payload.old_record)?.name === name).length === 2 ? true : undefined,
    );
    expect(got.filter((c) => (c.payload.record ?? c.payload.old_record)?.name === name).map((c) => c.event)).toEqual([
      'INSERT',
      'DELETE',
    ]);
    await sleep(50);
    await driver.client.removeChannel(channel);
  });
});
