import { randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOnce, LOCAL_OUTBOX_PROVIDER } from '../../edge-functions/_shared/sms/dispatcher.ts';
import { rpcOutboxStore } from '../../edge-functions/_shared/sms/outbox-store.ts';
import { DATA_LOCK_WAIT_MS } from '../support/data-lock.ts';
import { stackInfo } from '../support/stack-info.ts';
import { danishMobile } from '../support/phones.ts';
import { demoMember, type AppRole, type DemoMember } from './roles.ts';
import { adminDb, makeSmsWorld, pauseCronDispatcher, serviceRpc, type SmsWorld } from './sms-world.ts';

// Issue 24 items 3, 4 and 13 (migrations 20261202100000..20261202100200): SMS goes only to mobile numbers of the
// tenant's countries and within its daily budget; the engine's rows are written only by the engine; a staff
// SMS send is audited and its outbox rows carry the sender.

let db: pg.Client;
let resumeCron: () => Promise<void>;
const worlds: SmsWorld[] = [];
const members = new Map<string, DemoMember>();
const store = rpcOutboxStore(serviceRpc);
const premiumDanish = () => `+4590${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

beforeAll(async () => {
  db = await adminDb();
  resumeCron = await pauseCronDispatcher(db);
  for (const role of ['admin', 'support'] as AppRole[]) members.set(role, await demoMember('hjem-is', role));
}, DATA_LOCK_WAIT_MS);

afterAll(async () => {
  for (const member of members.values()) await member.client.auth.signOut({ scope: 'local' });
  for (const world of worlds) await world.remove();
  await resumeCron();
  await db.end();
});

async function world() {
  const made = await makeSmsWorld(db);
  worlds.push(made);
  await made.setEstimate(120);
  return made;
}

const tenantIdOf = async (slug: string) =>
  String((await db.query<{ id: string }>('select id from public.tenants where slug = $1', [slug])).rows[0].id);
const refusal = async (phone: string, slug: string) =>
  (
    await db.query<{ refusal: string | null }>('select app_private.sms_destination_refusal($1, $2) as refusal', [
      phone,
      await tenantIdOf(slug),
    ])
  ).rows[0].refusal;
const receiver = async (id: number) =>
  (await db.query(`select * from public.sms_receivers where id = $1`, [id])).rows[0] as Record<string, unknown>;
const outboxOf = async (planEventId: number) =>
  (await db.query(`select * from public.sms_outbox where plan_event_id = $1 order by id`, [planEventId])).rows as Array<
    Record<string, unknown>
  >;
const userIdOf = async (member: DemoMember) => (await member.client.auth.getUser()).data.user!.id;

describe('SMS destinations', () => {
  it("lets SMS go only to mobile numbers of the tenant's countries, never to premium or special ranges", async () => {
    expect(await refusal('+4521107919', 'hjem-is')).toBeNull();
    expect(await refusal('+4590123456', 'hjem-is')).toBe('refused_destination'); // premium rate
    expect(await refusal('+4580123456', 'hjem-is')).toBe('refused_destination'); // toll free
    expect(await refusal('+88212345678', 'hjem-is')).toBe('refused_destination'); // international network
    expect(await refusal('+88312345678', 'hjem-is')).toBe('refused_destination');
    expect(await refusal('+4791234567', 'hjem-is')).toBe('refused_destination'); // Norway is not hjem-is's
    expect(await refusal('+4791234567', 'den-norske-isbilen')).toBeNull();
    expect(await refusal('+4741234567', 'den-norske-isbilen')).toBeNull();
    expect(await refusal('+4721234567', 'den-norske-isbilen')).toBe('refused_destination'); // fixed line
    expect(await refusal('+4782012345', 'den-norske-isbilen')).toBe('refused_destination'); // premium rate
    expect(await refusal('+4521107919', 'den-norske-isbilen')).toBe('refused_destination');
  });

  it('the dispatcher skips a receiver with a premium number, with the reason, and sends it nothing', async () => {
    const w = await world();
    const premium = await w.subscribe({ phone: premiumDanish() });
    const mobile = await w.subscribe({ phone: danishMobile() });
    await w.makeDue([premium.receiverId, mobile.receiverId]);
    await dispatchOnce({ store, providerFor: () => LOCAL_OUTBOX_PROVIDER });

    expect(await receiver(premium.receiverId)).toMatchObject({
      reason_of_sms_skip: 'refused_destination',
      full_description_of_sms_skip: 'the number is not a mobile number of a country the tenant sends SMS to',
    });
    expect((await receiver(premium.receiverId)).sms_sent_at).toBeNull();
    const outbox = await outboxOf(w.planEventId);
    expect(outbox.map((o) => [o.customer_id, o.status])).toEqual([[String(mobile.customerId), 'sent']]);
  });

  it('the outbox fails a message to a refused number whatever wrote it, so no dispatcher ever claims it', async () => {
    const w = await world();
    const {
      rows: [row],
    } = await db.query<{ status: string; error: string }>(
      `insert into public.sms_outbox (tenant_id, depo_id, dedup_key, kind, plan_event_id, phone, text)
       values ($1, $2, $3, 'custom', $4, '+88212345678', 'Hello') returning status::text, error`,
      [w.tenantId, w.depoId, `test:${randomUUID()}`, w.planEventId],
    );
    expect(row).toEqual({
      status: 'failed',
      error: 'Not sent: the number is not a mobile number of a country this tenant sends SMS to',
    });
  });

  it('public-subscribe refuses a premium, a foreign and an international-network number, and stores nothing', async () => {
    const {
      rows: [stop],
    } = await db.query<{ id: number; lat: number; lng: number }>(
      `select rp.id::int as id, rp.lat, rp.lng from public.route_points rp join public.tenants t on t.id = rp.tenant_id
        where t.slug = 'hjem-is' and rp.deleted_at is null and rp.lat is not null order by rp.id limit 1`,
    );
    for (const phone of [premiumDanish(), '+4791234567', '+88212345678']) {
      const response = await fetch(`${stackInfo().apiUrl}/functions/v1/public-subscribe`, {
        method: 'POST',
        headers: {
          apikey: stackInfo().anonKey,
          authorization: `Bearer ${stackInfo().anonKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          site: 'dk',
          route_point_id: stop.id,
          phone,
          lat: stop.lat,
          lng: stop.lng,
          captcha_token: 'local-captcha-pass',
        }),
      });
      expect({ phone, status: response.status, body: await response.json() }).toMatchObject({
        phone,
        status: 422,
        body: { error: 'refused_destination' },
      });
      expect((await db.query('select 1 from public.customers where phone = $1', [phone])).rowCount).toBe(0);
    }
  });

  it('staff cannot store a customer whose number SMS may not go to, and can store a mobile number', async () => {
    const support = members.get('support')!;
    const premium = await support.client
      .from('customers')
      .insert({ tenant_id: support.tenantId, phone: premiumDanish() })
      .select('id');
    expect(premium.error?.message).toBe(
      'The phone number must be a mobile number of a country this tenant sends SMS to',
    );
    // The customer form shows the sentence under the phone field.
    expect(premium.error?.hint).toBe('phone');
    const phone = danishMobile();
    const mobile = await support.client.from('customers').insert({ tenant_id: support.tenantId, phone }).select('id');
    expect(mobile.error).toBeNull();
    await db.query('delete from public.customers where phone = $1', [phone]);
  });

  it('admins choose the countries and the budget; support may not change them', async () => {
    const admin = members.get('admin')!;
    const support = members.get('support')!;
    const before = (
      await db.query('select sms_destination_countries, sms_daily_budget from public.tenants where slug = $1', [
        'hjem-is',
      ])
    ).rows[0];
    try {
      const changed = await admin.client
        .from('tenants')
        .update({ sms_destination_countries: ['DK', 'SE'], sms_daily_budget: 1500 })
        .eq('slug', 'hjem-is')
        .select('sms_destination_countries, sms_daily_budget');
      expect(changed.error).toBeNull();
      expect(changed.data).toEqual([{ sms_destination_countries: ['DK', 'SE'], sms_daily_budget: 1500 }]);
      expect(await refusal('+46701234567', 'hjem-is')).toBeNull();
      const refused = await support.client
        .from('tenants')
        .update({ sms_daily_budget: 1_000_000 })
        .eq('slug', 'hjem-is')
        .select('sms_daily_budget');
      expect(refused.data ?? []).toEqual([]);
    } finally {
      await db.query(
        'update public.tenants set sms_destination_countries = $2, sms_daily_budget = $3 where slug = $1',
        ['hjem-is', before.sms_destination_countries, before.sms_daily_budget],
      );
    }
  });
});

