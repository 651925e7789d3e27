import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, client, serviceClient } from '../../support/clients.ts';
import { positionsApplied } from '../../support/positions-applied.ts';
import { stackInfo } from '../../support/stack-info.ts';
import { startFakeProvider, type FakeProvider } from './admin/support/fake-provider.ts';
import { addFunctionEnv, eventually, perTenant } from './admin/support/function-env.ts';
import { createThrowawayTenant, type ThrowawayTenant } from './admin/support/throwaway-tenant.ts';

// gps-sync end to end: called as pg_cron calls it (service role), it writes one position per car that has a
// plan event today, in the car's tenant and depo, and nothing for other cars; MapOn when the tenant is
// configured for it (a fake MapOn on loopback). The test stack keeps the 5-second job paused, so each call
// here is the only writer of its throwaway tenant's positions.

interface CarIds {
  today: number;
  yesterday: number;
  idle: number;
}

let tenant: ThrowawayTenant;
let cars: CarIds;
// Where the trip goes: the depo and three stops; every position must lie in this box (plus GPS noise).
const DEPO = { lat: 59.9139, lng: 10.7522 };
const STOPS = [
  { lat: 59.9201, lng: 10.7601 },
  { lat: 59.9233, lng: 10.7655 },
  { lat: 59.9262, lng: 10.7702 },
];

