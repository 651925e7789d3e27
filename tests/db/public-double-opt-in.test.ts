import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, client } from '../support/clients.ts';
import { roomInFixedWindow } from '../support/fixed-window.ts';
import { latestCodeSentTo, smsSentTo } from '../support/sent-sms.ts';
import { danishMobile } from '../support/phones.ts';
import { stackInfo } from '../support/stack-info.ts';
import { demoMember } from './roles.ts';

// Issue 24 items 2, 5 and 6: a phone number is no identity. Subscribe is a double opt-in (a code by SMS to the
// phone, 10 minutes, 5 tries; the answer alike for known and unknown phones; the customer uuid only with the right
// code), consents are off unless ticked and every change is recorded; unsubscribe by phone answers alike and only
// sends the customer their link; tracking feedback only from a receiver of the stop.

const anon = () => client();
const phones: string[] = [];
const SMS_TEXT = 'Jeg accepterer, at mit telefonnummer gemmes og bruges til at sende mig SMS om isbilens besøg.';
const MARKETING_TEXT = 'Ja tak, send mig også gode tilbud på SMS.';

function newPhone(): string {
  const phone = danishMobile();
  phones.push(phone);
  return phone;
}

let stop: { route_point_id: number; depo_id: number; tenant_id: string };

beforeAll(async () => {
  stop = await asPostgres(async (db) => {
    const { rows } = await db.query<typeof stop>(
      `select rp.id::int as route_point_id, rp.depo_id::int, rp.tenant_id
         from public.route_points rp join public.tenants t on t.id = rp.tenant_id
        where t.slug = 'hjem-is' and rp.deleted_at is null and rp.lat is not null
          and exists (select 1 from public.plan_event_route_points p join public.plan_events pe on pe.id = p.plan_event_id
                       where p.route_point_id = rp.id and p.point_visited is null
                         and pe.date >= (now() at time zone t.time_zone)::date + 1)
        order by rp.id limit 1`,
    );
    return rows[0]!;
  });
});

afterAll(async () => {
  await asPostgres(async (db) => {
    await db.query(`delete from public.customers where phone = any($1)`, [phones]);
    await db.query(`delete from app_private.subscribe_requests where phone = any($1)`, [phones]);
  });
});

