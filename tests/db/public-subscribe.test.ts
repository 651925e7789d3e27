import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, client } from '../support/clients.ts';
import { roomInFixedWindow } from '../support/fixed-window.ts';
import { latestCodeSentTo } from '../support/sent-sms.ts';
import { stackInfo } from '../support/stack-info.ts';
import { danishMobile } from '../support/phones.ts';

// The customers' subscribe pages as anon may call them (migrations 20261125050000/20261125050100 and the
// public-subscribe function): public sites, nearest stops, subscribe with a captcha, unsubscribe (full and partial),
// rate limits, and what anon may never read.

const anon = () => client();
const phones: string[] = [];

/** A Danish mobile number no other test uses. */
function newPhone(): string {
  const phone = danishMobile();
  phones.push(phone);
  return phone;
}

interface Stop {
  route_point_id: number;
  lat: number;
  lng: number;
}

let stop: Stop;

beforeAll(async () => {
  // A Danish stop with a coming visit, as the page would find it.
  stop = await asPostgres(async (db) => {
    const { rows } = await db.query<Stop>(
      `select rp.id::int as route_point_id, rp.lat, rp.lng
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
  await asPostgres((db) => db.query(`delete from public.customers where phone = any($1)`, [phones]));
});

async function callSubscribe(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${stackInfo().apiUrl}/functions/v1/public-subscribe${path}`, {
    method: 'POST',
    headers: {
      apikey: stackInfo().anonKey,
      authorization: `Bearer ${stackInfo().anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Asks for the code by SMS (the subscribe form's submit); answers `{ request_id }` once the captcha passed. */
function requestCode(phone: string, captchaToken: string, routePointId = stop.route_point_id, marketing = true) {
  return callSubscribe('', {
    site: 'dk',
    route_point_id: routePointId,
    phone,
    address: 'Testvej 1, Glostrup',
    lat: stop.lat,
    lng: stop.lng,
    marketing_agreement: marketing,
    captcha_token: captchaToken,
  });
}

/** The whole double opt-in: the request, then the code the SMS to the phone carries; answers the confirmation. */
async function subscribe(phone: string, captchaToken: string, routePointId = stop.route_point_id, marketing = true) {
  const asked = await requestCode(phone, captchaToken, routePointId, marketing);
  if (asked.status !== 200) return asked;
  return callSubscribe('?step=confirm', {
    site: 'dk',
    request_id: asked.body.request_id,
    code: await latestCodeSentTo(phone),
  });
}

async function customerState(phone: string) {
  return asPostgres(async (db) => {
    const { rows } = await db.query<{
      sms_permission: boolean;
      marketing_agreement: boolean;
      active: number;
      receivers: number;
      skipped: number;
    }>(
      `select c.sms_permission, c.marketing_agreement,
              (select count(*)::int from public.stop_subscriptions s where s.customer_id = c.id and s.unsubscribed_at is null) as active,
              (select count(*)::int from public.sms_receivers r where r.customer_id = c.id) as receivers,
              (select count(*)::int from public.sms_receivers r where r.customer_id = c.id and r.reason_of_sms_skip = 'unsubscribed') as skipped
         from public.customers c where c.phone = $1`,
      [phone],
    );
    return rows[0] ?? null;
  });
}

describe('public sites', () => {
  it('a segment names a tenant and its language; unknown segments name nothing', async () => {
    const dk = await anon().rpc('public_site', { segment: 'dk' });
    expect(dk.error).toBeNull();
    expect(dk.data).toEqual([
      expect.objectContaining({
        slug: 'hjem-is',
        public_segment: 'dk',
        language: 'dk',
        country_code: 'DK',
        phone_prefix: '+45',
        is_public: false,
      }),
    ]);
    const no = await anon().rpc('public_site', { segment: 'no' });
    expect(no.data).toEqual([
      expect.objectContaining({ slug: 'den-norske-isbilen', language: 'no', country_code: 'NO' }),
    ]);
    expect((await anon().rpc('public_site', { segment: 'xx' })).data).toEqual([]);
    const segments = await anon().rpc('public_site_segments');
    expect(segments.data).toEqual(expect.arrayContaining(['dk', 'no', 'public']));
    // A staff tenant's slug never becomes a public home.
    expect(segments.data).not.toContain('hjem-is');
  });
});

describe('nearest_public_stops as anon', () => {
  it('returns the nearest stops with coming visits, nearest first, exactly as a brute-force search finds them', async () => {
    const { data, error } = await anon().rpc('nearest_public_stops', {
      site: 'dk',
      near_lat: stop.lat + 0.01,
      near_lng: stop.lng,
      max_stops: 10,
    });
    expect(error).toBeNull();
    const rows = data as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'address',
      'distance_m',
      'lat',
      'lng',
      'route_point_id',
      'stop_uuid',
      'upcoming',
    ]);
    const distances = rows.map((row) => row.distance_m as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const expected = await asPostgres(async (db) => {
      const result = await db.query<{ id: string }>(
        `select rp.id from public.route_points rp join public.tenants t on t.id = rp.tenant_id
          where t.slug = 'hjem-is' and rp.deleted_at is null and rp.lat is not null
            and exists (select 1 from public.plan_event_route_points p join public.plan_events pe on pe.id = p.plan_event_id
                         where p.route_point_id = rp.id and p.point_visited is null and pe.date >= (now() at time zone t.time_zone)::date)
          order by extensions.earth_distance(extensions.ll_to_earth(rp.lat, rp.lng), extensions.ll_to_earth($1, $2)) limit 10`,
        [stop.lat + 0.01, stop.lng],
      );
      return result.rows.map((row) => Number(row.id));
    });
    expect(rows.map((row) => row.route_point_id)).toEqual(expected);
    for (const row of rows) {
      const visits = row.upcoming as Array<Record<string, unknown>>;
      expect(visits.length).toBeGreaterThan(0);
      expect(Object.keys(visits[0]!).sort()).toEqual(['date', 'estimate', 'original_estimate']);
    }
  });

  it('keeps to the site: the Danish site finds no stop near Oslo; the worldwide site has none', async () => {
    const fromOslo = await anon().rpc('nearest_public_stops', { site: 'dk', near_lat: 59.91, near_lng: 10.75 });
    expect((fromOslo.data as Array<{ distance_m: number }>).every((row) => row.distance_m > 100_000)).toBe(true);
    const worldwide = await anon().rpc('nearest_public_stops', {
      site: 'public',
      near_lat: stop.lat,
      near_lng: stop.lng,
    });
    expect(worldwide.data).toEqual([]);
  });
});

describe('subscribe through public-subscribe', () => {
  it('refuses a subscribe without a valid captcha token, and stores nothing', async () => {
    const phone = newPhone();
    const missing = await subscribe(phone, '');
    expect(missing).toMatchObject({ status: 400, body: { error: 'captcha_failed' } });
    const forged = await subscribe(phone, 'forged-token');
    expect(forged.status).toBe(400);
    expect(await customerState(phone)).toBeNull();
  });

  it('anon cannot call the subscribe RPC itself (only the function, after the captcha)', async () => {
    const { error } = await anon().rpc('request_public_subscription', {
      site: 'dk',
      route_point_id: stop.route_point_id,
      phone: newPhone(),
      address: null,
      lat: null,
      lng: null,
      original_address: null,
      original_lat: null,
      original_lng: null,
      marketing_agreement: true,
      page: null,
      sms_consent_text: null,
      marketing_consent_text: null,
      client_ip: '198.51.100.7',
    });
    expect(error).not.toBeNull();
  });

  it('subscribes a new phone to the stop: a customer with SMS permission and an SMS receiver on each coming visit', async () => {
    const phone = newPhone();
    const answer = await subscribe(phone, 'local-captcha-pass', stop.route_point_id, false);
    expect(answer.status).toBe(200);
    expect(answer.body.customer_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const state = await customerState(phone);
    expect(state).toMatchObject({ sms_permission: true, marketing_agreement: false, active: 1 });
    expect(state!.receivers).toBeGreaterThan(0);
    const consents = await anon().rpc('public_customer_consents', { customer_uuid: answer.body.customer_uuid });
    expect(consents.data).toEqual([{ sms_permission: true, marketing_agreement: false }]);
  });

  it('refuses a phone that cannot be one, and an unknown stop', async () => {
    expect((await requestCode('+45 12', 'local-captcha-pass')).status).toBe(422);
    expect((await requestCode(newPhone(), 'local-captcha-pass', 2_000_000_000)).status).toBe(404);
  });
});

describe('unsubscribe', () => {
  it('by phone: the same answer for every number; the customer gets the link of their unsubscribe page by SMS', async () => {
    const phone = newPhone();
    expect((await subscribe(phone, 'local-captcha-pass')).status).toBe(200);
    expect((await anon().rpc('unsubscribe_public_phone', { site: 'dk', phone })).data).toBe('link_sent');
    // Nothing is unsubscribed by a phone number alone (anyone can type it): the link in the SMS does it.
    expect(await customerState(phone)).toMatchObject({ sms_permission: true, active: 1 });
    expect((await anon().rpc('unsubscribe_public_phone', { site: 'dk', phone: newPhone() })).data).toBe('link_sent');
    // The same phone on the other brand's site is another tenant's customer: the same answer, no SMS.
    expect((await anon().rpc('unsubscribe_public_phone', { site: 'no', phone })).data).toBe('link_sent');
    expect((await anon().rpc('unsubscribe_public_phone', { site: 'xx', phone })).data).toBe('not_found');
  });

  it('partial: marketing alone keeps the route SMS; both boxes are a full unsubscribe', async () => {
    const phone = newPhone();
    const uuid = (await subscribe(phone, 'local-captcha-pass')).body.customer_uuid as string;
    expect(
      (await anon().rpc('unsubscribe_public_customer', { customer_uuid: uuid, sms: false, marketing: true })).data,
    ).toBe('unsubscribed');
    expect(await customerState(phone)).toMatchObject({ sms_permission: true, marketing_agreement: false, active: 1 });
    expect(
      (await anon().rpc('unsubscribe_public_customer', { customer_uuid: uuid, sms: false, marketing: true })).data,
    ).toBe('already_unsubscribed');

    const other = newPhone();
    const otherUuid = (await subscribe(other, 'local-captcha-pass')).body.customer_uuid as string;
    expect(
      (await anon().rpc('unsubscribe_public_customer', { customer_uuid: otherUuid, sms: true, marketing: true })).data,
    ).toBe('unsubscribed');
    expect(await customerState(other)).toMatchObject({ sms_permission: false, marketing_agreement: false, active: 0 });
    expect(
      (
        await anon().rpc('unsubscribe_public_customer', {
          customer_uuid: '00000000-0000-4000-8000-000000000000',
          sms: true,
          marketing: true,
        })
      ).data,
    ).toBe('not_found');
  });
});

describe('rate limits', () => {
  // The limits count in fixed 10-minute windows (app_private.public_rate_limits): each burst below starts with
  // room left in the current one, so its calls all count together whatever the time of day.
  const WINDOW_S = 600;
  const BURST_S = 30;

  it('per phone: the 6th unsubscribe of one phone in the window is refused with 429', async () => {
    const phone = newPhone();
    await roomInFixedWindow(WINDOW_S, BURST_S);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await anon().rpc('unsubscribe_public_phone', { site: 'dk', phone })).error).toBeNull();
    }
    const refused = await fetch(`${stackInfo().apiUrl}/rest/v1/rpc/unsubscribe_public_phone`, {
      method: 'POST',
      headers: { apikey: stackInfo().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ site: 'dk', phone }),
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe('rate_limited');
  }, 90_000);

  it('per IP: one caller gets 60 calls in the window, then is refused whatever the phone', async () => {
    // A caller IP of its own (benchmarking range, random), set the way PostgREST passes the gateway's X-Forwarded-For.
    await roomInFixedWindow(WINDOW_S, BURST_S);
    const outcomes = await asPostgres(async (db) => {
      const results: string[] = [];
      await db.query(`select set_config('request.headers', $1, false)`, [
        JSON.stringify({ 'x-forwarded-for': `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` }),
      ]);
      await db.query('set role anon');
      for (let call = 0; call < 61; call += 1) {
        try {
          await db.query(`select public.unsubscribe_public_phone('dk', $1)`, [`+4530${String(call).padStart(6, '0')}`]);
          results.push('ok');
        } catch (error) {
          results.push((error as { code?: string }).code === 'PT429' ? 'limited' : String(error));
        }
      }
      return results;
    });
    expect(outcomes.slice(0, 60).every((outcome) => outcome === 'ok')).toBe(true);
    expect(outcomes[60]).toBe('limited');
  }, 90_000);

  it('the subscribe function limits per phone too', async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    await roomInFixedWindow(WINDOW_S, BURST_S);
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await requestCode(phone, 'local-captcha-pass')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  }, 90_000);
});

describe('what anon may never read', () => {
  it('no customers, subscriptions, receivers or rate-limit counters', async () => {
    for (const table of ['customers', 'stop_subscriptions', 'sms_receivers']) {
      const { data, error } = await anon().from(table).select('*').limit(1);
      expect(error !== null || (data ?? []).length === 0).toBe(true);
    }
    const counters = await anon()
      .schema('app_private' as 'public')
      .from('rate_limit_counters')
      .select('*');
    expect(counters.error).not.toBeNull();
  });
});
