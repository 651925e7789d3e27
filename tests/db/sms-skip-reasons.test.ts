import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOnce, LOCAL_OUTBOX_PROVIDER } from '../../edge-functions/_shared/sms/dispatcher.ts';
import { rpcOutboxStore } from '../../edge-functions/_shared/sms/outbox-store.ts';
import { DATA_LOCK_WAIT_MS } from '../support/data-lock.ts';
import { demoMember, type DemoMember } from './roles.ts';
import { adminDb, makeSmsWorld, pauseCronDispatcher, serviceRpc, type SmsWorld } from './sms-world.ts';

// Every skip reason of an arrival SMS (issue 9), each on its own and all at once: the receiver is marked skipped
// with the first reason and the full comma-separated description, and nothing reaches the outbox.

let db: pg.Client;
let resumeCron: () => Promise<void>;
let depoAdmin: DemoMember;
const worlds: SmsWorld[] = [];
const store = rpcOutboxStore(serviceRpc);

beforeAll(async () => {
  db = await adminDb();
  resumeCron = await pauseCronDispatcher(db);
  depoAdmin = await demoMember('hjem-is', 'depo_admin');
}, DATA_LOCK_WAIT_MS);
afterAll(async () => {
  await depoAdmin.client.auth.signOut({ scope: 'local' });
  for (const world of worlds) await world.remove();
  await resumeCron();
  await db.end();
});

async function world() {
  const made = await makeSmsWorld(db);
  worlds.push(made);
  await made.setEstimate(60);
  return made;
}

/** The receiver after the dispatcher ran over it, and what its plan event has in the outbox. */
async function dispatched(w: SmsWorld, receiverId: number) {
  await w.makeDue([receiverId]);
  await dispatchOnce({ store, providerFor: () => LOCAL_OUTBOX_PROVIDER });
  const {
    rows: [receiver],
  } = await db.query(
    `select sms_sent_skipped_at, reason_of_sms_skip, full_description_of_sms_skip, sms_sent_at from public.sms_receivers where id = $1`,
    [receiverId],
  );
  const { rows: outbox } = await db.query(`select id from public.sms_outbox where plan_event_id = $1`, [w.planEventId]);
  return { ...receiver, outbox: outbox.length } as Record<string, unknown>;
}

const skipped = (reason: string, description: string) => ({
  sms_sent_skipped_at: expect.any(Date),
  sms_sent_at: null,
  reason_of_sms_skip: reason,
  full_description_of_sms_skip: description,
  outbox: 0,
});

/** A customer who unsubscribed from the stop, yet has a receiver on it (support added one by hand). */
async function unsubscribedWithReceiver(w: SmsWorld, options: { smsPermission?: boolean; phone?: string } = {}) {
  const { customerId, receiverId } = await w.subscribe(options);
  await db.query(`update public.stop_subscriptions set unsubscribed_at = now() where customer_id = $1`, [customerId]);
  await db.query(`delete from public.sms_receivers where id = $1`, [receiverId]);
  const {
    rows: [added],
  } = await db.query<{ id: string }>(
    `insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id) values ($1, $2, $3, $4) returning id`,
    [w.tenantId, customerId, w.stopId, w.depoId],
  );
  return Number(added.id);
}

describe('an arrival SMS is skipped with its reason and full description', () => {
  it('no SMS permission', async () => {
    const w = await world();
    const { receiverId } = await w.subscribe({ smsPermission: false });
    expect(await dispatched(w, receiverId)).toMatchObject(
      skipped('no_sms_permission', 'the customer has no SMS permission'),
    );
  });

  it('unsubscribed: at once when the customer unsubscribes', async () => {
    const w = await world();
    const { customerId, receiverId } = await w.subscribe();
    await db.query(`update public.stop_subscriptions set unsubscribed_at = now() where customer_id = $1`, [customerId]);
    expect(await dispatched(w, receiverId)).toMatchObject(
      skipped('unsubscribed', 'the customer unsubscribed from this stop'),
    );
  });

  it('unsubscribed: by the dispatcher, for a receiver of a customer no longer subscribed', async () => {
    const w = await world();
    const receiverId = await unsubscribedWithReceiver(w);
    expect(await dispatched(w, receiverId)).toMatchObject(
      skipped('unsubscribed', 'the customer unsubscribed from this stop'),
    );
  });

  it('SMS stopped for the plan event (stop_sending_sms)', async () => {
    const w = await world();
    const { receiverId } = await w.subscribe();
    const { error } = await depoAdmin.client.rpc('stop_sending_sms', { plan_event_id: w.planEventId });
    expect(error).toBeNull();
    expect(await dispatched(w, receiverId)).toMatchObject(
      skipped('sms_stopped', 'SMS was stopped for this plan event'),
    );
  });

  it('stop already visited', async () => {
    const w = await world();
    const { receiverId } = await w.subscribe();
    await db.query(`update public.plan_event_route_points set point_visited = true, visited_at = now() where id = $1`, [
      w.stopId,
    ]);
    expect(await dispatched(w, receiverId)).toMatchObject(
      skipped('point_visited', 'the truck has already visited the stop'),
    );
  });

  it('invalid phone', async () => {
    const w = await world();
    const { receiverId } = await w.subscribe({ phone: '+0012345678' });
    expect(await dispatched(w, receiverId)).toMatchObject(skipped('invalid_phone', 'the phone number is not valid'));
  });

  it('too late to be useful', async () => {
    const w = await world();
    const { receiverId } = await w.subscribe();
    await w.setEstimate(2);
    expect(await dispatched(w, receiverId)).toMatchObject(
      skipped('too_late', 'the truck arrives too soon for the SMS to be useful'),
    );
  });

  it('every reason at once, in order, comma-separated', async () => {
    const w = await world();
    const receiverId = await unsubscribedWithReceiver(w, { smsPermission: false, phone: '+0098765432' });
    await db.query(`update public.plan_events set sms_stopped_at = now() where id = $1`, [w.planEventId]);
    await db.query(
      `update public.plan_event_route_points set point_visited = true, visited_at = now(), google_estimate_time = now() + interval '1 minute' where id = $1`,
      [w.stopId],
    );
    expect(await dispatched(w, receiverId)).toMatchObject(
      skipped(
        'no_sms_permission',
        [
          'the customer has no SMS permission',
          'the customer unsubscribed from this stop',
          'SMS was stopped for this plan event',
          'the truck has already visited the stop',
          'the phone number is not valid',
          'the truck arrives too soon for the SMS to be useful',
        ].join(', '),
      ),
    );
  });

  it('a customer with nothing against them gets the SMS and no skip', async () => {
    const w = await world();
    const { receiverId } = await w.subscribe();
    expect(await dispatched(w, receiverId)).toMatchObject({
      sms_sent_skipped_at: null,
      reason_of_sms_skip: null,
      sms_sent_at: expect.any(Date),
      outbox: 1,
    });
  });
});
