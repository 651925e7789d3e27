import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localRouteEstimator } from '../../edge-functions/_shared/providers/route-estimator.ts';
import { asPostgres, client, serviceClient } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import {
  addMember,
  createTrip,
  type Member,
  removeTrips,
  reportPosition,
  stopEstimates,
  type Trip,
} from '../support/throwaway-trip.ts';
import { subscribed, subscribeOutcome, until } from '../contract/realtime/helpers.ts';
import { eventually } from '../contract/functions/admin/support/function-env.ts';
import { createThrowawayTenant, type ThrowawayTenant } from '../contract/functions/admin/support/throwaway-tenant.ts';
import { demoMember } from './roles.ts';

// Arrival estimates in the database: save_arrival_estimates keeps the plan and broadcasts, claim_arrival_estimates
// throttles re-estimates to one per plan event in 30 s, the estimate-arrivals cron job follows the truck, and only
// the service role may write estimates. Each test works on trips of a tenant of its own; the stack's cron job runs
// meanwhile, so tests wait for states rather than assume who did the work.

let tenant: ThrowawayTenant;
let otherDepoDriver: Member;
let otherDepoSupport: Member;
/** Three days ago, never started: no estimate is ever due for it, so only the tests write its estimates. */
let quiet: Trip;
/** Today, under way: stops 1-2 visited, 3-6 to come. */
let live: Trip;

const iso = (d: Date | null) => d?.toISOString() ?? null;

beforeAll(async () => {
  tenant = await createThrowawayTenant({ depos: 2 });
  const [depoA, depoB] = tenant.depoIds as [number, number];
  [otherDepoDriver, otherDepoSupport] = await Promise.all([
    addMember(tenant.id, 'driver', [depoB]),
    addMember(tenant.id, 'support', [depoB]),
  ]);
  quiet = await createTrip({
    tenantId: tenant.id,
    depoId: depoA,
    userId: tenant.admin.id,
    stops: 5,
    dayOffset: -3,
    visited: 1,
  });
  live = await createTrip({
    tenantId: tenant.id,
    depoId: depoA,
    userId: tenant.admin.id,
    stops: 6,
    started: true,
    planned: true,
    visited: 2,
  });
});

afterAll(async () => {
  if (!tenant) return;
  await removeTrips(tenant.id);
  await Promise.all([otherDepoDriver?.remove(), otherDepoSupport?.remove()]);
  await tenant.drop();
});

const save = (trip: Trip, estimates: Array<{ id: number; at: string }>, caller = serviceClient()) =>
  caller.rpc('save_arrival_estimates', { p_plan_event_id: trip.planEventId, p_estimates: estimates });

