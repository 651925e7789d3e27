import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_LOCK_WAIT_MS } from '../support/data-lock.ts';
import { demoMember, type AppRole, type DemoMember } from './roles.ts';
import { adminDb, makeSmsWorld, pauseCronDispatcher, type SmsWorld } from './sms-world.ts';

// SMS customers of a plan event and of a day in a depo (migration 20261128020000_sms_customers.sql): the list with
// its skip reasons, who may read it and who may act on it, the confirm's count and a custom send that a repeated
// request does not send twice, and Stop SMS once.

const NOT_FOUND = 'Not found';
const STOP_REFUSED = 'You are not allowed to stop sms sendout for this plan event';
const SEND_REFUSED = 'You are not allowed to send SMS for this plan event';

let db: pg.Client;
let resumeCron: () => Promise<void>;
let w: SmsWorld;
let date: string;
const members = new Map<string, DemoMember>();
const customers = {} as Record<
  'sent' | 'noPermission' | 'pending',
  { customerId: number; customerUuid: string; receiverId: number }
>;
let templateId: number;

interface Row {
  id: number;
  customer_id: number;
  plan_event_id: number;
  phone_number: string;
  route_name: string;
  stop_address: string;
  sms_sent_at: string | null;
  sms_sent_skipped_at: string | null;
  reason_of_sms_skip: string | null;
  full_description_of_sms_skip: string | null;
  sms_stopped_at: string | null;
  sms_demo_link: string;
}
interface ListAnswer {
  plan_event: {
    id: number;
    can_be_stopped: boolean;
    can_send_custom_sms: boolean;
    sms_stopped_at: string | null;
    stops: unknown[];
  };
  customers: Row[];
}

const member = (who: string) => members.get(who)!.client;
const list = (who: string, planEventId: number, slug = 'hjem-is') =>
  member(who).rpc('plan_event_sms_customers', { tenant_slug: slug, plan_event_id: planEventId });
const rowOf = (answer: ListAnswer, customerId: number) =>
  answer.customers.find((row) => row.customer_id === customerId);

beforeAll(async () => {
  db = await adminDb();
  resumeCron = await pauseCronDispatcher(db);
  w = await makeSmsWorld(db);
  await w.setEstimate(120);
  customers.sent = await w.subscribe();
  customers.noPermission = await w.subscribe({ smsPermission: false });
  customers.pending = await w.subscribe();
  // The first two are due: one goes out, the other is skipped for want of permission.
  await w.makeDue([customers.sent.receiverId, customers.noPermission.receiverId]);
  await db.query('select app_private.sms_dispatch_locally(500)');
  date = (
    await db.query<{ date: string }>(`select date::text as date from public.plan_events where id = $1`, [w.planEventId])
  ).rows[0].date;
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
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  for (const m of members.values()) await m.client.auth.signOut({ scope: 'local' });
  await w.remove();
  await resumeCron();
  await db.end();
});

