// Arrival estimates, started by the `estimate-arrivals` cron job (through pg_net) when there is work: claims the
// plan events whose estimates are due (claim_arrival_estimates: at most one re-estimate per plan event in 30 s),
// estimates each with its tenant's route estimator (local, or Mapbox Directions with the local one as fallback)
// and saves the result (save_arrival_estimates, which keeps the original estimates and broadcasts the changes).
// Only the service role may call it: `Authorization: Bearer <service role key>`.
// `POST {}` (or `{ "plan_event_id": n }` for that plan event only, when due) → `{ claimed, saved, failed }`.
import { preflight, json } from '../_shared/cors.ts';
import { providerSetting, requiredEnv } from '../_shared/env.ts';
import { failure, forbidden } from '../_shared/http.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { type ArrivalEstimateJob, estimateJob, estimatorRegistry } from '../_shared/arrival-estimates.ts';

const BATCH = 25;
/** Plan events estimated at once (Mapbox calls wait on the network). */
const PARALLEL = 4;
/** A call stops claiming after this; the next cron tick carries on. */
const TIME_BUDGET_MS = 4_000;

const estimatorFor = estimatorRegistry((slug) => {
  const accessToken = providerSetting('MAPBOX_ACCESS_TOKEN', slug);
  if (!accessToken) return undefined;
  return { accessToken, baseUrl: providerSetting('MAPBOX_API_URL', slug) ?? 'https://api.mapbox.com' };
});

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return failure(405, 'Method not allowed');
  const token = (req.headers.get('Authorization') ?? '').match(/^Bearer (.+)$/)?.[1];
  if (token !== requiredEnv('SUPABASE_SERVICE_ROLE_KEY')) return forbidden();

  const body: unknown = await req.json().catch(() => ({}));
  const only = (body as { plan_event_id?: unknown } | null)?.plan_event_id;
  const planEventId = typeof only === 'number' && Number.isSafeInteger(only) ? only : null;

  const service = serviceClient();
  const started = Date.now();
  let claimed = 0;
  let saved = 0;
  let failed = 0;
  // Claims batch after batch while there is work and time: 500 trucks re-estimated every 30 s are about 17
  // plan events a second, more than one batch per cron tick.
  for (;;) {
    const { data, error } = await service.rpc('claim_arrival_estimates', {
      p_limit: BATCH,
      p_plan_event_id: planEventId,
    });
    if (error) throw new Error(`claim_arrival_estimates failed: ${error.message}`);
    const jobs = (data ?? []) as ArrivalEstimateJob[];
    claimed += jobs.length;
    for (let first = 0; first < jobs.length; first += PARALLEL) {
      const outcomes = await Promise.all(jobs.slice(first, first + PARALLEL).map((job) => refresh(service, job)));
      saved += outcomes.filter(Boolean).length;
      failed += outcomes.filter((ok) => !ok).length;
    }
    if (jobs.length < BATCH || planEventId !== null || Date.now() - started > TIME_BUDGET_MS) break;
  }
  return json({ claimed, saved, failed });
});

/** Estimates and saves one claimed plan event; false when that failed (it is claimed again after the throttle). */
async function refresh(service: SupabaseClient, job: ArrivalEstimateJob): Promise<boolean> {
  try {
    const estimates = await estimateJob(job, estimatorFor(job));
    const { error } = await service.rpc('save_arrival_estimates', {
      p_plan_event_id: job.plan_event_id,
      p_estimates: estimates,
    });
    if (error) throw new Error(error.message);
    return true;
  } catch (jobError) {
    // One plan event failing must not hold up the others.
    console.error(
      `estimate of plan event ${job.plan_event_id} failed: ${jobError instanceof Error ? jobError.message : String(jobError)}`,
    );
    return false;
  }
}
