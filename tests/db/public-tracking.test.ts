import { randomInt } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, client } from '../support/clients.ts';
import { roomInFixedWindow } from '../support/fixed-window.ts';
import { asAdmin, createTripWorld, offset, writeFixes, type TripWorld } from './trip-world.ts';

// The tracking page's functions (migration 20261125060000_public_tracking.sql), called as anon the way the
// page calls them: what a customer with a stop's uuid (and their own uuid) may see and do, and nothing more.

const HOME = { lat: 55.6761, lng: 12.5683 };

interface Customer {
  id: number;
  uuid: string;
  phone: string;
}

interface TrackedStop {
  uuid: string;
  address: string;
  point_visited: boolean | null;
  car: { id: number; lat: number | null; lng: number | null } | null;
  nearby_points: Array<{ uuid: string; position: number }>;
  customer: { uuid: string; sms_permission: boolean; marketing_agreement: boolean; has_feedback: boolean } | null;
  [key: string]: unknown;
}

let today: TripWorld;
let other: TripWorld;
let anon: SupabaseClient;
const stopUuids = new Map<number, string>();

async function uuidOf(stopId: number): Promise<string> {
  const known = stopUuids.get(stopId);
  if (known) return known;
  const {
    rows: [row],
  } = await asAdmin((db) =>
    db.query<{ uuid: string }>('select uuid from public.plan_event_route_points where id = $1', [stopId]),
  );
  stopUuids.set(stopId, row.uuid);
  return row.uuid;
}

let phoneSeq = 0;
async function addCustomer(world: TripWorld, flags: { marketing?: boolean } = {}): Promise<Customer> {
  phoneSeq += 1;
  const phone = `+459${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneSeq}`.slice(0, 12);
  const {
    rows: [row],
  } = await asAdmin((db) =>
    db.query<{ id: string; uuid: string }>(
      `insert into public.customers (tenant_id, phone, marketing_agreement, address) values ($1, $2, $3, 'Privatvej 7') returning id, uuid`,
      [world.tenantId, phone, flags.marketing ?? true],
    ),
  );
  return { id: Number(row.id), uuid: row.uuid, phone };
}

/** Makes the customer a receiver of the stop's visit, as a subscription does: only receivers rate a visit. */
async function addReceiver(world: TripWorld, customer: Customer, stopId: number): Promise<void> {
  await asAdmin((db) =>
    db.query(
      `insert into public.sms_receivers (tenant_id, customer_id, plan_event_route_point_id, depo_id) values ($1, $2, $3, $4)`,
      [world.tenantId, customer.id, stopId, world.depoId],
    ),
  );
}

async function track(stopUuid: string, customerUuid?: string): Promise<TrackedStop | null> {
  const { data, error } = await anon.rpc('public_tracking_stop', {
    stop_uuid: stopUuid,
    customer_uuid: customerUuid ?? null,
  });
  if (error) throw new Error(error.message);
  return data as TrackedStop | null;
}

beforeAll(async () => {
  // Stops 1-3 near each other, stop 4 30 km away (not nearby).
  [today, other] = await Promise.all([
    createTripWorld([offset(HOME, 300, 0), offset(HOME, 600, 90), offset(HOME, 900, 180), offset(HOME, 30_000, 270)]),
    createTripWorld([offset(HOME, 500, 45)]),
  ]);
  await writeFixes(today, [{ ...offset(HOME, 2_000, 0), recorded_at: new Date().toISOString() }]);
  anon = client();
}, 60_000);

afterAll(async () => {
  await Promise.all([today?.drop(), other?.drop()]);
});