describe('the SMS customers of a plan event', () => {
  it('lists every receiver with its SMS state, skip reasons and tracking link', async () => {
    const { data, error } = await list('depo_admin', w.planEventId);
    expect(error).toBeNull();
    const answer = data as ListAnswer;
    expect(answer.customers).toHaveLength(3);
    expect(answer.plan_event.stops).toHaveLength(1);
    const sent = rowOf(answer, customers.sent.customerId)!;
    expect(sent.sms_sent_at).not.toBeNull();
    expect(sent.reason_of_sms_skip).toBeNull();
    expect(sent.route_name).toBe('SMS test route');
    expect(sent.stop_address).toBe('Testvej 1');
    expect(sent.sms_demo_link).toBe(`/dk/${w.stopUuid}?c=${customers.sent.customerUuid}`);
    const skipped = rowOf(answer, customers.noPermission.customerId)!;
    expect(skipped.sms_sent_at).toBeNull();
    expect(skipped.sms_sent_skipped_at).not.toBeNull();
    expect(skipped.reason_of_sms_skip).toBe('no_sms_permission');
    expect(skipped.full_description_of_sms_skip).toBe('the customer has no SMS permission');
    const pending = rowOf(answer, customers.pending.customerId)!;
    expect([pending.sms_sent_at, pending.sms_sent_skipped_at, pending.sms_stopped_at]).toEqual([null, null, null]);
  });

  it('is read by every role of the depo; only those who may stop or send see it offered', async () => {
    for (const role of ['admin', 'depo_admin', 'support']) {
      const { data, error } = await list(role, w.planEventId);
      expect(error, role).toBeNull();
      expect((data as ListAnswer).plan_event).toMatchObject({ can_be_stopped: true, can_send_custom_sms: true });
    }
    const { data, error } = await list('driver', w.planEventId);
    expect(error).toBeNull();
    expect((data as ListAnswer).customers).toHaveLength(3);
    expect((data as ListAnswer).plan_event).toMatchObject({ can_be_stopped: false, can_send_custom_sms: false });
  });

  it("answers Not found for another tenant, another tenant's slug, a depo the member does not work in and a forged id", async () => {
    expect((await list('foreign admin', w.planEventId, 'den-norske-isbilen')).error?.message).toBe(NOT_FOUND);
    expect((await list('foreign admin', w.planEventId)).error?.message).toBe(NOT_FOUND);
    expect((await list('admin', w.planEventId, 'den-norske-isbilen')).error?.message).toBe(NOT_FOUND);
    expect((await list('admin', 9_000_000_000)).error?.message).toBe(NOT_FOUND);
    const depoAdmin = members.get('depo_admin')!;
    const {
      rows: [other],
    } = await db.query<{ id: string }>(
      `select pe.id from public.plan_events pe where pe.tenant_id = $1 and pe.depo_id <> all ($2::bigint[]) order by pe.id limit 1`,
      [w.tenantId, depoAdmin.depoIds],
    );
    expect(other, 'hjem-is has a plan event in a depo the depo admin does not work in').toBeDefined();
    expect((await list('depo_admin', Number(other.id))).error?.message).toBe(NOT_FOUND);
    expect((await list('depo_admin', Number(other.id))).data).toBeNull();
  });
});

describe('all SMS customers of a day in a depo', () => {
  const day = (who: string, depoId: number, on: string, slug = 'hjem-is') =>
    member(who).rpc('weekday_sms_customers', { tenant_slug: slug, depo_id: depoId, day: on });

  it('lists the customers of every plan event of that day, for every role of the depo', async () => {
    for (const role of ['admin', 'depo_admin', 'support', 'driver']) {
      const { data, error } = await day(role, w.depoId, date);
      expect(error, role).toBeNull();
      const answer = data as { plan_event_ids: number[]; customers: Row[] };
      expect(answer.plan_event_ids).toContain(w.planEventId);
      expect(answer.customers.filter((row) => row.plan_event_id === w.planEventId)).toHaveLength(3);
    }
    // The day after has none of them.
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const { data } = await day('admin', w.depoId, next);
    expect((data as { customers: Row[] }).customers.filter((row) => row.plan_event_id === w.planEventId)).toEqual([]);
  });

  it('answers Not found for another tenant and for a depo the member does not work in', async () => {
    expect((await day('foreign admin', w.depoId, date)).error?.message).toBe(NOT_FOUND);
    expect((await day('foreign admin', w.depoId, date, 'den-norske-isbilen')).error?.message).toBe(NOT_FOUND);
    const {
      rows: [otherDepo],
    } = await db.query<{ id: string }>(
      `select id from public.depos where tenant_id = $1 and id <> all ($2::bigint[]) order by id limit 1`,
      [w.tenantId, members.get('depo_admin')!.depoIds],
    );
    expect((await day('depo_admin', Number(otherDepo.id), date)).error?.message).toBe(NOT_FOUND);
  });
});

