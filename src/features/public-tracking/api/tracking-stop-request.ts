import { supabase } from '@/shared/supabase/client';
import { takeEarlyRpc } from '@/shared/supabase/early-rpc';
import { runQuery } from '@/shared/supabase/request-error';

// The tracking page's first request, started by its route while the page's JavaScript still loads (on a phone
// on a slow network the two used to run one after the other). Without zod, as the route tree is in the entry
// chunk; the page's query checks the answer when it takes it. index.html may have asked already, before any of
// the app's code arrived (vite.config.ts: trackingStopRpc): its answer is taken instead of asking again.

type RawTrackingStop = unknown;

const started = new Map<string, Promise<RawTrackingStop>>();
const keyOf = (stopUuid: string, customerUuid: string | undefined) => `${stopUuid}/${customerUuid ?? ''}`;

/** `public_tracking_stop` as the server answers it: the stop as its customer may see it, null when expired or unknown. */
export function requestTrackingStop(stopUuid: string, customerUuid: string | undefined): Promise<RawTrackingStop> {
  return runQuery(supabase.rpc('public_tracking_stop', { stop_uuid: stopUuid, customer_uuid: customerUuid }));
}

/** Starts the request now; the page's first fetch takes its answer (`takeTrackingStop`). */
export function startTrackingStopRequest(stopUuid: string, customerUuid: string | undefined): void {
  const key = keyOf(stopUuid, customerUuid);
  if (started.has(key)) return;
  const early = takeEarlyRpc('public_tracking_stop', { stop_uuid: stopUuid, customer_uuid: customerUuid });
  const request = early
    ? runQuery(early.rpc('public_tracking_stop', { stop_uuid: stopUuid, customer_uuid: customerUuid }))
    : requestTrackingStop(stopUuid, customerUuid);
  // A failure is the page's to report, when it takes the answer.
  request.catch(() => undefined);
  started.set(key, request);
}

/** The started request's answer, once (later refreshes ask again), or a new request. */
export function takeTrackingStop(stopUuid: string, customerUuid: string | undefined): Promise<RawTrackingStop> {
  const key = keyOf(stopUuid, customerUuid);
  const request = started.get(key);
  started.delete(key);
  return request ?? requestTrackingStop(stopUuid, customerUuid);
}