describe('public_tracking_stop', () => {
  it("shows anon the stop, its nearby stops and today's truck, and the customer only their own flags", async () => {
    const customer = await addCustomer(today, { marketing: false });
    const seen = await track(await uuidOf(today.stopIds[1]), customer.uuid);
    expect(seen).toMatchObject({
      uuid: await uuidOf(today.stopIds[1]),
      address: 'Stop 2',
      position: 2,
      point_visited: null,
    });
    expect(seen?.nearby_points.map((p) => p.position)).toEqual([1, 3]);
    expect(seen?.car).toMatchObject({ id: today.carId });
    expect(seen?.car?.lat).toBeCloseTo(offset(HOME, 2_000, 0).lat, 6);
    expect(seen?.customer).toEqual({
      uuid: customer.uuid,
      sms_permission: true,
      marketing_agreement: false,
      has_feedback: false,
    });
    // Nothing personal beyond the flags: no phone, no address, no ids of rows.
    const text = JSON.stringify(seen);
    expect(text).not.toContain(customer.phone.slice(1));
    expect(text).not.toContain('Privatvej');
  });

  it('gives no customer for a customer uuid of another tenant or an unknown one', async () => {
    const stranger = await addCustomer(other);
    expect((await track(await uuidOf(today.stopIds[0]), stranger.uuid))?.customer).toBeNull();
    expect((await track(await uuidOf(today.stopIds[0]), crypto.randomUUID()))?.customer).toBeNull();
  });

  it('answers nothing for an unknown stop or one whose plan event is over (the expired modal)', async () => {
    expect(await track(crypto.randomUUID())).toBeNull();
    const past = await createTripWorld([offset(HOME, 100, 0)]);
    try {
      await asAdmin((db) =>
        db.query('update public.plan_events set date = date - 1 where id = $1', [past.planEventId]),
      );
      expect(await track(await uuidOf(past.stopIds[0]))).toBeNull();
    } finally {
      await past.drop();
    }
  });

  it('hides the truck of a plan event that is not today, and the poll answers nothing for it', async () => {
    const later = await createTripWorld([offset(HOME, 100, 0)]);
    try {
      await writeFixes(later, [{ ...HOME, recorded_at: new Date().toISOString() }]);
      await asAdmin((db) =>
        db.query('update public.plan_events set date = date + 3 where id = $1', [later.planEventId]),
      );
      const seen = await track(await uuidOf(later.stopIds[0]));
      expect(seen?.address).toBe('Stop 1');
      expect(seen?.car).toBeNull();
      const { data, error } = await anon.rpc('public_tracking_car_location', {
        stop_uuid: await uuidOf(later.stopIds[0]),
      });
      expect(error).toBeNull();
      expect(data).toBeNull();
    } finally {
      await later.drop();
    }
  });

  it("polls the truck of today's plan event", async () => {
    const here = offset(HOME, 1_500, 30);
    await writeFixes(today, [{ ...here, recorded_at: new Date(Date.now() + 1_000).toISOString() }]);
    const { data, error } = await anon.rpc('public_tracking_car_location', {
      stop_uuid: await uuidOf(today.stopIds[0]),
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: today.carId });
    expect((data as { lat: number }).lat).toBeCloseTo(here.lat, 6);
  });

  it('leaves every table closed to anon', async () => {
    for (const table of ['customers', 'plan_event_route_points', 'cars', 'feedbacks']) {
      const { data } = await anon.from(table).select('*').limit(1);
      expect(data ?? []).toEqual([]);
    }
  });
});

