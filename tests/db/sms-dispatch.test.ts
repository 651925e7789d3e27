import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dispatchOnce,
  LOCAL_OUTBOX_PROVIDER,
  type RemoteSmsProvider,
} from '../../edge-functions/_shared/sms/dispatcher.ts';
import { rpcOutboxStore } from '../../edge-functions/_shared/sms/outbox-store.ts';
import { DATA_LOCK_WAIT_MS } from '../support/data-lock.ts';
import { adminDb, makeSmsWorld, pauseCronDispatcher, randomPhone, serviceRpc, type SmsWorld } from './sms-world.ts';

// SMS before arrival (migrations 2026112405*): subscriptions make receivers, send times follow the estimate,
// the dispatcher skips with reasons, sends each SMS exactly once through races and crashes, and re-notifies once.

let db: pg.Client;
let resumeCron: () => Promise<void>;
const worlds: SmsWorld[] = [];
const store = rpcOutboxStore(serviceRpc);
const local = () => LOCAL_OUTBOX_PROVIDER;

beforeAll(async () => {
  db = await adminDb();
  resumeCron = await pauseCronDispatcher(db);
}, DATA_LOCK_WAIT_MS);
afterAll(async () => {
  for (const world of worlds) await world.remove();
  await resumeCron();
  await db.end();
});

async function world(stops = 1) {
  const made = await makeSmsWorld(db, stops);
  worlds.push(made);
  return made;
}

const receiver = async (id: number) =>
  (await db.query(`select * from public.sms_receivers where id = $1`, [id])).rows[0] as Record<string, unknown>;
const outboxOf = async (planEventId: number) =>
  (await db.query(`select * from public.sms_outbox where plan_event_id = $1 order by id`, [planEventId])).rows as Array<
    Record<string, unknown>
  >;

