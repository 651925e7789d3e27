import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { type ArrivalEstimateJob, estimateJob } from '../edge-functions/_shared/arrival-estimates.ts';
import { localRouteEstimator } from '../edge-functions/_shared/providers/route-estimator.ts';
import type { StackInfo } from '../tests/support/stack-info.ts';
import { round, summarise } from './support/stats.ts';

const STOPS = 60;
const WARMUP = 20;
const RUNS = 200;

/**
 * Estimate refresh of a 60-stop plan event with the local estimator, as estimate-arrivals does it for one
 * claimed plan event. Timed per refresh: compute (the local estimator over the 60 remaining stops, from the
 * truck's position) + save (save_arrival_estimates through the gateway and PostgREST with the service role:
 * the 60 updated stops, the staff broadcast and 60 per-stop broadcasts). Every refresh departs two minutes later
 * than the one before, so all 60 estimates change each time (the worst case). The plan event lies far in the
 * future with its estimates planned, so the stack's cron job leaves it alone.
 */
export async function benchArrivalEstimates(info: StackInfo) {
  const db = new pg.Client({ connectionString: info.dbUrl });
  db.on('error', () => undefined);
  await db.connect();
  const service = createClient(info.apiUrl, info.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { rows } = await db.query<{ plan_event_id: string; tenant_id: string; route_id: string }>(`
    with t as (select id from public.tenants where slug = 'hjem-is'),
    d as (select d.id from public.depos d join t on d.tenant_id = t.id order by d.id limit 1),
    m as (select tm.user_id from public.tenant_memberships tm join t on tm.tenant_id = t.id where tm.role = 'admin' order by tm.user_id limit 1),
    c as (select c.id from public.cars c join d on c.depo_id = d.id order by c.id limit 1),
    r as (insert into public.routes (tenant_id, depo_id, name, start_lat, start_lng)
          select t.id, d.id, 'Bench estimates ' || gen_random_uuid(), 56.15, 10.2 from t, d returning tenant_id, id, depo_id),
    rp as (insert into public.route_points (tenant_id, route_id, depo_id, position, address, lat, lng, wait_time)
           select r.tenant_id, r.id, r.depo_id, i, 'Benchvej ' || i, 56.15 + (i % 12) * 0.004, 10.2 + (i / 12) * 0.006, 0.08
           from r, generate_series(1, ${STOPS}) i returning tenant_id, id, depo_id, position, address, lat, lng),
    pe as (insert into public.plan_events (tenant_id, depo_id, date, route_id, user_id, car_id)
           select r.tenant_id, r.depo_id, date '2199-01-01' + (random() * 3000)::int, r.id, m.user_id, c.id from r, m, c returning id, tenant_id),
    stops as (insert into public.plan_event_route_points (tenant_id, plan_event_id, route_point_id, depo_id, position, address, lat, lng,
                                                          original_google_estimate_time, google_estimate_time)
              select rp.tenant_id, pe.id, rp.id, rp.depo_id, rp.position, rp.address, rp.lat, rp.lng, now(), now() from rp, pe returning 1)
    select pe.id as plan_event_id, pe.tenant_id, r.id as route_id from pe, r, (select count(*) from stops) s`);
  const { plan_event_id: planEventId, route_id: routeId } = rows[0]!;
  const stops = (
    await db.query<{ id: string; lat: number; lng: number }>(
      'select id, lat, lng from public.plan_event_route_points where plan_event_id = $1 order by position',
      [planEventId],
    )
  ).rows;

  const estimator = localRouteEstimator({ detourFactor: 1.3 });
  // A one-row REST read before each refresh, timed the same way: on a busy machine it shows how much of the
  // refresh is the request round trip every call pays.
  const baseline: number[] = [];
  const total: number[] = [];
  const compute: number[] = [];
  const save: number[] = [];
  let changed = 0;
  try {
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const job: ArrivalEstimateJob = {
        plan_event_id: Number(planEventId),
        mode: 'follow',
        tenant_slug: 'hjem-is',
        route_estimator: 'local',
        detour_factor: 1.3,
        origin: { lat: 56.14 + run * 1e-5, lng: 10.19 },
        depart_at: new Date(Date.UTC(2199, 0, 1, 8) + run * 120_000).toISOString(),
        stops: stops.map((s) => ({ id: Number(s.id), lat: s.lat, lng: s.lng, wait_hours: 0.08 })),
      };
      const probeStarted = performance.now();
      const probe = await service.from('plan_events').select('id').eq('id', job.plan_event_id).maybeSingle();
      const probeMs = performance.now() - probeStarted;
      if (probe.error) throw new Error(`baseline read: ${probe.error.message}`);
      const started = performance.now();
      const estimates = await estimateJob(job, estimator);
      const computed = performance.now();
      const { data, error } = await service.rpc('save_arrival_estimates', {
        p_plan_event_id: job.plan_event_id,
        p_estimates: estimates,
      });
      const saved = performance.now();
      if (error) throw new Error(`save_arrival_estimates: ${error.message}`);
      if (run < WARMUP) continue;
      changed += Number(data);
      baseline.push(probeMs);
      compute.push(computed - started);
      save.push(saved - computed);
      total.push(saved - started);
    }
  } finally {
    await db.query('delete from public.plan_events where id = $1', [planEventId]);
    await db.query('delete from public.routes where id = $1', [routeId]);
    await db.end();
  }
  const summary = summarise(total);
  return {
    // Other work on the machine shows in every figure here; the baseline read above shows how much.
    load_average_1m: round(loadavg()[0]!),
    name: 'arrival-estimates',
    description: `estimate refresh of a ${STOPS}-stop plan event with the local estimator: compute + save_arrival_estimates over REST (service role), every estimate changed`,
    refreshes: RUNS,
    stops_changed_per_refresh: round(changed / RUNS),
    latency: summary,
    compute_ms: summarise(compute),
    save_ms: summarise(save),
    baseline_rest_read_ms: summarise(baseline),
    goal: 'p95 <= 20 ms',
    goal_met: summary.p95_ms <= 20 && changed === RUNS * STOPS,
    p95_ms: summary.p95_ms,
  };
}