describe('save_arrival_estimates', () => {
  it('sets the current estimate of unvisited stops, and the original only once: a re-estimate never moves the plan', async () => {
    const [visited, second, third] = quiet.stops;
    const first = await save(quiet, [
      { id: visited!.id, at: '2026-06-01T09:00:00Z' },
      { id: second!.id, at: '2026-06-01T09:10:00Z' },
      { id: third!.id, at: '2026-06-01T09:20:00Z' },
    ]);
    expect(first).toMatchObject({ error: null, data: 2 });
    let rows = await stopEstimates(quiet);
    expect(rows.slice(0, 3).map((r) => [iso(r.original_google_estimate_time), iso(r.google_estimate_time)])).toEqual([
      [null, null], // visited: not estimated any more
      ['2026-06-01T09:10:00.000Z', '2026-06-01T09:10:00.000Z'],
      ['2026-06-01T09:20:00.000Z', '2026-06-01T09:20:00.000Z'],
    ]);

    // The truck is late: the estimates follow, the plan stays.
    const again = await save(quiet, [
      { id: second!.id, at: '2026-06-01T09:25:00Z' },
      { id: third!.id, at: '2026-06-01T09:20:00Z' },
    ]);
    expect(again).toMatchObject({ error: null, data: 1 }); // the third did not change
    rows = await stopEstimates(quiet);
    expect(rows.slice(1, 3).map((r) => [iso(r.original_google_estimate_time), iso(r.google_estimate_time)])).toEqual([
      ['2026-06-01T09:10:00.000Z', '2026-06-01T09:25:00.000Z'],
      ['2026-06-01T09:20:00.000Z', '2026-06-01T09:20:00.000Z'],
    ]);
  });

  it('ignores stops of other plan events, and refuses what is not a list', async () => {
    const before = await stopEstimates(live);
    const result = await save(quiet, [{ id: live.stops[4]!.id, at: '2030-01-01T00:00:00Z' }]);
    expect(result).toMatchObject({ error: null, data: 0 });
    expect((await stopEstimates(live))[4]).toEqual(before[4]);
    const refused = await serviceClient().rpc('save_arrival_estimates', {
      p_plan_event_id: quiet.planEventId,
      p_estimates: { id: 1 },
    });
    expect(refused.error?.message).toContain('estimates must be a JSON array');
  });

  it("is for the service role only: no member (even the tenant's admin), no foreign driver or support, not anon", async () => {
    const before = await stopEstimates(quiet);
    const foreignDriver = await demoMember('hjem-is', 'driver');
    const foreignSupport = await demoMember('hjem-is', 'support');
    for (const caller of [
      tenant.admin.client,
      otherDepoDriver.client,
      otherDepoSupport.client,
      foreignDriver.client,
      foreignSupport.client,
      client(),
    ]) {
      const attempt = await save(quiet, [{ id: quiet.stops[3]!.id, at: '2031-01-01T00:00:00Z' }], caller);
      expect(attempt.error?.message).toMatch(/permission denied/);
      const claim = await caller.rpc('claim_arrival_estimates', { p_limit: 1 });
      expect(claim.error?.message).toMatch(/permission denied/);
    }
    expect(await stopEstimates(quiet)).toEqual(before);
  });

  it('answers the estimate-arrivals function to the service role only', async () => {
    const { data } = await tenant.admin.client.auth.getSession();
    const call = (bearer: string) =>
      fetch(`${stackInfo().apiUrl}/functions/v1/estimate-arrivals`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: stackInfo().anonKey, Authorization: `Bearer ${bearer}` },
        body: '{}',
      });
    for (const bearer of [stackInfo().anonKey, data.session!.access_token]) {
      const response = await call(bearer);
      expect(response.status).toBe(403);
      await response.body?.cancel();
    }
    const allowed = await call(stackInfo().serviceRoleKey);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ claimed: expect.any(Number), saved: expect.any(Number), failed: 0 });
  });
});

describe('reading estimates', () => {
  it("shows a trip's estimates to its depo's members only: not to another depo's driver or support, nor to another tenant", async () => {
    const ids = live.stops.map((s) => s.id);
    const own = await tenant.admin.client
      .from('plan_event_route_points')
      .select('id, google_estimate_time')
      .in('id', ids);
    expect(own.data).toHaveLength(6);
    const foreignAdmin = await demoMember('hjem-is', 'admin');
    for (const caller of [otherDepoDriver.client, otherDepoSupport.client, foreignAdmin.client, client()]) {
      const { data } = await caller.from('plan_event_route_points').select('id, google_estimate_time').in('id', ids);
      expect(data ?? []).toEqual([]);
    }
  });
});