describe('custom SMS from the list', () => {
  it("offers the tenant's templates to those who may send, not to drivers or another tenant", async () => {
    const { data, error } = await member('support').rpc('plan_event_sms_templates', { plan_event_id: w.planEventId });
    expect(error).toBeNull();
    expect((data as Array<{ id: number }>).map((t) => t.id)).toContain(templateId);
    for (const who of ['driver', 'foreign admin']) {
      const refused = await member(who).rpc('plan_event_sms_templates', { plan_event_id: w.planEventId });
      expect(refused.error?.message, who).toBe(SEND_REFUSED);
    }
  });

  it('counts on the server what a send schedules, and a repeated request sends once', async () => {
    const selected = [customers.sent.customerId, customers.noPermission.customerId, customers.pending.customerId];
    const count = await member('depo_admin').rpc('sms_send_count', {
      plan_event_id: w.planEventId,
      selected_customer_ids: selected,
    });
    expect(count.error).toBeNull();
    // The customer without SMS permission gets nothing.
    expect(count.data).toBe(2);
    expect(
      (await member('driver').rpc('sms_send_count', { plan_event_id: w.planEventId, selected_customer_ids: selected }))
        .error?.message,
    ).toBe(SEND_REFUSED);

    const args = {
      plan_event_id: w.planEventId,
      sms_template_id: templateId,
      selected_customer_ids: selected,
      request_key: randomUUID(),
    };
    const [first, second] = await Promise.all([
      member('depo_admin').rpc('send_stop_sms', args),
      member('depo_admin').rpc('send_stop_sms', args),
    ]);
    expect(first.data).toBe('You successfully scheduled 2 SMS sending');
    expect(second.data).toBe('You successfully scheduled 2 SMS sending');
    const { rows } = await db.query(
      `select customer_id, status from public.sms_outbox where plan_event_id = $1 and kind = 'template' order by customer_id`,
      [w.planEventId],
    );
    expect(rows.map((r) => Number(r.customer_id))).toEqual(
      [customers.sent.customerId, customers.pending.customerId].sort((a, b) => a - b),
    );
    expect(rows.every((r) => r.status === 'sent')).toBe(true);

    const refused = await member('driver').rpc('send_stop_sms', { ...args, request_key: randomUUID() });
    expect(refused.error?.message).toBe(SEND_REFUSED);
  });

  it('refuses a huge selection', async () => {
    const huge = Array.from({ length: 10_001 }, (_, i) => i + 1);
    const { error } = await member('admin').rpc('sms_send_count', {
      plan_event_id: w.planEventId,
      selected_customer_ids: huge,
    });
    expect(error?.message).toBe('Too many customers selected');
  });
});

describe('Stop SMS from the list', () => {
  it('is refused to drivers and another tenant; stops once; then the list offers neither stop nor send', async () => {
    for (const who of ['driver', 'foreign admin']) {
      expect((await member(who).rpc('stop_sending_sms', { plan_event_id: w.planEventId })).error?.message, who).toBe(
        STOP_REFUSED,
      );
    }
    const stopped = await member('support').rpc('stop_sending_sms', { plan_event_id: w.planEventId });
    expect(stopped.error).toBeNull();
    // Only the pending customer was still to be sent.
    expect(stopped.data).toBe(1);
    const answer = (await list('admin', w.planEventId)).data as ListAnswer;
    expect(answer.plan_event).toMatchObject({ can_be_stopped: false, can_send_custom_sms: false });
    expect(answer.plan_event.sms_stopped_at).not.toBeNull();
    expect(rowOf(answer, customers.pending.customerId)!.sms_stopped_at).not.toBeNull();
    // can_be_stopped is false: the database refuses a second stop too.
    expect((await member('admin').rpc('stop_sending_sms', { plan_event_id: w.planEventId })).error?.message).toBe(
      STOP_REFUSED,
    );
    expect(
      (
        await member('admin').rpc('sms_send_count', {
          plan_event_id: w.planEventId,
          selected_customer_ids: [customers.pending.customerId],
        })
      ).data,
    ).toBe(0);
  });
});