describe('daily SMS budget', () => {
  it('holds what is over the budget in the outbox (queued, not lost) and tells the tenant; a higher budget sends it', async () => {
    const w = await world();
    const first = await w.subscribe();
    const second = await w.subscribe();
    const { rows } = await db.query<{ budget: number; spent: number }>(
      `select t.sms_daily_budget as budget, app_private.sms_spent_today(t.id) as spent from public.tenants t where t.id = $1`,
      [w.tenantId],
    );
    const { budget, spent } = rows[0];
    try {
      // Room for exactly one more SMS today.
      await db.query('update public.tenants set sms_daily_budget = $2 where id = $1', [w.tenantId, spent + 1]);
      await w.makeDue([first.receiverId, second.receiverId]);
      await dispatchOnce({ store, providerFor: () => LOCAL_OUTBOX_PROVIDER });
      const held = await outboxOf(w.planEventId);
      expect(held.map((o) => o.status).sort()).toEqual(['queued', 'sent']);

      const today = await members.get('support')!.client.rpc('sms_budget_today', { tenant_slug: 'hjem-is' });
      expect(today.error).toBeNull();
      expect(today.data).toEqual([{ daily_budget: spent + 1, spent_today: spent + 1, held: expect.any(Number) }]);
      expect((today.data as Array<{ held: number }>)[0].held).toBeGreaterThanOrEqual(1);

      await db.query('update public.tenants set sms_daily_budget = $2 where id = $1', [w.tenantId, budget]);
      await dispatchOnce({ store, providerFor: () => LOCAL_OUTBOX_PROVIDER });
      expect((await outboxOf(w.planEventId)).map((o) => o.status)).toEqual(['sent', 'sent']);
    } finally {
      await db.query('update public.tenants set sms_daily_budget = $2 where id = $1', [w.tenantId, budget]);
    }
  });

  it('another tenant cannot read the budget', async () => {
    const foreign = await demoMember('den-norske-isbilen', 'admin');
    const { error } = await foreign.client.rpc('sms_budget_today', { tenant_slug: 'hjem-is' });
    expect(error?.message).toBe('Not found');
    await foreign.client.auth.signOut({ scope: 'local' });
  });
});