async function post(path: string, body: unknown) {
  const response = await fetch(`${stackInfo().apiUrl}/functions/v1/public-subscribe${path}`, {
    method: 'POST',
    headers: {
      apikey: stackInfo().anonKey,
      authorization: `Bearer ${stackInfo().anonKey}`,
      'content-type': 'application/json',
      // A caller address of its own, so the per-caller limits of other tests never meet this file's calls.
      'x-forwarded-for': `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function requestCode(phone: string, extra: Record<string, unknown> = {}) {
  return post('', {
    site: 'dk',
    route_point_id: stop.route_point_id,
    phone,
    address: 'Testvej 1, Glostrup',
    captcha_token: 'local-captcha-pass',
    page: '/dk',
    sms_consent_text: SMS_TEXT,
    marketing_consent_text: MARKETING_TEXT,
    ...extra,
  });
}

const confirm = (requestId: unknown, code: string) =>
  post('?step=confirm', { site: 'dk', request_id: requestId, code });

async function subscribed(phone: string, extra: Record<string, unknown> = {}): Promise<string> {
  const asked = await requestCode(phone, extra);
  expect(asked.status).toBe(200);
  const answer = await confirm(asked.body.request_id, await latestCodeSentTo(phone));
  expect(answer.status).toBe(200);
  return answer.body.customer_uuid as string;
}

async function customer(phone: string) {
  return asPostgres(async (db) => {
    const { rows } = await db.query<{
      id: string;
      uuid: string;
      sms_permission: boolean;
      marketing_agreement: boolean;
      active: number;
    }>(
      `select c.id, c.uuid, c.sms_permission, c.marketing_agreement,
              (select count(*)::int from public.stop_subscriptions s where s.customer_id = c.id and s.unsubscribed_at is null) as active
         from public.customers c where c.phone = $1`,
      [phone],
    );
    return rows[0] ?? null;
  });
}

/** A customer of hjem-is made by staff, who once had SMS and withdrew it. */
async function withdrawnCustomer(): Promise<string> {
  const phone = newPhone();
  await asPostgres((db) =>
    db.query(
      `insert into public.customers (tenant_id, phone, sms_permission, marketing_agreement) values ($1, $2, false, false)`,
      [stop.tenant_id, phone],
    ),
  );
  return phone;
}

describe('double opt-in: the request', () => {
  it("answers a known customer's phone exactly as an unknown one, without their uuid, and changes nothing yet", async () => {
    const known = await withdrawnCustomer();
    const before = await customer(known);
    const unknown = newPhone();
    const forKnown = await requestCode(known);
    const forUnknown = await requestCode(unknown);
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(Object.keys(forKnown.body)).toEqual(['request_id']);
    expect(Object.keys(forUnknown.body)).toEqual(['request_id']);
    expect(JSON.stringify(forKnown.body)).not.toContain(before!.uuid);
    // The withdrawn permission stays withdrawn, and no customer appears for the unknown phone, until the code.
    expect(await customer(known)).toEqual(before);
    expect(await customer(unknown)).toBeNull();
  });

  it('sends a 6-digit code by SMS to the phone through the outbox, and keeps only its hash', async () => {
    const phone = newPhone();
    const asked = await requestCode(phone);
    const code = await latestCodeSentTo(phone);
    const [sms] = await smsSentTo(phone, 'opt_in_code');
    expect(sms).toMatchObject({ status: 'sent' });
    expect(sms!.text).toContain(code);
    const stored = await asPostgres(async (db) => {
      const { rows } = await db.query<{ code_hash: string; minutes: number; depo_id: number }>(
        `select r.code_hash, round(extract(epoch from r.expires_at - r.created_at) / 60)::int as minutes,
                (select o.depo_id::int from public.sms_outbox o where o.id = $2) as depo_id
           from app_private.subscribe_requests r where r.id = $1`,
        [asked.body.request_id, sms!.id],
      );
      return rows[0]!;
    });
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^\$2[abxy]\$/);
    expect(stored.minutes).toBe(10);
    expect(stored.depo_id).toBe(stop.depo_id);
  });

  it('anon cannot call the steps as RPCs, nor the old one-step subscribe', async () => {
    for (const name of ['request_public_subscription', 'confirm_public_subscription', 'subscribe_to_public_stop']) {
      const { error } = await anon().rpc(name, { site: 'dk' });
      expect(error, name).not.toBeNull();
    }
  });
});

describe('double opt-in: the code', () => {
  it('subscribes with the right code only, answering the uuid then; consents are off unless ticked', async () => {
    const phone = newPhone();
    // No marketing_agreement sent: the default is no consent.
    const asked = await requestCode(phone);
    const code = await latestCodeSentTo(phone);
    const wrong = await confirm(asked.body.request_id, code === '000000' ? '111111' : '000000');
    expect(wrong).toMatchObject({ status: 422, body: { error: 'wrong_code' } });
    expect(await customer(phone)).toBeNull();
    const right = await confirm(asked.body.request_id, code);
    expect(right.status).toBe(200);
    expect(right.body.customer_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await customer(phone)).toMatchObject({
      uuid: right.body.customer_uuid,
      sms_permission: true,
      marketing_agreement: false,
      active: 1,
    });
    // A code is used once.
    expect(await confirm(asked.body.request_id, code)).toMatchObject({ status: 410, body: { error: 'code_expired' } });
  });

  it('gives a withdrawn SMS permission back only to whoever has the code of the SMS to that phone', async () => {
    const phone = await withdrawnCustomer();
    await subscribed(phone, { marketing_agreement: true });
    expect(await customer(phone)).toMatchObject({ sms_permission: true, marketing_agreement: true, active: 1 });
  });

  it('spends a request after 5 wrong codes: the right one no longer works', async () => {
    const phone = newPhone();
    const asked = await requestCode(phone);
    const code = await latestCodeSentTo(phone);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      statuses.push((await confirm(asked.body.request_id, wrongCode)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    expect(await confirm(asked.body.request_id, code)).toMatchObject({
      status: 429,
      body: { error: 'too_many_attempts' },
    });
    expect(await customer(phone)).toBeNull();
  });

  it('refuses a code after 10 minutes, and a request of another site', async () => {
    const phone = newPhone();
    const asked = await requestCode(phone);
    const code = await latestCodeSentTo(phone);
    expect(await post('?step=confirm', { site: 'no', request_id: asked.body.request_id, code })).toMatchObject({
      status: 410,
    });
    await asPostgres((db) =>
      db.query(`update app_private.subscribe_requests set expires_at = now() - interval '1 second' where id = $1`, [
        asked.body.request_id,
      ]),
    );
    expect(await confirm(asked.body.request_id, code)).toMatchObject({ status: 410, body: { error: 'code_expired' } });
    expect(await customer(phone)).toBeNull();
  });

  it('limits the code requests of one phone (the 6th in the window is refused)', async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    // Counted in fixed 10-minute windows: the burst starts with room left in one.
    await roomInFixedWindow(600, 30);
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await requestCode(phone)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  }, 90_000);
});

describe('consent records', () => {
  it('keeps every change with its source, page and the text shown; staff read them, nobody writes them', async () => {
    const phone = newPhone();
    const uuid = await subscribed(phone, { marketing_agreement: true });
    const id = (await customer(phone))!.id;
    expect(
      (await anon().rpc('unsubscribe_public_customer', { customer_uuid: uuid, sms: false, marketing: true })).data,
    ).toBe('unsubscribed');

    const support = await demoMember('hjem-is', 'support');
    const changed = await support.client.from('customers').update({ marketing_agreement: true }).eq('id', id).select();
    expect(changed.error).toBeNull();
    const { data, error } = await support.client
      .from('customer_consent_records')
      .select('consent, granted, source, page, consent_text, staff_user_id')
      .eq('customer_id', id)
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        consent: 'sms',
        granted: true,
        source: 'public_page',
        page: '/dk',
        consent_text: SMS_TEXT,
        staff_user_id: null,
      },
      {
        consent: 'marketing',
        granted: true,
        source: 'public_page',
        page: '/dk',
        consent_text: MARKETING_TEXT,
        staff_user_id: null,
      },
      {
        consent: 'marketing',
        granted: false,
        source: 'unsubscribe_link',
        page: 'unsubscribe page',
        consent_text: null,
        staff_user_id: null,
      },
      {
        consent: 'marketing',
        granted: true,
        source: 'staff',
        page: null,
        consent_text: null,
        staff_user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);

    const forged = await support.client
      .from('customer_consent_records')
      .insert({ tenant_id: support.tenantId, customer_id: id, consent: 'sms', granted: true, source: 'public_page' });
    expect(forged.error?.code).toBe('42501');
    const erased = await support.client.from('customer_consent_records').delete().eq('customer_id', id).select();
    expect(erased.error?.code).toBe('42501');
    expect((await anon().from('customer_consent_records').select('*').limit(1)).data ?? []).toEqual([]);
    const other = await demoMember('den-norske-isbilen', 'admin');
    expect((await other.client.from('customer_consent_records').select('id').eq('customer_id', id)).data).toEqual([]);
  });
});

describe('unsubscribe by phone', () => {
  it('answers alike for a customer, a stranger and a withdrawn customer, and only sends the customer their link', async () => {
    const phone = newPhone();
    const uuid = await subscribed(phone);
    const stranger = newPhone();
    const withdrawn = await withdrawnCustomer();
    const answers = await Promise.all(
      [phone, stranger, withdrawn].map(async (number) => {
        const { data, error } = await anon().rpc('unsubscribe_public_phone', { site: 'dk', phone: number });
        return { data, error };
      }),
    );
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(answers[0]).toEqual({ data: 'link_sent', error: null });
    // The probe unsubscribed nobody: the customer still gets SMS until they use the link.
    expect(await customer(phone)).toMatchObject({ sms_permission: true, active: 1 });
    const [link] = await smsSentTo(phone, 'unsubscribe_link');
    expect(link!.text).toContain(`/dk/unsubscribe/${uuid}`);
    expect(await smsSentTo(stranger)).toEqual([]);
    expect(await smsSentTo(withdrawn)).toEqual([]);
  });
});

describe('tracking feedback', () => {
  it('is refused to a customer of the tenant who is not a receiver of the stop, and saved for a receiver', async () => {
    const world = await asPostgres(async (db) => {
      const { rows } = await db.query<{ stop_uuid: string; receiver_uuid: string; receiver_id: string }>(
        `select p.uuid as stop_uuid, c.uuid as receiver_uuid, c.id as receiver_id
           from public.sms_receivers r
           join public.plan_event_route_points p on p.id = r.plan_event_route_point_id
           join public.customers c on c.id = r.customer_id
          where p.tenant_id = $1 and exists (select 1 from app_private.tracked_stop(p.uuid))
            and not exists (select 1 from public.feedbacks f where f.customer_id = c.id and f.plan_event_route_point_id = p.id)
          order by r.id limit 1`,
        [stop.tenant_id],
      );
      return rows[0]!;
    });
    const outsider = newPhone();
    await asPostgres((db) =>
      db.query(`insert into public.customers (tenant_id, phone) values ($1, $2)`, [stop.tenant_id, outsider]),
    );
    const outsiderUuid = (await customer(outsider))!.uuid;
    const refused = await anon().rpc('public_tracking_feedback', {
      stop_uuid: world.stop_uuid,
      customer_uuid: outsiderUuid,
      positive: false,
      comment: 'Forged',
    });
    expect(refused).toMatchObject({ error: null, data: 'not_found' });
    const saved = await anon().rpc('public_tracking_feedback', {
      stop_uuid: world.stop_uuid,
      customer_uuid: world.receiver_uuid,
      positive: true,
    });
    expect(saved).toMatchObject({ error: null, data: 'saved' });
    await asPostgres((db) =>
      db.query(
        `delete from public.feedbacks where customer_id = $1 and plan_event_route_point_id =
           (select id from public.plan_event_route_points where uuid = $2)`,
        [world.receiver_id, world.stop_uuid],
      ),
    );
  });
});
