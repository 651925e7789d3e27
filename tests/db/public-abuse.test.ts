import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres } from '../support/clients.ts';
import { danishMobile } from '../support/phones.ts';
import { stackInfo } from '../support/stack-info.ts';

// The public surface attacked as anon would: another tenant's stop or customer uuid, malformed values and huge
// inputs (a 10 KB address, a 1,000-digit phone) sent to every public RPC and to the public edge functions. Each
// answers with a refusal a page can word (a 4xx with a short code or Rails-style field errors, or a plain
// 'not_found'), never a 500 and never the database's own text.

const HUGE_TEXT = 'Søndergade 1, '.repeat(800).slice(0, 10_240);
const HUGE_PHONE = '4'.repeat(1_000);
/** What only the database says: a raw error text leaking through. */
const DATABASE_TEXT = /violates|constraint|relation|index row|syntax|column|function|SQLSTATE|plpgsql|exception/i;

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function call(path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${stackInfo().apiUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      apikey: stackInfo().anonKey,
      authorization: `Bearer ${stackInfo().anonKey}`,
      'content-type': 'application/json',
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, body, text };
}

const rpc = (name: string, args: unknown) => call(`/rest/v1/rpc/${name}`, { body: args });

/** A refusal in the function's own words: a 4xx whose text is not the database's. */
function expectWordedRefusal(answer: Answer): void {
  expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
  expect(answer.status, answer.text).toBeLessThan(500);
  const words =
    typeof answer.body === 'object' && answer.body !== null
      ? JSON.stringify([
          (answer.body as Record<string, unknown>).error,
          (answer.body as Record<string, unknown>).full_errors,
        ])
      : answer.text;
  expect(words).not.toMatch(DATABASE_TEXT);
}

interface Stops {
  dkStop: number;
  dkStopUuid: string;
  noStop: number;
  noStopUuid: string;
  noCustomerUuid: string;
  noCustomerId: number;
}

let world: Stops;
const phone = `+47${String(randomInt(40_000_000, 49_999_999))}`;

beforeAll(async () => {
  world = await asPostgres(async (db) => {
    // A stop with a coming visit in Denmark and one in Norway, as the pages would find them.
    const stopOf = async (slug: string) => {
      const {
        rows: [row],
      } = await db.query<{ id: string; uuid: string }>(
        `select rp.id, p.uuid
           from public.route_points rp
           join public.tenants t on t.id = rp.tenant_id
           join public.plan_event_route_points p on p.route_point_id = rp.id and p.tenant_id = rp.tenant_id
           join public.plan_events pe on pe.id = p.plan_event_id
          where t.slug = $1 and rp.deleted_at is null and p.point_visited is null
            and pe.date >= (now() at time zone t.time_zone)::date + 1
          order by rp.id limit 1`,
        [slug],
      );
      return { id: Number(row!.id), uuid: row!.uuid };
    };
    const [dk, no] = [await stopOf('hjem-is'), await stopOf('den-norske-isbilen')];
    const {
      rows: [customer],
    } = await db.query<{ id: string; uuid: string }>(
      `insert into public.customers (tenant_id, phone, sms_permission, marketing_agreement, address)
       select id, $1, true, true, 'Storgata 1' from public.tenants where slug = 'den-norske-isbilen' returning id, uuid`,
      [phone],
    );
    return {
      dkStop: dk.id,
      dkStopUuid: dk.uuid,
      noStop: no.id,
      noStopUuid: no.uuid,
      noCustomerUuid: customer!.uuid,
      noCustomerId: Number(customer!.id),
    };
  });
});

afterAll(async () => {
  await asPostgres((db) => db.query('delete from public.customers where id = $1', [world.noCustomerId]));
});

describe("another tenant's uuids", () => {
  it("the tracking page of a Danish stop never shows a Norwegian customer's flags", async () => {
    const answer = await rpc('public_tracking_stop', {
      stop_uuid: world.dkStopUuid,
      customer_uuid: world.noCustomerUuid,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ uuid: world.dkStopUuid, customer: null });
    const own = await rpc('public_tracking_stop', { stop_uuid: world.noStopUuid, customer_uuid: world.noCustomerUuid });
    expect(own.body).toMatchObject({ customer: { uuid: world.noCustomerUuid } });
  });

  it('feedback on a Danish stop by a Norwegian customer is not found and stores nothing', async () => {
    const answer = await rpc('public_tracking_feedback', {
      stop_uuid: world.dkStopUuid,
      customer_uuid: world.noCustomerUuid,
      positive: true,
    });
    expect(answer).toMatchObject({ status: 200, body: 'not_found' });
    const { rows } = await asPostgres((db) =>
      db.query('select 1 from public.feedbacks where customer_id = $1', [world.noCustomerId]),
    );
    expect(rows).toEqual([]);
  });

  it('the Danish site does not subscribe anyone to a Norwegian stop', async () => {
    const answer = await call('/functions/v1/public-subscribe', {
      body: {
        site: 'dk',
        route_point_id: world.noStop,
        phone: danishMobile(),
        captcha_token: 'local-captcha-pass',
      },
    });
    expectWordedRefusal(answer);
    expect(answer.status).toBe(404);
  });
});