describe('the engine owns its rows', () => {
  it('support cannot write receivers or subscriptions over REST', async () => {
    const w = await world();
    const support = members.get('support')!;
    expect(support.depoIds).toContain(w.depoId);
    const { customerId } = await w.subscribe();
    const receiverPost = await support.client.from('sms_receivers').insert({
      tenant_id: w.tenantId,
      customer_id: customerId,
      plan_event_route_point_id: w.stopId,
      depo_id: w.depoId,
    });
    expect(receiverPost.error?.code).toBe('42501');
    const subscriptionPost = await support.client
      .from('stop_subscriptions')
      .insert({ tenant_id: w.tenantId, customer_id: customerId, route_point_id: w.routePointId, depo_id: w.depoId });
    expect(subscriptionPost.error?.code).toBe('42501');
    const moved = await support.client
      .from('sms_receivers')
      .update({ sms_should_send_at: new Date().toISOString() })
      .eq('customer_id', customerId);
    expect(moved.error?.code).toBe('42501');
  });

  it('send_custom_sms refuses a receiver the engine did not make (no subscription behind it)', async () => {
    const w = await world();
    const {
      rows: [forged],
    } = await db.query<{ id: string }>(`insert into public.customers (tenant_id, phone) values ($1, $2) returning id`, [
      w.tenantId,
      danishMobile(),
    ]);
    // A row written by hand (as a client could before this change): a receiver without a subscription.
    await db.query(
      `insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id) values ($1, $2, $3, $4)`,
      [w.tenantId, forged.id, w.stopId, w.depoId],
    );
    try {
      const { data, error } = await members.get('support')!.client.rpc('send_custom_sms', {
        plan_event_id: w.planEventId,
        text: 'Win a prize, call now',
        selected_customer_ids: [Number(forged.id)],
        request_key: randomUUID(),
      });
      expect(data).toBeNull();
      expect(error?.message).toBe('Some selected customers do not get SMS for this plan event');
      expect(await outboxOf(w.planEventId)).toEqual([]);
    } finally {
      await db.query('delete from public.customers where id = $1', [forged.id]);
    }
  });

  it('a custom SMS is audited once and each outbox row records its sender from the session', async () => {
    const w = await world();
    const support = members.get('support')!;
    const { customerId } = await w.subscribe();
    const requestKey = randomUUID();
    const args = {
      plan_event_id: w.planEventId,
      text: 'The truck is late today.',
      selected_customer_ids: [customerId],
      request_key: requestKey,
    };
    expect((await support.client.rpc('send_custom_sms', args)).data).toBe('You successfully scheduled 1 SMS sending');
    // A repeated request (double click) sends nothing new and is not a second audited send.
    expect((await support.client.rpc('send_custom_sms', args)).data).toBe('You successfully scheduled 1 SMS sending');

    const supportId = await userIdOf(support);
    expect((await outboxOf(w.planEventId)).map((o) => [o.kind, o.sent_by])).toEqual([['custom', supportId]]);
    const { rows: audit } = await db.query(
      `select user_id, url, controller, action, method, params from public.user_http_requests
        where controller = 'send_custom_sms' and params ->> 'request_key' = $1`,
      [requestKey],
    );
    expect(audit).toEqual([
      {
        user_id: supportId,
        url: '/rest/v1/rpc/send_custom_sms',
        controller: 'send_custom_sms',
        action: 'insert',
        method: 'POST',
        params: {
          table: 'sms_outbox',
          row_count: 1,
          plan_event_id: w.planEventId,
          kind: 'custom',
          text: 'The truck is late today.',
          customer_ids: [customerId],
          request_key: requestKey,
        },
      },
    ]);
  });
});
