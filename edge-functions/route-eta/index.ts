// 'Calculate ETA' of the route-points editor: `POST ?tenant=<slug>` with
// `{ route_id, first_stop_arrival_time: "HH:mm", stops: [{ lat, lng, wait_hours }] }` (the points as the editor
// holds them, unsaved edits included) → `{ minutes: [0, …], estimator: 'mapbox' | 'local' }`.
// A tenant whose route_estimator is mapbox, with a Mapbox token configured, is asked of Mapbox Directions in
// batches of 24 legs, departing tomorrow; a Directions failure answers 502 with the spec's text and the
// upstream `status` (no silent local fallback here: the person asked for the provider's times). Other
// tenants get the local estimator.
import { z } from 'npm:zod@4.6.7';
import { json, preflight } from '../_shared/cors.ts';
import { parseJsonBody } from '../_shared/body.ts';
import { authorizeCaller } from '../_shared/caller.ts';
import { providerSetting } from '../_shared/env.ts';
import { failure } from '../_shared/http.ts';
import { DirectionsError, mapboxDirectionsEstimator } from '../_shared/providers/mapbox-directions.ts';
import { localRouteEstimator, type RouteEstimator } from '../_shared/providers/route-estimator.ts';
import { departureTomorrow, routeEtaMinutes } from '../_shared/route-eta.ts';

const Body = z.object({
  route_id: z.number().int().positive(),
  first_stop_arrival_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'is invalid' }),
  stops: z
    .array(
      z.object({
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
        wait_hours: z.number().min(0).max(24),
      }),
    )
    .max(500, { error: 'is too long (maximum is 500 points)' }),
});

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return failure(405, 'Method not allowed');
  const caller = await authorizeCaller(req, ['admin', 'depo_admin', 'support']);
  if (caller instanceof Response) return caller;
  const parsed = await parseJsonBody(req, Body);
  if (!parsed.ok) return parsed.response;
  const { route_id, first_stop_arrival_time, stops } = parsed.data;

  // The route must be one the caller may see (RLS): the provider's quota is the tenant's.
  const route = await caller.client
    .from('routes')
    .select('id')
    .eq('id', route_id)
    .eq('tenant_id', caller.tenant.id)
    .maybeSingle();
  if (route.error) throw new Error(`routes failed: ${route.error.message}`);
  if (!route.data) return failure(404, 'Route not found');

  const settings = await caller.service
    .from('tenants')
    .select('route_estimator, route_detour_factor')
    .eq('id', caller.tenant.id)
    .single();
  if (settings.error) throw new Error(`tenants failed: ${settings.error.message}`);
  const accessToken =
    settings.data.route_estimator === 'mapbox' ? providerSetting('MAPBOX_ACCESS_TOKEN', caller.tenant.slug) : undefined;
  const estimator: RouteEstimator = accessToken
    ? mapboxDirectionsEstimator({
        accessToken,
        baseUrl: providerSetting('MAPBOX_API_URL', caller.tenant.slug) ?? 'https://api.mapbox.com',
      })
    : localRouteEstimator({ detourFactor: Number(settings.data.route_detour_factor) || 1.3 });

  try {
    const departAt = departureTomorrow(first_stop_arrival_time, caller.tenant.time_zone, new Date());
    const minutes = await routeEtaMinutes(estimator, stops, departAt);
    return json({ minutes, estimator: accessToken ? 'mapbox' : 'local' });
  } catch (error) {
    if (!(error instanceof DirectionsError)) throw error;
    console.error(error.message);
    const message = `Calculate EAT Failed with status ${error.status}`;
    return json({ error: message, errors: {}, full_errors: [message], status: error.status }, 502);
  }
});