async function callGpsSync(
  tenantSlug: string,
  key = stackInfo().serviceRoleKey,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stackInfo().apiUrl}/functions/v1/gps-sync`, {
    method: 'POST',
    headers: { apikey: stackInfo().anonKey, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tenant: tenantSlug }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function positionsOf(
  tenantId: string,
): Promise<
  { car_id: string; depo_id: string; lat: number; lng: number; speed_kmh: number | null; recorded_at: Date }[]
> {
  return asPostgres(
    async (db) =>
      (
        await db.query(
          'select car_id, depo_id, lat, lng, speed_kmh, recorded_at from public.car_positions where tenant_id = $1 order by recorded_at',
          [tenantId],
        )
      ).rows,
  );
}

beforeAll(async () => {
  tenant = await createThrowawayTenant({ depos: 2, countryCode: 'NO' });
  const [otherDepo, depo] = tenant.depoIds as [number, number];
  cars = await asPostgres(async (db) => {
    await db.query(`update public.tenants set time_zone = 'Europe/Oslo' where id = $1`, [tenant.id]);
    await db.query('update public.depos set address_lat = $2, address_lng = $3 where id = $1', [
      depo,
      DEPO.lat,
      DEPO.lng,
    ]);
    const car = async (n: number, depoId: number, unit: string) =>
      Number(
        (
          await db.query<{ id: string }>(
            `insert into public.cars (tenant_id, depo_id, internal_number, plate_number, mapon_car_id) values ($1, $2, $3, $4, $5) returning id`,
            [tenant.id, depoId, `GPS-${n}`, `GP ${1000 + n}`, unit],
          )
        ).rows[0]!.id,
      );
    const ids = {
      today: await car(1, depo, '7001'),
      yesterday: await car(2, depo, '7002'),
      idle: await car(3, otherDepo, '7003'),
    };
    const route = (
      await db.query<{ id: string }>(
        `insert into public.routes (tenant_id, depo_id, name) values ($1, $2, 'Sentrum') returning id`,
        [tenant.id, depo],
      )
    ).rows[0]!.id;
    for (const [i, stop] of STOPS.entries()) {
      await db.query(
        `insert into public.route_points (tenant_id, route_id, depo_id, position, lat, lng, wait_time) values ($1, $2, $3, $4, $5, $6, 0.1)`,
        [tenant.id, route, depo, i + 1, stop.lat, stop.lng],
      );
    }
    // Today and yesterday in Oslo; the trip starts at 00:00 so that whatever the hour, the simulator places it.
    for (const [carId, daysAgo] of [
      [ids.today, 0],
      [ids.yesterday, 1],
    ] as const) {
      const event = (
        await db.query<{ id: string }>(
          `insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id, start_at_hour, start_at_min)
         values ($1, $2, (now() at time zone 'Europe/Oslo')::date - $6::int, $3, $4, $5, 0, 0) returning id`,
          [tenant.id, depo, route, tenant.admin.id, carId, daysAgo],
        )
      ).rows[0]!.id;
      await db.query(
        `insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, lat, lng)
         select tenant_id, $2, id, depo_id, position, lat, lng from public.route_points where route_id = $1`,
        [route, event],
      );
    }
    return ids;
  });
});

afterAll(async () => {
  // Plan events hold their routes and cars; the cars take their positions with them.
  await asPostgres(async (db) => {
    // Positions may have started today's trip, and a started plan event cannot be deleted.
    await db.query('update public.plan_events set started_at = null where tenant_id = $1', [tenant.id]);
    await db.query('delete from public.plan_events where tenant_id = $1', [tenant.id]);
    await db.query('delete from public.cars where tenant_id = $1', [tenant.id]);
  });
  await tenant.drop();
});

describe('gps-sync', () => {
  it('refuses callers other than the service role', async () => {
    expect((await callGpsSync(tenant.slug, stackInfo().anonKey)).status).toBe(403);
    expect((await callGpsSync(tenant.slug, tenant.admin.accessToken)).status).toBe(403);
    expect(await positionsOf(tenant.id)).toEqual([]);
  });

  it('writes one position for each car with a plan event today, in its tenant and depo, near its trip', async () => {
    const before = Date.now();
    const { status, body } = await callGpsSync(tenant.slug);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      skipped: false,
      written: 1,
      tenants: [{ tenant: tenant.slug, provider: 'simulator', cars: 1, positions: 1 }],
    });
    const rows = await positionsOf(tenant.id);
    expect(rows.map((r) => Number(r.car_id))).toEqual([cars.today]);
    const [row] = rows;
    expect(Number(row!.depo_id)).toBe(tenant.depoIds[1]);
    const recordedAt = row!.recorded_at.getTime();
    expect(recordedAt % 5_000).toBe(0);
    expect(recordedAt).toBeGreaterThan(before - 10_000);
    expect(recordedAt).toBeLessThanOrEqual(Date.now());
    const lats = [DEPO.lat, ...STOPS.map((s) => s.lat)];
    const lngs = [DEPO.lng, ...STOPS.map((s) => s.lng)];
    const slack = 0.0002; // a little more than 5 m of noise
    expect(row!.lat).toBeGreaterThanOrEqual(Math.min(...lats) - slack);
    expect(row!.lat).toBeLessThanOrEqual(Math.max(...lats) + slack);
    expect(row!.lng).toBeGreaterThanOrEqual(Math.min(...lngs) - slack);
    expect(row!.lng).toBeLessThanOrEqual(Math.max(...lngs) + slack);
    expect([0, 30, 70]).toContain(row!.speed_kmh);
    // The car shows it as its latest location (applied from the positions queue).
    await positionsApplied({ tenantId: tenant.id, carIds: [cars.today] });
    const { data } = await serviceClient()
      .from('cars')
      .select('latest_location_lat, latest_location_updated_at')
      .eq('id', cars.today)
      .single();
    expect(data?.latest_location_lat).toBe(row!.lat);
  });

  it('skips while another tick holds the lease', async () => {
    const service = serviceClient();
    const runId = crypto.randomUUID();
    const { data: taken } = await service.rpc('begin_gps_sync_tick', { p_run_id: runId, p_max_seconds: 30 });
    expect(taken).toBe(true);
    try {
      expect((await callGpsSync(tenant.slug)).body).toEqual({ skipped: true });
    } finally {
      await service.rpc('end_gps_sync_tick', { p_run_id: runId });
    }
    expect((await callGpsSync(tenant.slug)).body).toMatchObject({ skipped: false });
  });

  it('the lease functions are the service role’s only', async () => {
    const { error } = await client().rpc('begin_gps_sync_tick', { p_run_id: crypto.randomUUID(), p_max_seconds: 30 });
    expect(error?.code).toBe('42501');
  });

  it('is started every 5 seconds by pg_cron, with a POST to the function', async () => {
    const job = await asPostgres(
      async (db) => (await db.query(`select schedule, command from cron.job where jobname = 'gps-sync'`)).rows[0],
    );
    expect(job).toEqual({ schedule: '5 seconds', command: 'select app_private.request_gps_sync()' });
  });
});

describe('gps-sync with MapOn', () => {
  let fake: FakeProvider;
  let undoEnv: () => void;
  let failing = false;

  beforeAll(async () => {
    // The simulator's fixes above are newer than the units' last updates: start the cars afresh.
    await positionsApplied({ tenantId: tenant.id });
    await asPostgres(async (db) => {
      await db.query('delete from public.car_positions where tenant_id = $1', [tenant.id]);
      await db.query('update public.cars set latest_location_updated_at = null where tenant_id = $1', [tenant.id]);
    });
    fake = await startFakeProvider((request) => {
      if (request.path !== '/mapon/unit/list.json' || request.query.get('key') !== 'fake-key') return undefined;
      if (failing) return { status: 503, body: { error: 'maintenance' } };
      return {
        body: {
          data: {
            units: [
              {
                unit_id: 7001,
                lat: 59.95,
                lng: 10.8,
                speed: 33,
                direction: 180,
                last_update: new Date(Date.now() - 20_000).toISOString(),
              },
              { unit_id: 7002, speed: 0, last_update: new Date().toISOString() },
            ],
          },
        },
      };
    });
    undoEnv = addFunctionEnv({
      [perTenant('GPS_PROVIDER', tenant.slug)]: 'mapon',
      [perTenant('MAPON_API_URL', tenant.slug)]: `${fake.url}/mapon`,
      [perTenant('MAPON_API_KEY', tenant.slug)]: 'fake-key',
    });
  });
  afterAll(async () => {
    undoEnv();
    await fake.close();
  });

  it('writes the units’ last locations for the cars they belong to; a unit without a location and an unknown unit write nothing', async () => {
    let body: Record<string, unknown> = {};
    await eventually(async () => {
      body = (await callGpsSync(tenant.slug)).body;
      return (body.tenants as { provider: string }[] | undefined)?.[0]?.provider === 'mapon';
    });
    expect(body).toMatchObject({
      tenants: [
        {
          tenant: tenant.slug,
          provider: 'mapon',
          cars: 3,
          problems: [
            `car ${cars.yesterday}: MapOn unit 7002 reports no location`,
            `car ${cars.idle}: MapOn unit 7003 is not in the account`,
          ],
        },
      ],
    });
    const rows = (await positionsOf(tenant.id)).filter((r) => r.lat === 59.95);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lat: 59.95, lng: 10.8, speed_kmh: 33 });
    expect(Number(rows[0]!.car_id)).toBe(cars.today);
  });

  it('MapOn failing: a clear error in the answer, nothing written, the function keeps answering', async () => {
    failing = true;
    try {
      const count = (await positionsOf(tenant.id)).length;
      const { status, body } = await callGpsSync(tenant.slug);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        written: 0,
        tenants: [{ provider: 'mapon', positions: 0, error: 'MapOn: answered 503' }],
      });
      expect((await positionsOf(tenant.id)).length).toBe(count);
    } finally {
      failing = false;
    }
  });
});

describe('gps-sync switched off', () => {
  it('GPS_PROVIDER=off: the tenant gets no positions', async () => {
    const undo = addFunctionEnv({ [perTenant('GPS_PROVIDER', tenant.slug)]: 'off' });
    try {
      await eventually(async () => {
        const { body } = await callGpsSync(tenant.slug);
        return (body.tenants as { provider: string }[] | undefined)?.[0]?.provider === 'off';
      });
      const count = (await positionsOf(tenant.id)).length;
      const { body } = await callGpsSync(tenant.slug);
      expect(body).toMatchObject({ written: 0, tenants: [{ tenant: tenant.slug, provider: 'off', positions: 0 }] });
      expect((await positionsOf(tenant.id)).length).toBe(count);
    } finally {
      undo();
    }
  });
});
