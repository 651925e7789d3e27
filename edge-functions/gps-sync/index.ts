// One GPS tick, started by pg_cron every 5 seconds (migration ..._gps_sync_job.sql): reads each tenant's cars
// from its GPS provider and writes their positions to public.car_positions in one multi-row insert. What
// follows a position (latest location, broadcasts, stop visits) is the database's work.
// - Provider per tenant (edge-functions/.env.example): MapOn when GPS_PROVIDER=mapon or a MAPON_API_KEY is set,
//   the trip simulator otherwise, nothing when GPS_PROVIDER=off.
// - Service role only. `POST {"tenant": "<slug>"}` limits a tick to one tenant (tests, manual runs).
// - Ticks never overlap: a tick that finds the lease held answers `{ skipped: true }`.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { z } from 'npm:zod@4.6.7';
import { json, preflight } from '../_shared/cors.ts';
import { parseJsonBody } from '../_shared/body.ts';
import { failure, forbidden } from '../_shared/http.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';
import type { GpsFix, GpsProvider, TrackedCar } from '../_shared/providers/gps.ts';
import { ProviderError } from '../_shared/providers/provider-error.ts';
import { loadMaponCars, loadTenants, loadTodaysTrips, MAX_CARS_PER_TICK, type SyncTenant } from './fleet.ts';
import { gpsProviderFor } from './provider-choice.ts';
import { isServiceRole } from '../_shared/service-role.ts';
import { isFixInWindow } from './fix-window.ts';

const Body = z.object({ tenant: z.string().trim().min(1).max(40).optional() });

/** A tick that has not finished by then has crashed: its lease is free again. */
const LEASE_SECONDS = 60;

interface TenantOutcome {
  tenant: string;
  provider: GpsProvider['name'] | 'off';
  cars: number;
  positions: number;
  problems: string[];
  error?: string;
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return failure(405, 'Method not allowed');
  if (!isServiceRole(req.headers.get('Authorization'))) return forbidden();
  const parsed = await parseJsonBody(req, Body);
  if (!parsed.ok) return parsed.response;

  const service = serviceClient();
  const runId = crypto.randomUUID();
  const { data: leased, error: leaseError } = await service.rpc('begin_gps_sync_tick', {
    p_run_id: runId,
    p_max_seconds: LEASE_SECONDS,
  });
  if (leaseError) throw new Error(`begin_gps_sync_tick failed: ${leaseError.message}`);
  if (leased !== true) return json({ skipped: true });
  try {
    return json(await runTick(service, parsed.data.tenant, new Date()));
  } finally {
    const { error } = await service.rpc('end_gps_sync_tick', { p_run_id: runId });
    if (error) console.error(`gps-sync: end_gps_sync_tick failed: ${error.message}`);
  }
});

async function runTick(
  service: SupabaseClient,
  tenantSlug: string | undefined,
  now: Date,
): Promise<{ skipped: false; written: number; tenants: TenantOutcome[] }> {
  const tenants = await loadTenants(service, tenantSlug);
  const byProvider = new Map<SyncTenant, GpsProvider | null>(tenants.map((t) => [t, gpsProviderFor(t.slug)]));
  const simulated = tenants.filter((t) => byProvider.get(t)?.name === 'simulator');
  const mapon = tenants.filter((t) => byProvider.get(t)?.name === 'mapon');
  const [trips, maponCars] = await Promise.all([
    loadTodaysTrips(service, simulated, now),
    loadMaponCars(service, mapon),
  ]);
  const cars = [...trips, ...maponCars];
  if (cars.length >= MAX_CARS_PER_TICK)
    console.error(`gps-sync: more than ${MAX_CARS_PER_TICK} cars; the rest wait for a later tick`);

  const outcomes = await Promise.all(
    tenants.map((tenant) => locateTenant(tenant, byProvider.get(tenant) ?? null, cars, now)),
  );
  const fixes = outcomes.flatMap((o) => o.fixes);
  if (fixes.length > 0) {
    // One statement for the whole tick; a fix already stored (same car and time) is left as it is.
    const { error } = await service
      .from('car_positions')
      .upsert(fixes.map(toRow), { onConflict: 'tenant_id,car_id,recorded_at', ignoreDuplicates: true });
    if (error) throw new Error(`writing ${fixes.length} positions failed: ${error.message}`);
  }
  return { skipped: false, written: fixes.length, tenants: outcomes.map((o) => o.outcome) };
}

async function locateTenant(
  tenant: SyncTenant,
  provider: GpsProvider | null,
  allCars: readonly TrackedCar[],
  now: Date,
): Promise<{ fixes: GpsFix[]; outcome: TenantOutcome }> {
  const cars = allCars.filter((car) => car.tenantId === tenant.id);
  const outcome: TenantOutcome = {
    tenant: tenant.slug,
    provider: provider?.name ?? 'off',
    cars: cars.length,
    positions: 0,
    problems: [],
  };
  if (!provider || cars.length === 0) return { fixes: [], outcome };
  try {
    const reading = await provider.locate(cars, now);
    const fixes = reading.fixes.filter((fix) => isFixInWindow(fix, now));
    outcome.positions = fixes.length;
    outcome.problems = [
      ...reading.problems.map((p) => `car ${p.carId}: ${p.reason}`),
      ...reading.fixes
        .filter((fix) => !isFixInWindow(fix, now))
        .map((fix) => `car ${fix.carId}: fix of ${fix.recordedAt.toISOString()} is not within the last 24 hours`),
    ];
    for (const problem of outcome.problems) console.error(`gps-sync ${tenant.slug}: ${problem}`);
    return { fixes, outcome };
  } catch (error) {
    // One tenant's provider failing leaves the other tenants' positions to be written.
    if (!(error instanceof ProviderError)) throw error;
    console.error(`gps-sync ${tenant.slug}: ${error.message}`);
    outcome.error = error.message;
    return { fixes: [], outcome };
  }
}

function toRow(fix: GpsFix) {
  return {
    tenant_id: fix.tenantId,
    car_id: fix.carId,
    depo_id: fix.depoId,
    recorded_at: fix.recordedAt.toISOString(),
    lat: fix.lat,
    lng: fix.lng,
    speed_kmh: fix.speedKmh,
    heading: fix.heading,
  };
}