describe('public_tracking_feedback', () => {
  it("records one rating per customer and stop, with the customer's phone, and refuses a second", async () => {
    const customer = await addCustomer(today);
    await addReceiver(today, customer, today.stopIds[0]);
    const stop = await uuidOf(today.stopIds[0]);
    const first = await anon.rpc('public_tracking_feedback', {
      stop_uuid: stop,
      customer_uuid: customer.uuid,
      positive: false,
      comment: '  Too late  ',
    });
    expect(first).toMatchObject({ error: null, data: 'saved' });
    const { rows } = await asAdmin((db) =>
      db.query(
        'select positive, comment, customer_phone_number, depo_id::int, status from public.feedbacks where customer_id = $1',
        [customer.id],
      ),
    );
    expect(rows).toEqual([
      {
        positive: false,
        comment: 'Too late',
        customer_phone_number: customer.phone,
        depo_id: today.depoId,
        status: 'pending',
      },
    ]);
    expect((await track(stop, customer.uuid))?.customer?.has_feedback).toBe(true);
    const second = await anon.rpc('public_tracking_feedback', {
      stop_uuid: stop,
      customer_uuid: customer.uuid,
      positive: true,
    });
    expect(second).toMatchObject({ error: null, data: 'already_given' });
  });

  it('refuses a customer of another tenant and a stop that does not exist', async () => {
    const stranger = await addCustomer(other);
    const foreign = await anon.rpc('public_tracking_feedback', {
      stop_uuid: await uuidOf(today.stopIds[0]),
      customer_uuid: stranger.uuid,
      positive: true,
    });
    expect(foreign).toMatchObject({ error: null, data: 'not_found' });
    const customer = await addCustomer(today);
    const unknown = await anon.rpc('public_tracking_feedback', {
      stop_uuid: crypto.randomUUID(),
      customer_uuid: customer.uuid,
      positive: true,
    });
    expect(unknown).toMatchObject({ error: null, data: 'not_found' });
    const { rows } = await asAdmin((db) =>
      db.query('select 1 from public.feedbacks where customer_id = any($1)', [[stranger.id, customer.id]]),
    );
    expect(rows).toEqual([]);
  });

  it('limits the calls of one customer to 5 an hour, refused as every public call is (429, rate_limited)', async () => {
    const customer = await addCustomer(today);
    await addReceiver(today, customer, today.stopIds[2]);
    const stop = await uuidOf(today.stopIds[2]);
    const codes: string[] = [];
    let refusal = '';
    // Counted in fixed windows (the hour from :00 for a customer): the burst starts with room left in one.
    await roomInFixedWindow(3_600, 30);
    for (let i = 0; i < 6; i += 1) {
      const { data, error } = await anon.rpc('public_tracking_feedback', {
        stop_uuid: stop,
        customer_uuid: customer.uuid,
        positive: true,
      });
      codes.push(error?.code ?? String(data));
      if (error) refusal = error.message;
    }
    expect(codes).toEqual(['saved', 'already_given', 'already_given', 'already_given', 'already_given', 'PT429']);
    expect(refusal).toBe('rate_limited');
  }, 90_000);

  it('limits one caller to 30 calls in 10 minutes, probing unknown uuids included', async () => {
    const stop = await uuidOf(today.stopIds[1]);
    await roomInFixedWindow(600, 30);
    const outcomes = await asCaller(async (db) => {
      const out: string[] = [];
      for (let call = 0; call < 31; call += 1) {
        out.push(
          await outcome(
            db.query(`select public.public_tracking_feedback($1, $2, true) as answer`, [stop, crypto.randomUUID()]),
          ),
        );
      }
      return out;
    });
    expect(outcomes.slice(0, 30).every((answer) => answer === 'not_found')).toBe(true);
    expect(outcomes[30]).toBe('PT429');
  }, 90_000);

  it('refuses a comment over 2000 characters in words, before it reaches the table', async () => {
    const customer = await addCustomer(today);
    const { data, error } = await anon.rpc('public_tracking_feedback', {
      stop_uuid: await uuidOf(today.stopIds[1]),
      customer_uuid: customer.uuid,
      positive: false,
      comment: 'x'.repeat(10_000),
    });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '22023', message: 'comment_too_long' });
    expect(await track(await uuidOf(today.stopIds[1]), customer.uuid)).toMatchObject({
      customer: { has_feedback: false },
    });
  });
});

/** Runs `work` as anon calling from an address of its own (benchmarking range, random), as the gateway passes it. */
async function asCaller<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  return asPostgres(async (db) => {
    await db.query(`select set_config('request.headers', $1, false)`, [
      JSON.stringify({ 'x-forwarded-for': `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}` }),
    ]);
    await db.query('set role anon');
    try {
      return await work(db);
    } finally {
      await db.query('reset role');
    }
  });
}

