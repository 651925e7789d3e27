import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { DATA_LOCK_WAIT_MS } from '../support/data-lock.ts';
import { demoMember, type AppRole, type DemoMember } from './roles.ts';
import { adminDb, makeSmsWorld, pauseCronDispatcher, type SmsWorld } from './sms-world.ts';

// Stopping a plan event's SMS and sending a template or custom text to its customers (migration
// 20261124050200_sms_staff_actions.sql), as each role of the plan event's depo, another depo and another tenant.

let db: pg.Client;
let resumeCron: () => Promise<void>;
let w: SmsWorld;
const members = new Map<string, DemoMember>();
let templateId: number;
let foreignTemplateId: number;
let customerIds: number[] = [];

beforeAll(async () => {
  db = await adminDb();
  resumeCron = await pauseCronDispatcher(db);
  w = await makeSmsWorld(db);
  await w.setEstimate(120);
  customerIds = [];
  for (let i = 0; i < 3; i++) customerIds.push((await w.subscribe()).customerId);
  for (const role of ['admin', 'depo_admin', 'support', 'driver'] as AppRole[])
    members.set(role, await demoMember('hjem-is', role));
  members.set('foreign admin', await demoMember('den-norske-isbilen', 'admin'));
  templateId = Number(
    (
      await db.query(
        `select st.id from public.sms_templates st join public.tenants t on t.id = st.tenant_id where t.slug = 'hjem-is' order by st.id limit 1`,
      )
    ).rows[0].id,
  );
  foreignTemplateId = Number(
    (
      await db.query(
        `select st.id from public.sms_templates st join public.tenants t on t.id = st.tenant_id where t.slug = 'den-norske-isbilen' order by st.id limit 1`,
      )
    ).rows[0].id,
  );
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  await w.remove();
  await resumeCron();
  await db.end();
});

const outbox = async (kind: string) =>
  (
    await db.query(`select * from public.sms_outbox where plan_event_id = $1 and kind = $2 order by customer_id`, [
      w.planEventId,
      kind,
    ])
  ).rows as Array<Record<string, unknown>>;

describe('sending a template to selected customers of a plan event', () => {
  it('schedules one SMS per customer, says how many, and a repeated request adds none', async () => {
    const depoAdmin = members.get('depo_admin')!;
    const requestKey = randomUUID();
    const args = {
      plan_event_id: w.planEventId,
      sms_template_id: templateId,
      selected_customer_ids: customerIds.slice(0, 2),
      request_key: requestKey,
    };
    const first = await depoAdmin.client.rpc('send_stop_sms', args);
    expect(first.error).toBeNull();
    expect(first.data).toBe('You successfully scheduled 2 SMS sending');
    const again = await depoAdmin.client.rpc('send_stop_sms', args);
    expect(again.data).toBe('You successfully scheduled 2 SMS sending');
    const sent = await outbox('template');
    expect(sent).toHaveLength(2);
    // The local provider sent them at once, each with the customer's tracking link.
    expect(sent.every((o) => o.status === 'sent')).toBe(true);
    expect(String(sent[0].text)).toContain(`/dk/${w.stopUuid}?c=`);
  });

  it('sends a custom text as support', async () => {
    const { data, error } = await members.get('support')!.client.rpc('send_custom_sms', {
      plan_event_id: w.planEventId,
      text: 'The truck is 20 minutes late today.',
      selected_customer_ids: [customerIds[2]],
      request_key: randomUUID(),
    });
    expect(error).toBeNull();
    expect(data).toBe('You successfully scheduled 1 SMS sending');
    expect(String((await outbox('custom'))[0].text)).toMatch(/^The truck is 20 minutes late today\. http/);
  });

  it("refuses a driver, another tenant, another tenant's template and customers who are not on the plan event", async () => {
    const args = {
      plan_event_id: w.planEventId,
      sms_template_id: templateId,
      selected_customer_ids: [customerIds[0]],
      request_key: randomUUID(),
    };
    for (const who of ['driver', 'foreign admin']) {
      const { data, error } = await members.get(who)!.client.rpc('send_stop_sms', args);
      expect(data).toBeNull();
      expect(error?.message).toBe('You are not allowed to send SMS for this plan event');
    }
    const admin = members.get('admin')!.client;
    expect((await admin.rpc('send_stop_sms', { ...args, sms_template_id: foreignTemplateId })).error?.message).toBe(
      'The SMS template was not found',
    );
    const stranger = (
      await db.query(`select id from public.customers where tenant_id = $1 and id <> all ($2::bigint[]) limit 1`, [
        w.tenantId,
        customerIds,
      ])
    ).rows[0].id;
    expect(
      (await admin.rpc('send_stop_sms', { ...args, selected_customer_ids: [Number(stranger)] })).error?.message,
    ).toBe('Some selected customers do not get SMS for this plan event');
    const anon = await client().rpc('send_stop_sms', args);
    expect(anon.error?.code).toBe('42501');
  });
});

describe('stopping the SMS of a plan event', () => {
  it("refuses drivers, other tenants and a depo the member does not work in, with the spec's words", async () => {
    for (const who of ['driver', 'foreign admin']) {
      const { error } = await members.get(who)!.client.rpc('stop_sending_sms', { plan_event_id: w.planEventId });
      expect(error?.message).toBe('You are not allowed to stop sms sendout for this plan event');
    }
    // A plan event in a depo the depo admin does not have.
    const depoAdmin = members.get('depo_admin')!;
    const otherDepo = (
      await db.query(
        `select id from public.depos where tenant_id = $1 and id <> all ($2::bigint[]) order by id limit 1`,
        [w.tenantId, depoAdmin.depoIds],
      )
    ).rows[0];
    if (otherDepo) {
      const {
        rows: [pe],
      } = await db.query(`select id from public.plan_events where depo_id = $1 limit 1`, [otherDepo.id]);
      const { error } = await depoAdmin.client.rpc('stop_sending_sms', { plan_event_id: Number(pe.id) });
      expect(error?.message).toBe('You are not allowed to stop sms sendout for this plan event');
    }
    expect(
      (await db.query(`select sms_stopped_at from public.plan_events where id = $1`, [w.planEventId])).rows[0]
        .sms_stopped_at,
    ).toBeNull();
  });

  it('stops the SMS not yet sent, for an admin, and nothing more goes to its customers', async () => {
    const { data, error } = await members
      .get('admin')!
      .client.rpc('stop_sending_sms', { plan_event_id: w.planEventId });
    expect(error).toBeNull();
    expect(data).toBe(3);
    const { rows } = await db.query(
      `select r.sms_stopped_at from public.sms_receivers r where r.plan_event_route_point_id = $1`,
      [w.stopId],
    );
    expect(rows.every((r) => r.sms_stopped_at !== null)).toBe(true);
    // Nothing more can be sent to its customers.
    const { data: none } = await members.get('admin')!.client.rpc('send_custom_sms', {
      plan_event_id: w.planEventId,
      text: 'Hello',
      selected_customer_ids: [customerIds[0]],
      request_key: randomUUID(),
    });
    expect(none).toBe('You successfully scheduled 0 SMS sending');
  });
});