describe('subscriptions and send times', () => {
  it('gives a subscriber a receiver on every upcoming visit of the stop, also on visits planned later', async () => {
    const w = await world();
    const { customerId, receiverId } = await w.subscribe();
    expect(receiverId).toBeGreaterThan(0);
    // A second plan event visiting the same route point, planned after the subscription.
    const {
      rows: [second],
    } = await db.query<{ id: string }>(
      `
      insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, google_estimate_time)
      select tenant_id, plan_event_id, route_point_id, depo_id, 2, google_estimate_time + interval '1 hour'
        from public.plan_event_route_points where id = $1 returning id`,
      [w.stopId],
    );
    const { rows } = await db.query(
      `select 1 from public.sms_receivers where customer_id = $1 and plan_event_route_point_id = $2`,
      [customerId, second.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('sends at the estimate minus the depo lead time, and follows the estimate when it moves', async () => {
    const w = await world();
    await db.query(`update public.depos set sms_lead_minutes = 20 where id = $1`, [w.depoId]);
    try {
      await w.setEstimate(120);
      const { receiverId } = await w.subscribe();
      const gap = async () =>
        Number(
          (
            await db.query<{ m: string }>(
              `
        select extract(epoch from p.google_estimate_time - r.sms_should_send_at) / 60 as m
          from public.sms_receivers r join public.plan_event_route_points p on p.id = r.plan_event_route_point_id where r.id = $1`,
              [receiverId],
            )
          ).rows[0].m,
        );
      expect(await gap()).toBeCloseTo(20, 5);
      await w.setEstimate(150);
      expect(await gap()).toBeCloseTo(20, 5);
      const {
        rows: [{ at }],
      } = await db.query<{ at: Date }>(`select sms_should_send_at as at from public.sms_receivers where id = $1`, [
        receiverId,
      ]);
      expect(Math.abs(at.getTime() - (Date.now() + 130 * 60_000))).toBeLessThan(60_000);
    } finally {
      await db.query(`update public.depos set sms_lead_minutes = 30 where id = $1`, [w.depoId]);
    }
  });

  it('skips the coming visits of a customer who unsubscribes, and gives them back on a new subscription', async () => {
    const w = await world();
    const { customerId, receiverId } = await w.subscribe();
    await db.query(`update public.stop_subscriptions set unsubscribed_at = now() where customer_id = $1`, [customerId]);
    expect(await receiver(receiverId)).toMatchObject({
      reason_of_sms_skip: 'unsubscribed',
      full_description_of_sms_skip: 'the customer unsubscribed from this stop',
    });
    await db.query(`update public.stop_subscriptions set unsubscribed_at = null where customer_id = $1`, [customerId]);
    expect(await receiver(receiverId)).toMatchObject({ reason_of_sms_skip: null, sms_sent_skipped_at: null });
  });
});

describe('the dispatcher', () => {
  it('records every skip with its reasons, the full description comma-separated', async () => {
    const w = await world();
    await w.setEstimate(60);
    const noPermission = await w.subscribe({ smsPermission: false });
    const badPhone = await w.subscribe({ phone: '+0012345678' });
    const both = await w.subscribe({ phone: '+0098765432', smsPermission: false });
    const fine = await w.subscribe();
    await w.makeDue([noPermission.receiverId, badPhone.receiverId, both.receiverId, fine.receiverId]);
    await dispatchOnce({ store, providerFor: local });

    expect(await receiver(noPermission.receiverId)).toMatchObject({
      reason_of_sms_skip: 'no_sms_permission',
      full_description_of_sms_skip: 'the customer has no SMS permission',
    });
    expect(await receiver(badPhone.receiverId)).toMatchObject({ reason_of_sms_skip: 'invalid_phone' });
    expect(await receiver(both.receiverId)).toMatchObject({
      reason_of_sms_skip: 'no_sms_permission',
      full_description_of_sms_skip: 'the customer has no SMS permission, the phone number is not valid',
    });
    const sent = await receiver(fine.receiverId);
    expect(sent.sms_sent_at).not.toBeNull();
    expect(sent.sms_sent_skipped_at).toBeNull();
    const outbox = await outboxOf(w.planEventId);
    expect(outbox.map((o) => o.customer_id)).toEqual([String(fine.customerId)]);
    expect(outbox[0]).toMatchObject({ status: 'sent', provider: 'local', kind: 'arrival' });
    expect(outbox[0].text).toContain(`/dk/${w.stopUuid}?c=${fine.customerUuid}`);
  });

  it('skips a stopped plan event, a visited stop and an arrival too close to be useful', async () => {
    const stopped = await world();
    await stopped.setEstimate(60);
    const a = await stopped.subscribe();
    await db.query(`update public.plan_events set sms_stopped_at = now() where id = $1`, [stopped.planEventId]);

    const visited = await world();
    await visited.setEstimate(60);
    const b = await visited.subscribe();
    await db.query(`update public.plan_event_route_points set point_visited = true, visited_at = now() where id = $1`, [
      visited.stopId,
    ]);

    const late = await world();
    await late.setEstimate(2);
    const c = await late.subscribe();
    await stopped.makeDue([a.receiverId, b.receiverId, c.receiverId]);
    await dispatchOnce({ store, providerFor: local });

    expect(await receiver(a.receiverId)).toMatchObject({
      reason_of_sms_skip: 'sms_stopped',
      full_description_of_sms_skip: 'SMS was stopped for this plan event',
    });
    expect(await receiver(b.receiverId)).toMatchObject({ reason_of_sms_skip: 'point_visited' });
    expect(await receiver(c.receiverId)).toMatchObject({ reason_of_sms_skip: 'too_late' });
    for (const w of [stopped, visited, late]) expect(await outboxOf(w.planEventId)).toEqual([]);
  });

  it('skips the SMS of a stop the trip skipped with its own reason, not as a visited stop', async () => {
    const skipped = await world();
    await skipped.setEstimate(60);
    const d = await skipped.subscribe();
    await db.query(`update public.plan_event_route_points set point_visited = false where id = $1`, [skipped.stopId]);
    await skipped.makeDue([d.receiverId]);
    await dispatchOnce({ store, providerFor: local });
    expect(await receiver(d.receiverId)).toMatchObject({
      reason_of_sms_skip: 'stop_skipped',
      full_description_of_sms_skip: 'the truck passed the stop without stopping',
    });
    expect(await outboxOf(skipped.planEventId)).toEqual([]);
  });

  it('sends each SMS exactly once with four dispatchers racing', async () => {
    const w = await world();
    await w.setEstimate(90);
    const receivers: number[] = [];
    for (let i = 0; i < 60; i++) receivers.push((await w.subscribe()).receiverId);
    await w.makeDue(receivers);
    const reports = await Promise.all(
      Array.from({ length: 4 }, () => dispatchOnce({ store, providerFor: local, batchSize: 7 })),
    );

    const outbox = await outboxOf(w.planEventId);
    expect(outbox).toHaveLength(60);
    expect(new Set(outbox.map((o) => o.sms_receiver_id)).size).toBe(60);
    expect(outbox.every((o) => o.status === 'sent')).toBe(true);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(60);
    // A second run finds nothing more to send.
    const again = await dispatchOnce({ store, providerFor: local });
    expect(again.claimed).toBe(0);
    expect(await outboxOf(w.planEventId)).toHaveLength(60);
  });

  it('takes over a claim whose dispatcher died before handing it over, once its lease is over', async () => {
    const w = await world();
    await w.setEstimate(90);
    const { receiverId } = await w.subscribe();
    await w.makeDue([receiverId]);
    await store.enqueueDue(500);
    // A dispatcher claims and dies.
    const dead = await store.claim(crypto.randomUUID(), 500);
    expect(dead.map((m) => m.id)).toContain(Number((await outboxOf(w.planEventId))[0].id));
    // While the lease runs, nobody else takes it.
    expect((await dispatchOnce({ store, providerFor: local })).claimed).toBe(0);
    await db.query(
      `update public.sms_outbox set claim_expires_at = now() - interval '1 second' where plan_event_id = $1`,
      [w.planEventId],
    );
    const report = await dispatchOnce({ store, providerFor: local });
    expect(report.sent).toBe(1);
    const [row] = await outboxOf(w.planEventId);
    expect(row.status).toBe('sent');
    expect((await receiver(receiverId)).sms_sent_at).not.toBeNull();
  });

  it('never resends a message handed to the provider whose outcome never came back: it becomes unknown', async () => {
    const w = await world();
    await w.setEstimate(90);
    const { receiverId } = await w.subscribe();
    await w.makeDue([receiverId]);
    await store.enqueueDue(500);
    const token = crypto.randomUUID();
    const claimed = await store.claim(token, 500);
    const mine = (await outboxOf(w.planEventId))[0];
    // Handed over, then the dispatcher is gone.
    expect(
      await store.markSubmitted(
        token,
        claimed.map((m) => m.id),
      ),
    ).toContain(Number(mine.id));
    await db.query(`update public.sms_outbox set claim_expires_at = now() - interval '1 second' where id = $1`, [
      mine.id,
    ]);

    const calls: number[] = [];
    const recording: RemoteSmsProvider = {
      name: 'recording',
      send: async (messages) => {
        calls.push(...messages.map((m) => m.id));
        return messages.map((m) => ({ id: m.id, outcome: 'sent' as const, provider: 'recording' }));
      },
    };
    await dispatchOnce({ store, providerFor: () => recording });
    expect(calls).not.toContain(Number(mine.id));
    const [after] = await outboxOf(w.planEventId);
    expect(after.status).toBe('unknown');
    // The late answer of the first dispatcher still counts, and a repeated delivery report changes nothing.
    expect(
      await store.recordResults(token, [
        { id: Number(mine.id), outcome: 'sent', provider: 'gatewayapi', provider_message_id: '777' },
      ]),
    ).toBe(1);
    const report = (status: string) =>
      serviceRpc('sms_record_delivery_report', {
        tenant_slug: 'hjem-is',
        provider_name: 'gatewayapi',
        outbox_id: Number(mine.id),
        message_id: '777',
        report_status: status,
        provider_report_status: status.toUpperCase(),
      });
    expect((await report('delivered')).data).toBe(true);
    expect((await report('delivered')).data).toBe(false);
    expect((await report('sent')).data).toBe(false);
    expect((await outboxOf(w.planEventId))[0].status).toBe('delivered');
    expect((await receiver(receiverId)).sms_sent_at).not.toBeNull();
  });

  it('sends one updated SMS when the estimate slips more than 15 minutes after the SMS, and no second one', async () => {
    const w = await world();
    await w.setEstimate(40);
    const { receiverId } = await w.subscribe();
    await w.makeDue([receiverId]);
    await dispatchOnce({ store, providerFor: local });
    expect((await outboxOf(w.planEventId)).map((o) => o.kind)).toEqual(['arrival']);

    await w.setEstimate(50); // 10 minutes: no update
    await dispatchOnce({ store, providerFor: local });
    expect(await outboxOf(w.planEventId)).toHaveLength(1);

    await w.setEstimate(60); // 20 minutes later than announced
    await dispatchOnce({ store, providerFor: local });
    await w.setEstimate(90); // slips again
    await dispatchOnce({ store, providerFor: local });
    const outbox = await outboxOf(w.planEventId);
    expect(outbox.map((o) => o.kind)).toEqual(['arrival', 'renotify']);
    // hjem-is writes Danish and its depo has no update text of its own: the built-in Danish one.
    expect(outbox[1].text).toMatch(
      /^Opdatering: Bilen er forsinket og forventes nu ved dit stop kl\. \d\d:\d\d\. http/,
    );
    expect(outbox[1].text).toContain(w.stopUuid);
  });

  it("writes the updated SMS in the customer's language, from the depo's text for it when it has one", async () => {
    const w = await world();
    await w.setEstimate(40);
    const danish = await w.subscribe();
    const norwegian = await w.subscribe();
    const english = await w.subscribe();
    await db.query(`update public.customers set locale = 'nb' where id = $1`, [norwegian.customerId]);
    await db.query(`update public.customers set locale = 'en' where id = $1`, [english.customerId]);
    const {
      rows: [{ sms_update_texts: before }],
    } = await db.query(`select sms_update_texts from public.depos where id = $1`, [w.depoId]);
    await db.query(`update public.depos set sms_update_texts = $2 where id = $1`, [
      w.depoId,
      { nb: 'Isbilen er forsinket, ny tid {time}.', da: 'Isbilen er forsinket og kommer ca. kl. {time}.' },
    ]);
    try {
      await w.makeDue([danish.receiverId, norwegian.receiverId, english.receiverId]);
      await dispatchOnce({ store, providerFor: local });
      await w.setEstimate(70);
      await dispatchOnce({ store, providerFor: local });
      const {
        rows: [{ at }],
      } = await db.query<{ at: string }>(
        `select to_char(google_estimate_time at time zone 'Europe/Copenhagen', 'HH24:MI') as at from public.plan_event_route_points where id = $1`,
        [w.stopId],
      );
      const updates = (await outboxOf(w.planEventId)).filter((o) => o.kind === 'renotify');
      const textOf = (customerId: number) => String(updates.find((o) => o.customer_id === String(customerId))?.text);
      expect(updates).toHaveLength(3);
      expect(textOf(norwegian.customerId)).toMatch(
        new RegExp(
          `^Isbilen er forsinket, ny tid ${at}\\. http.*/(dk|no)/${w.stopUuid}\\?c=${norwegian.customerUuid}$`,
        ),
      );
      expect(textOf(danish.customerId)).toMatch(
        new RegExp(`^Isbilen er forsinket og kommer ca\\. kl\\. ${at}\\. http`),
      );
      // No English text on the depo: the depo's text in the tenant's language.
      expect(textOf(english.customerId)).toMatch(
        new RegExp(`^Isbilen er forsinket og kommer ca\\. kl\\. ${at}\\. http`),
      );
    } finally {
      await db.query(`update public.depos set sms_update_texts = $2 where id = $1`, [w.depoId, before]);
    }
  });

  it("falls back to the built-in text in the customer's language when the depo has none", async () => {
    const w = await world();
    await w.setEstimate(40);
    const norwegian = await w.subscribe();
    await db.query(`update public.customers set locale = 'nb' where id = $1`, [norwegian.customerId]);
    await w.makeDue([norwegian.receiverId]);
    await dispatchOnce({ store, providerFor: local });
    await w.setEstimate(70);
    await dispatchOnce({ store, providerFor: local });
    const [update] = (await outboxOf(w.planEventId)).filter((o) => o.kind === 'renotify');
    expect(update.text).toMatch(
      /^Oppdatering: Bilen er forsinket og er nå ventet ved ditt stopp kl\. \d\d:\d\d\. http/,
    );
  });

  it("writes the arrival SMS in the customer's language and with the depo's own lead time (issue 25 item 15)", async () => {
    const w = await world();
    await db.query(`update public.depos set sms_lead_minutes = 20 where id = $1`, [w.depoId]);
    try {
      await w.setEstimate(19);
      const danish = await w.subscribe();
      const norwegian = await w.subscribe();
      await db.query(`update public.customers set locale = 'nb' where id = $1`, [norwegian.customerId]);
      await w.makeDue([danish.receiverId, norwegian.receiverId]);
      await dispatchOnce({ store, providerFor: local });
      const arrivals = (await outboxOf(w.planEventId)).filter((o) => o.kind === 'arrival');
      const textOf = (customerId: number) => String(arrivals.find((o) => o.customer_id === String(customerId))?.text);
      // hjem-is's depo text is Danish and promises the depo's lead time, not a fixed "30 minutes".
      expect(textOf(danish.customerId)).toMatch(/^Isbilen er på vej og er ved dit stop om ca\. 20 minutter\. http/);
      // A Norwegian reader of a Danish depo gets the built-in Norwegian text with the same lead time.
      expect(textOf(norwegian.customerId)).toMatch(
        /^Isbilen er på vei og er ved stoppet ditt om ca\. 20 minutter\. http/,
      );
    } finally {
      await db.query(`update public.depos set sms_lead_minutes = 30 where id = $1`, [w.depoId]);
    }
  });

  it('states on the public pages the lead time of the stop’s depo, and the range over the site', async () => {
    const w = await world();
    await db.query(`update public.depos set sms_lead_minutes = 20 where id = $1`, [w.depoId]);
    try {
      const { data: forStop } = await serviceRpc('public_sms_lead_minutes', {
        site: 'dk',
        stop_route_point_id: w.routePointId,
      });
      expect(forStop).toEqual([{ min_minutes: 20, max_minutes: 20 }]);
      const { data: forSite } = await serviceRpc('public_sms_lead_minutes', { site: 'dk' });
      expect(forSite).toEqual([{ min_minutes: 20, max_minutes: 30 }]);
    } finally {
      await db.query(`update public.depos set sms_lead_minutes = 30 where id = $1`, [w.depoId]);
    }
  });

  it('refuses a depo update text in an unknown language or of a wrong type', async () => {
    const w = await world();
    for (const texts of [{ xx: 'Hello {time}' }, { da: 42 }, { da: '' }, ['da']]) {
      await expect(
        db.query(`update public.depos set sms_update_texts = $2 where id = $1`, [w.depoId, JSON.stringify(texts)]),
      ).rejects.toThrow(/check constraint/);
    }
  });

  it('sends nothing inside an estimate save that makes SMS due: the dispatcher tick sends them', async () => {
    const w = await world();
    const receivers: number[] = [];
    for (let i = 0; i < 3; i++) receivers.push((await w.subscribe()).receiverId);
    await w.setEstimate(20); // the depo's 30-minute lead: due at once
    const { rows: due } = await db.query(
      `select id from public.sms_receivers where id = any ($1::bigint[]) and sms_should_send_at <= now() and sms_queued_at is null`,
      [receivers],
    );
    expect(due).toHaveLength(3);
    expect(await outboxOf(w.planEventId)).toEqual([]);
    await db.query('select app_private.sms_dispatch_tick()');
    const outbox = await outboxOf(w.planEventId);
    expect(outbox.map((o) => [o.kind, o.status])).toEqual([
      ['arrival', 'sent'],
      ['arrival', 'sent'],
      ['arrival', 'sent'],
    ]);
  });

  it("tells the depo's SMS sent screen once per dispatcher step, not once per message", async () => {
    const w = await world();
    await w.setEstimate(90);
    const receivers: number[] = [];
    for (let i = 0; i < 5; i++) receivers.push((await w.subscribe()).receiverId);
    await w.makeDue(receivers);
    const {
      rows: [{ since }],
    } = await db.query<{ since: Date }>('select clock_timestamp() as since');
    await dispatchOnce({ store, providerFor: local });
    const ids = (await outboxOf(w.planEventId)).map((o) => Number(o.id));
    const { rows: messages } = await db.query<{
      event: string;
      payload: { count: number; ids: number[]; table: string };
    }>(
      `
      select event, payload from realtime.messages
       where topic = $1 and inserted_at >= $2::timestamptz at time zone 'utc' and payload -> 'ids' @> $3::jsonb order by inserted_at`,
      [`depo:${w.depoId}:sms_outbox`, since, JSON.stringify(ids)],
    );
    // Written, claimed, sent: three statements over the five messages, each announced once with all five.
    expect(messages.map((m) => m.event)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    expect(messages.every((m) => m.payload.table === 'sms_outbox' && m.payload.count === 5)).toBe(true);
  });

  it('writes an SMS once however often its receiver is enqueued (the deduplication key)', async () => {
    const w = await world();
    await w.setEstimate(90);
    const { receiverId } = await w.subscribe({ phone: randomPhone() });
    await w.makeDue([receiverId]);
    await store.enqueueDue(500);
    // Someone clears the receiver's mark: the outbox key still holds.
    await db.query(`update public.sms_receivers set sms_queued_at = null where id = $1`, [receiverId]);
    await store.enqueueDue(500);
    await dispatchOnce({ store, providerFor: local });
    expect(await outboxOf(w.planEventId)).toHaveLength(1);
  });
});
