import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { parseTrackedCar, parseTrackingStop, type TrackedCar, type TrackingStop } from '../model/tracking-stop';
import { takeTrackingStop } from './tracking-stop-request';

/** Spec 9: the stop (and its estimate) is fetched again every minute. */
export const STOP_REFRESH_MS = 60_000;

/** The stop by its public uuid, as its customer may see it; null: expired or unknown (the expired modal). */
export async function getTrackingStop(
  stopUuid: string,
  customerUuid: string | undefined,
): Promise<TrackingStop | null> {
  // The first answer may already be on its way: the route asked for it while this code loaded.
  const data = await takeTrackingStop(stopUuid, customerUuid);
  return data === null ? null : parseTrackingStop(data);
}

export const trackingStopQueryOptions = (stopUuid: string, customerUuid: string | undefined) =>
  queryOptions({
    queryKey: ['public-tracking', stopUuid, customerUuid ?? null] as const,
    queryFn: () => getTrackingStop(stopUuid, customerUuid),
    refetchInterval: STOP_REFRESH_MS,
    // A failed refresh keeps the last answer on screen (spec 8: polling failures are silent).
    retry: 1,
  });

/** The truck's last position, for the polling fallback; null once its plan event is not today. */
export async function getTruckLocation(stopUuid: string): Promise<TrackedCar | null> {
  const data = await runQuery(supabase.rpc('public_tracking_car_location', { stop_uuid: stopUuid }));
  return data === null ? null : parseTrackedCar(data);
}

export type FeedbackOutcome = 'saved' | 'already_given' | 'not_found';

export async function sendTrackingFeedback(input: {
  stopUuid: string;
  customerUuid: string;
  positive: boolean;
  comment: string;
}): Promise<FeedbackOutcome> {
  const outcome = await runQuery(
    supabase.rpc('public_tracking_feedback', {
      stop_uuid: input.stopUuid,
      customer_uuid: input.customerUuid,
      positive: input.positive,
      comment: input.comment,
    }),
  );
  return outcome as FeedbackOutcome;
}

/** Both boxes (or a customer without marketing SMS): a full unsubscribe. */
export async function unsubscribeFromTracking(input: {
  customerUuid: string;
  routeSms: boolean;
  marketingSms: boolean;
}): Promise<string> {
  return runQuery(
    supabase.rpc('public_tracking_unsubscribe', {
      customer_uuid: input.customerUuid,
      route_sms: input.routeSms,
      marketing_sms: input.marketingSms,
    }),
  );
}