describe('broadcasts', () => {
  const channels: RealtimeChannel[] = [];
  afterAll(async () => {
    await Promise.all(channels.map((c) => c.unsubscribe()));
  });

  it("lets anyone with a stop's public uuid listen to its estimate, and refuses a uuid that is no stop", async () => {
    const anon = client();
    const stop = quiet.stops[4]!;
    const got: Array<Record<string, unknown>> = [];
    channels.push(
      await subscribed(
        anon
          .channel(`stop:${stop.uuid}`, { config: { private: true } })
          .on('broadcast', { event: 'arrival_estimate' }, (message) =>
            got.push(message.payload as Record<string, unknown>),
          ),
      ),
    );

    const unknown = await subscribeOutcome(
      client().channel('stop:00000000-0000-4000-8000-000000000000', { config: { private: true } }),
    );
    expect(unknown.status).toBe('CHANNEL_ERROR');

    expect((await save(quiet, [{ id: stop.id, at: '2026-06-01T10:40:00Z' }])).error).toBeNull();
    const message = await until("the stop's estimate", () =>
      got.find((p) => p.google_estimate_time === '2026-06-01T10:40:00+00:00'),
    );
    expect(message).toMatchObject({
      id: stop.id,
      uuid: stop.uuid,
      position: 5,
      original_google_estimate_time: '2026-06-01T10:40:00+00:00',
    });
  });

  it("tells the depo's staff every changed estimate of a plan event, and keeps another tenant out", async () => {
    const topic = `depo:${tenant.depoIds[0]}:arrival_estimates`;
    const got: Array<{ plan_event_id: number; stops: Array<{ id: number; google_estimate_time: string }> }> = [];
    channels.push(
      await subscribed(
        tenant.admin.client
          .channel(topic, { config: { private: true } })
          .on('broadcast', { event: 'arrival_estimates' }, (message) =>
            got.push(message.payload as (typeof got)[number]),
          ),
      ),
    );
    const foreign = await demoMember('hjem-is', 'admin');
    expect((await subscribeOutcome(foreign.client.channel(topic, { config: { private: true } }))).status).toBe(
      'CHANNEL_ERROR',
    );
    await foreign.client.removeAllChannels();

    await save(quiet, [
      { id: quiet.stops[1]!.id, at: '2026-06-01T11:00:00Z' },
      { id: quiet.stops[2]!.id, at: '2026-06-01T11:30:00Z' },
    ]);
    const message = await until("the plan event's estimates", () =>
      got.find((m) => m.plan_event_id === quiet.planEventId),
    );
    expect(message.stops.map((s) => [s.id, s.google_estimate_time])).toEqual([
      [quiet.stops[1]!.id, '2026-06-01T11:00:00+00:00'],
      [quiet.stops[2]!.id, '2026-06-01T11:30:00+00:00'],
    ]);
  });
});

