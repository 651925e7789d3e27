import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { localRouteEstimator } from '../../../../edge-functions/_shared/providers/route-estimator.ts';
import { departureTomorrow, routeEtaMinutes } from '../../../../edge-functions/_shared/route-eta.ts';
import { demoMember } from '../../../db/roles.ts';
import { asPostgres } from '../../../support/clients.ts';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from '../admin/support/fake-provider.ts';
import { addFunctionEnv, eventually, perTenant } from '../admin/support/function-env.ts';
import { failureOf } from '../admin/support/staff-users.ts';
import { createThrowawayTenant, type ThrowawayTenant } from '../admin/support/throwaway-tenant.ts';

// The route-points editor's 'Calculate ETA' through the route-eta function: Mapbox Directions (a fake on
// loopback) in batches of 24 legs departing tomorrow for a tenant on Mapbox, with the spec's failure text and
// the upstream status; the local estimator for the others.

const LEG_SECONDS = 300;
const DIRECTIONS = '/mapbox/directions/v5/mapbox/driving-traffic/';
let refuseWith: number | undefined;

const coordinatesOf = (request: RecordedRequest) =>
  decodeURIComponent(request.path.slice(DIRECTIONS.length)).split(';');

let fake: FakeProvider;
let tenant: ThrowawayTenant;
let undoEnv: () => void;
let routeId: number;

/** 30 stops north of Aarhus, 6 minutes' wait each. */
const stops = Array.from({ length: 30 }, (_, i) => ({ lat: 56.15 + i * 0.005, lng: 10.2, wait_hours: 0.1 }));

beforeAll(async () => {
  fake = await startFakeProvider((request) => {
    if (!request.path.startsWith(DIRECTIONS)) return undefined;
    if (refuseWith) return { status: refuseWith, body: { message: 'Not Authorized - Invalid Token' } };
    const points = coordinatesOf(request);
    if (points.length > 25) return { status: 422, body: { code: 'InvalidInput' } };
    return { body: { code: 'Ok', routes: [{ legs: points.slice(1).map(() => ({ duration: LEG_SECONDS })) }] } };
  });
  tenant = await createThrowawayTenant({ flags: { route_estimator: 'mapbox' } });
  undoEnv = addFunctionEnv({
    [perTenant('MAPBOX_ACCESS_TOKEN', tenant.slug)]: 'pk.route-eta',
    [perTenant('MAPBOX_API_URL', tenant.slug)]: `${fake.url}/mapbox`,
  });
  routeId = await asPostgres(async (db) =>
    Number(
      (
        await db.query<{ id: string }>(
          `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, 'ETA route') returning id`,
          [tenant.id, tenant.depoIds[0]],
        )
      ).rows[0]!.id,
    ),
  );
});

afterAll(async () => {
  undoEnv?.();
  await tenant?.drop();
  await fake?.close();
});

const ask = (client: SupabaseClient, slug: string, body: Record<string, unknown>) =>
  client.functions.invoke<{ minutes: number[]; estimator: string }>(`route-eta?tenant=${slug}`, {
    method: 'POST',
    body,
  });

const tenantRequests = () =>
  fake.requests.filter((r) => r.path.startsWith(DIRECTIONS) && r.query.get('access_token') === 'pk.route-eta');

describe('route-eta', () => {
  it('asks Mapbox in batches of 24 legs, departing tomorrow at the first stop arrival time, and answers minutes after the first stop', async () => {
    refuseWith = undefined;
    let answer: Awaited<ReturnType<typeof ask>> | undefined;
    // The function workers pick up the new settings asynchronously.
    await eventually(async () => {
      answer = await ask(tenant.admin.client, tenant.slug, {
        route_id: routeId,
        first_stop_arrival_time: '08:00',
        stops,
      });
      return answer.data?.estimator === 'mapbox';
    }, 30_000);
    expect(answer!.error).toBeNull();
    // Stop i (0-based): i legs of 5 minutes and i waits of 6 minutes after the first stop.
    expect(answer!.data!.minutes).toEqual(stops.map((_, i) => i * 5 + i * 6));
    const asked = tenantRequests().slice(-2);
    // The first stop and the 29 after it: 29 legs, in requests of 24 legs and 5.
    expect(asked.map((r) => coordinatesOf(r).length)).toEqual([25, 6]);
    const timeZone = await asPostgres(
      async (db) =>
        (await db.query<{ time_zone: string }>('select time_zone from public.tenants where id = $1', [tenant.id]))
          .rows[0]!.time_zone,
    );
    const departure = departureTomorrow('08:00', timeZone, new Date());
    // It leaves the first stop after its 6 minutes' wait.
    expect(asked[0]!.query.get('depart_at')).toBe(
      new Date(departure.getTime() + 360_000).toISOString().replace('.000Z', 'Z'),
    );
    expect(departure.getTime()).toBeGreaterThan(Date.now());
    expect(departure.getTime()).toBeLessThan(Date.now() + 2 * 86_400_000);
  });

  it("answers a Directions failure with the spec's text and the upstream status", async () => {
    refuseWith = 401;
    const failed = await failureOf(
      await ask(tenant.admin.client, tenant.slug, {
        route_id: routeId,
        first_stop_arrival_time: '08:00',
        stops: stops.slice(0, 3),
      }),
    );
    refuseWith = undefined;
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ status: 401, full_errors: ['Calculate EAT Failed with status 401'] });
  });

  it('uses the local estimator for a tenant without Mapbox, and refuses a route the caller cannot see', async () => {
    const admin = await demoMember('hjem-is', 'admin');
    const route = await asPostgres(async (db) =>
      Number(
        (
          await db.query<{ id: string }>(`select id from public.routes where tenant_id = $1 order by id limit 1`, [
            admin.tenantId,
          ])
        ).rows[0]!.id,
      ),
    );
    const before = fake.requests.length;
    const { data, error } = await ask(admin.client, 'hjem-is', {
      route_id: route,
      first_stop_arrival_time: '09:30',
      stops,
    });
    expect(error).toBeNull();
    expect(data!.estimator).toBe('local');
    const detour = await asPostgres(async (db) =>
      Number(
        (
          await db.query<{ f: string }>('select route_detour_factor::text as f from public.tenants where id = $1', [
            admin.tenantId,
          ])
        ).rows[0]!.f,
      ),
    );
    const departAt = new Date('2030-01-02T09:30:00Z');
    expect(data!.minutes).toEqual(
      await routeEtaMinutes(localRouteEstimator({ detourFactor: detour }), stops, departAt),
    );
    expect(fake.requests.length).toBe(before);

    // Another tenant's route, and a bad time: refused without asking anyone.
    expect(
      (
        await failureOf(
          await ask(admin.client, 'hjem-is', { route_id: routeId, first_stop_arrival_time: '09:30', stops }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await failureOf(
          await ask(admin.client, 'hjem-is', { route_id: route, first_stop_arrival_time: '25:00', stops }),
        )
      ).status,
    ).toBe(422);
  });
});