/** A call's answer, or the SQLSTATE it failed with. */
async function outcome(call: Promise<pg.QueryResult<{ answer: string }>>): Promise<string> {
  try {
    return (await call).rows[0]!.answer;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('public_tracking_unsubscribe', () => {
  async function flags(
    customer: Customer,
  ): Promise<{ sms_permission: boolean; marketing_agreement: boolean; open: number }> {
    const {
      rows: [row],
    } = await asAdmin((db) =>
      db.query<{ sms_permission: boolean; marketing_agreement: boolean; open: number }>(
        `select c.sms_permission, c.marketing_agreement,
              (select count(*)::int from public.stop_subscriptions s where s.customer_id = c.id and s.unsubscribed_at is null) as open
         from public.customers c where c.id = $1`,
        [customer.id],
      ),
    );
    return row;
  }

  async function subscribe(customer: Customer): Promise<void> {
    await asAdmin(async (db) => {
      const {
        rows: [rp],
      } = await db.query<{ id: string }>(
        `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng)
         select tenant_id, route_id, depo_id, 100 + $2::int, 'Abovej', 55.7, 12.5 from public.plan_events where id = $1 returning id`,
        [today.planEventId, customer.id % 1000],
      );
      await db.query(
        'insert into public.stop_subscriptions (tenant_id, customer_id, route_point_id, depo_id) values ($1, $2, $3, $4)',
        [today.tenantId, customer.id, rp.id, today.depoId],
      );
    });
  }

  it('stops only marketing SMS, or only route SMS, or both (a full unsubscribe)', async () => {
    const [marketingOnly, routeOnly, both] = await Promise.all([
      addCustomer(today),
      addCustomer(today),
      addCustomer(today),
    ]);
    for (const c of [marketingOnly, routeOnly, both]) await subscribe(c);
    const done = { error: null, data: 'unsubscribed' };
    expect(
      await anon.rpc('public_tracking_unsubscribe', {
        customer_uuid: marketingOnly.uuid,
        route_sms: false,
        marketing_sms: true,
      }),
    ).toMatchObject(done);
    expect(
      await anon.rpc('public_tracking_unsubscribe', {
        customer_uuid: routeOnly.uuid,
        route_sms: true,
        marketing_sms: false,
      }),
    ).toMatchObject(done);
    expect(
      await anon.rpc('public_tracking_unsubscribe', { customer_uuid: both.uuid, route_sms: true, marketing_sms: true }),
    ).toMatchObject(done);
    expect(await flags(marketingOnly)).toEqual({ sms_permission: true, marketing_agreement: false, open: 1 });
    expect(await flags(routeOnly)).toEqual({ sms_permission: true, marketing_agreement: true, open: 0 });
    expect(await flags(both)).toEqual({ sms_permission: false, marketing_agreement: false, open: 0 });
  });

  it('limits one caller to 20 unsubscribes in 10 minutes', async () => {
    const outcomes = await asCaller(async (db) => {
      const out: string[] = [];
      for (let call = 0; call < 21; call += 1) {
        out.push(
          await outcome(
            db.query(`select public.public_tracking_unsubscribe($1, true, true) as answer`, [crypto.randomUUID()]),
          ),
        );
      }
      return out;
    });
    expect(outcomes.slice(0, 20).every((answer) => answer === 'not_found')).toBe(true);
    expect(outcomes[20]).toBe('PT429');
  });

  it('refuses an unknown customer uuid', async () => {
    const answer = await anon.rpc('public_tracking_unsubscribe', {
      customer_uuid: crypto.randomUUID(),
      route_sms: true,
      marketing_sms: true,
    });
    expect(answer).toMatchObject({ error: null, data: 'not_found' });
  });
});

describe('sms_tracking_path', () => {
  it("spells the tracking page as /{locale}/{stop}?c={customer}, by the tenant's language", async () => {
    const stop = crypto.randomUUID();
    const customer = crypto.randomUUID();
    const { data: dk } = await anon.rpc('sms_tracking_path', {
      tenant_slug: 'hjem-is',
      stop_uuid: stop,
      customer_uuid: customer,
    });
    const { data: no } = await anon.rpc('sms_tracking_path', {
      tenant_slug: 'den-norske-isbilen',
      stop_uuid: stop,
      customer_uuid: customer,
    });
    expect(dk).toBe(`/dk/${stop}?c=${customer}`);
    expect(no).toBe(`/no/${stop}?c=${customer}`);
  });
});