describe('following the truck', () => {
  const claim = (trip: Trip) =>
    serviceClient().rpc('claim_arrival_estimates', { p_limit: 5, p_plan_event_id: trip.planEventId });
  const eventState = (trip: Trip) =>
    asPostgres(
      async (db) =>
        (
          await db.query<{ estimated_at: Date | null; estimated_from_position_at: Date | null }>(
            'select estimated_at, estimated_from_position_at from public.plan_events where id = $1',
            [trip.planEventId],
          )
        ).rows[0]!,
    );

  it('re-estimates the remaining stops from a new position, at most once in 30 s, and keeps the plan', async () => {
    const planned = await stopEstimates(live);
    // The truck is at stop 3.
    const at = { lat: live.stops[2]!.lat, lng: live.stops[2]!.lng };
    const first = await reportPosition(live, at, new Date(Date.now() - 1_000));

    // Claimed by this test or by the cron job, whichever comes first: either way exactly once.
    const claimed = await claim(live);
    expect(claimed.error).toBeNull();
    await eventually(async () => iso((await eventState(live)).estimated_from_position_at) === first.toISOString());

    // A newer position inside the 30 s is not claimed, by anyone.
    const second = await reportPosition(live, at);
    expect((await claim(live)).data).toEqual([]);
    expect(iso((await eventState(live)).estimated_from_position_at)).toBe(first.toISOString());

    // Once the last estimate is 30 s old, the newer position is estimated.
    await asPostgres((db) =>
      db.query(`update public.plan_events set estimated_at = now() - interval '31 seconds' where id = $1`, [
        live.planEventId,
      ]),
    );
    const job = (await claim(live)).data as Array<{
      mode: string;
      origin: unknown;
      depart_at: string;
      stops: Array<{ id: number }>;
    }>;
    await eventually(async () => iso((await eventState(live)).estimated_from_position_at) === second.toISOString());
    if (job.length) {
      // This test won the claim: it asks for the stops to come, in order, from the truck at its position's time.
      expect(job[0]).toMatchObject({ mode: 'follow', origin: at, depart_at: expect.any(String) });
      expect(new Date(job[0]!.depart_at).toISOString()).toBe(second.toISOString());
      expect(job[0]!.stops.map((s) => s.id)).toEqual(live.stops.slice(2).map((s) => s.id));
      const estimates = await localRouteEstimator({ detourFactor: 1.3 }).estimate({
        origin: at,
        departAt: second,
        stops: live.stops.slice(2).map((s) => ({ ...s, waitHours: 0.1 })),
      });
      await serviceClient().rpc('save_arrival_estimates', {
        p_plan_event_id: live.planEventId,
        p_estimates: estimates.map((e) => ({ id: e.id, at: e.arriveAt.toISOString() })),
      });
    }
    // Same position, nothing newer: nothing to claim even after 30 s.
    await asPostgres((db) =>
      db.query(`update public.plan_events set estimated_at = now() - interval '31 seconds' where id = $1`, [
        live.planEventId,
      ]),
    );
    expect((await claim(live)).data).toEqual([]);

    // The truck at stop 3 now: stop 3 within the minute, then 0.55 km legs and 6-minute waits; the plan unmoved.
    const expected = await localRouteEstimator({ detourFactor: 1.3 }).estimate({
      origin: at,
      departAt: second,
      stops: live.stops.slice(2).map((s) => ({ ...s, waitHours: 0.1 })),
    });
    await eventually(async () => {
      const rows = await stopEstimates(live);
      return rows.slice(2).every((r, i) => iso(r.google_estimate_time) === expected[i]!.arriveAt.toISOString());
    });
    const rows = await stopEstimates(live);
    expect(rows.map((r) => iso(r.original_google_estimate_time))).toEqual(
      planned.map((r) => iso(r.original_google_estimate_time)),
    );
    expect(rows.slice(0, 2)).toEqual(planned.slice(0, 2)); // visited stops are not estimated
  });

  it('gives every planned stop of a new plan event its original estimate, from the planned start', async () => {
    const tomorrow = await createTrip({
      tenantId: tenant.id,
      depoId: tenant.depoIds[0]!,
      userId: tenant.admin.id,
      stops: 4,
      dayOffset: 1,
      startAt: { hour: 10, min: 15 },
    });
    const start = await asPostgres(
      async (db) =>
        (
          await db.query<{ at: Date }>(
            `select (pe.date + time '10:15') at time zone t.time_zone as at from public.plan_events pe join public.tenants t on t.id = pe.tenant_id where pe.id = $1`,
            [tomorrow.planEventId],
          )
        ).rows[0]!.at,
    );
    // The cron job finds it by itself.
    await eventually(async () => (await stopEstimates(tomorrow)).every((r) => r.original_google_estimate_time), 20_000);
    const expected = await localRouteEstimator({ detourFactor: 1.3 }).estimate({
      origin: { lat: 56.15, lng: 10.2 },
      departAt: start,
      stops: tomorrow.stops.map((s) => ({ ...s, waitHours: 0.1 })),
    });
    const rows = await stopEstimates(tomorrow);
    expect(rows.map((r) => iso(r.original_google_estimate_time))).toEqual(
      expected.map((e) => e.arriveAt.toISOString()),
    );
    expect(rows.map((r) => iso(r.google_estimate_time))).toEqual(expected.map((e) => e.arriveAt.toISOString()));
  });
});