describe('malformed and huge inputs', () => {
  it('every public RPC answers a 10 KB text or a 1,000-digit phone without a server error', async () => {
    const answers = {
      site: await rpc('public_site', { segment: HUGE_TEXT }),
      branding: await rpc('tenant_public_branding', { slug: HUGE_TEXT }),
      nearest: await rpc('nearest_public_stops', { site: HUGE_TEXT, near_lat: 55.6, near_lng: 12.5 }),
      unsubscribePhone: await rpc('unsubscribe_public_phone', { site: 'dk', phone: HUGE_PHONE }),
      unsubscribeText: await rpc('unsubscribe_public_phone', { site: HUGE_TEXT, phone: HUGE_TEXT }),
      // Not a phone: the text itself is the rate limit's subject, too long for its index unless counted by a digest.
      unsubscribeHugeSubject: await rpc('unsubscribe_public_phone', { site: 'dk', phone: HUGE_TEXT }),
      feedbackUnknown: await rpc('public_tracking_feedback', {
        stop_uuid: world.dkStopUuid,
        customer_uuid: crypto.randomUUID(),
        positive: true,
        comment: 'ok',
      }),
    };
    expect(answers.site).toMatchObject({ status: 200, body: [] });
    expect(answers.branding).toMatchObject({ status: 200, body: [] });
    expect(answers.nearest).toMatchObject({ status: 200, body: [] });
    // By phone the answer is the same for every number of a site (issue 24 item 5); an unknown site is no site.
    expect(answers.unsubscribePhone).toMatchObject({ status: 200, body: 'link_sent' });
    expect(answers.unsubscribeText).toMatchObject({ status: 200, body: 'not_found' });
    expect(answers.unsubscribeHugeSubject).toMatchObject({ status: 200, body: 'link_sent' });
    expect(answers.feedbackUnknown).toMatchObject({ status: 200, body: 'not_found' });
  });

  it('a 10 KB feedback comment is refused in words', async () => {
    const answer = await rpc('public_tracking_feedback', {
      stop_uuid: world.noStopUuid,
      customer_uuid: world.noCustomerUuid,
      positive: false,
      comment: HUGE_TEXT,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: '22023', message: 'comment_too_long' });
  });

  it('values of the wrong type are 4xx refusals, never 500', async () => {
    for (const answer of [
      await rpc('public_tracking_stop', { stop_uuid: 'not-a-uuid' }),
      await rpc('public_tracking_car_location', { stop_uuid: HUGE_TEXT }),
      await rpc('public_customer_consents', { customer_uuid: HUGE_PHONE }),
      await rpc('unsubscribe_public_customer', { customer_uuid: 'x', sms: true, marketing: true }),
      await rpc('public_tracking_unsubscribe', {
        customer_uuid: world.noCustomerUuid,
        route_sms: 'yes please',
        marketing_sms: true,
      }),
      await rpc('nearest_public_stops', { site: 'dk', near_lat: HUGE_PHONE, near_lng: 12.5 }),
    ]) {
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.text).toBeLessThan(500);
    }
    // The customer was not touched by the malformed unsubscribe.
    const {
      rows: [row],
    } = await asPostgres((db) =>
      db.query('select sms_permission from public.customers where id = $1', [world.noCustomerId]),
    );
    expect(row).toEqual({ sms_permission: true });
  });

  it('the subscribe function refuses a 1,000-digit phone and a 10 KB address under their fields', async () => {
    const base = { site: 'dk', route_point_id: world.dkStop, captcha_token: 'local-captcha-pass' };
    const longPhone = await call('/functions/v1/public-subscribe', { body: { ...base, phone: HUGE_PHONE } });
    const longAddress = await call('/functions/v1/public-subscribe', {
      body: { ...base, phone: '+4520123456', address: HUGE_TEXT },
    });
    const longSite = await call('/functions/v1/public-subscribe', {
      body: { ...base, site: HUGE_TEXT, phone: '+4520123456' },
    });
    const notJson = await call('/functions/v1/public-subscribe', { body: '{"site": "dk", ' });
    for (const answer of [longPhone, longAddress, longSite, notJson]) expectWordedRefusal(answer);
    expect(longPhone).toMatchObject({ status: 422, body: { errors: { phone: ['is invalid'] } } });
    expect(longAddress).toMatchObject({ status: 422, body: { errors: { address: ['is invalid'] } } });
    expect(notJson.status).toBe(400);
  });

  it('the address search refuses a 10 KB query in words, and an unknown huge site is no site', async () => {
    const longQuery = await call(`/functions/v1/geocode?site=dk&q=${encodeURIComponent(HUGE_TEXT.slice(0, 4_000))}`);
    const longSite = await call(
      `/functions/v1/geocode?site=${encodeURIComponent(HUGE_TEXT.slice(0, 4_000))}&q=Glostrup`,
    );
    expectWordedRefusal(longQuery);
    expect(longQuery).toMatchObject({
      status: 422,
      body: { errors: { q: ['is too long (maximum is 200 characters)'] } },
    });
    expectWordedRefusal(longSite);
    expect(longSite.status).toBe(404);
  });

  it('the captcha choice of a huge site is no site', async () => {
    const answer = await call(`/functions/v1/public-subscribe?site=${encodeURIComponent(HUGE_TEXT.slice(0, 4_000))}`);
    expectWordedRefusal(answer);
    expect(answer.status).toBe(404);
  });
});
