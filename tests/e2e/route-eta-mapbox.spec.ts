import { expect as baseExpect, test } from '@playwright/test';
import { asPostgres } from '../support/clients.ts';
import {
  type FakeProvider,
  type RecordedRequest,
  startFakeProvider,
} from '../contract/functions/admin/support/fake-provider.ts';
import { addFunctionEnv, eventually, perTenant } from '../contract/functions/admin/support/function-env.ts';
import { createThrowawayTenant, type ThrowawayTenant } from '../contract/functions/admin/support/throwaway-tenant.ts';
import { fillSignIn } from './support/staff.ts';

// 'Calculate ETA' in the route-points editor for a tenant on Mapbox, as staff work it: the arrivals come from
// Mapbox Directions (a fake on loopback, 5 minutes a leg) through the route-eta function, and a Directions
// failure shows the spec's text with the upstream status.

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const DIRECTIONS = '/mapbox/directions/v5/mapbox/driving-traffic/';
const TOKEN = 'pk.e2e-route-eta';
let refuseWith: number | undefined;
let fake: FakeProvider;
let tenant: ThrowawayTenant;
let undoEnv: (() => void) | undefined;
let routeId: number;

const legsOf = (request: RecordedRequest) =>
  decodeURIComponent(request.path.slice(DIRECTIONS.length)).split(';').length - 1;

test.beforeAll(async () => {
  fake = await startFakeProvider((request) => {
    if (!request.path.startsWith(DIRECTIONS)) return undefined;
    if (refuseWith) return { status: refuseWith, body: { message: 'Not Authorized - Invalid Token' } };
    return {
      body: { code: 'Ok', routes: [{ legs: Array.from({ length: legsOf(request) }, () => ({ duration: 300 })) }] },
    };
  });
  tenant = await createThrowawayTenant({ flags: { route_estimator: 'mapbox' } });
  undoEnv = addFunctionEnv({
    [perTenant('MAPBOX_ACCESS_TOKEN', tenant.slug)]: TOKEN,
    [perTenant('MAPBOX_API_URL', tenant.slug)]: `${fake.url}/mapbox`,
  });
  routeId = await asPostgres(async (db) => {
    const route = await db.query<{ id: string }>(
      `insert into public.routes (tenant_id, depo_id, name, first_stop_arrival_time) values ($1, $2, 'Mapbox route', '08:00') returning id`,
      [tenant.id, tenant.depoIds[0]],
    );
    // Three stops about a kilometre apart, six minutes' wait each.
    await db.query(
      `insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, wait_time)
       select $1, $2, $3, n, 'Stop ' || n, 56.15 + n / 100.0, 10.2, 0.1 from generate_series(1, 3) n`,
      [tenant.id, route.rows[0]!.id, tenant.depoIds[0]],
    );
    return Number(route.rows[0]!.id);
  });
  // The function workers pick up the new settings asynchronously.
  await eventually(async () => {
    const { data } = await tenant.admin.client.functions.invoke<{ estimator: string }>(
      `route-eta?tenant=${tenant.slug}`,
      {
        method: 'POST',
        body: {
          route_id: routeId,
          first_stop_arrival_time: '08:00',
          stops: [{ lat: 56.16, lng: 10.2, wait_hours: 0.1 }],
        },
      },
    );
    return data?.estimator === 'mapbox';
  }, 60_000);
});

test.afterAll(async () => {
  undoEnv?.();
  await tenant?.drop();
  await fake?.close();
});

test('Calculate ETA asks Mapbox for a tenant on Mapbox, and shows its failure with the upstream status', async ({
  page,
}) => {
  await page.goto(`/${tenant.slug}/users/sign_in`);
  await fillSignIn(page, tenant.admin.email, tenant.admin.password);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.goto(`/${tenant.slug}/depo/${tenant.depoIds[0]}/route/${routeId}/route_points`);
  await expect(page.getByTestId('route-point-row')).toHaveCount(3);
  await expect(page.getByLabel('First stop arrival time')).toHaveValue('08:00');

  const asked = fake.requests.filter((r) => r.path.startsWith(DIRECTIONS)).length;
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Calculate ETA' }).click();
  // Each stop: the six minutes' wait at the one before and a five-minute leg (the fake's answer).
  await expect(page.getByLabel('Arrival time of point 1')).toHaveValue('08:00');
  await expect(page.getByLabel('Arrival time of point 2')).toHaveValue('08:11');
  await expect(page.getByLabel('Arrival time of point 3')).toHaveValue('08:22');
  const requests = fake.requests.filter((r) => r.path.startsWith(DIRECTIONS)).slice(asked);
  expect(requests).toHaveLength(1);
  expect(requests[0]!.query.get('access_token')).toBe(TOKEN);

  refuseWith = 401;
  try {
    await page.getByLabel('First stop arrival time').fill('09:00');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Calculate ETA' }).click();
    await expect(page.getByText('Calculate EAT Failed with status 401')).toBeVisible();
    // Nothing was overwritten by the failed estimate.
    await expect(page.getByLabel('Arrival time of point 2')).toHaveValue('08:11');
  } finally {
    refuseWith = undefined;
  }
});
