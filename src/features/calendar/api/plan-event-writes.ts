import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { IsoDate } from '@/shared/dates/calendar-date';
import { calendarWeeksKey } from './calendar-week';

export interface NewPlanEvents {
  carId: number;
  routeId: number;
  userId: string;
  dates: IsoDate[];
  /** Recurring: every `interval` days until `endDate`, as one series. */
  recurrence: { interval: number; endDate: IsoDate } | null;
  /** The same key for a retried create answers the first create (no doubled events). */
  requestKey: string;
}

/** After any write the depo's weeks and pickers are stale (the live channel tells the other calendars). */
function useCalendarChanged(slug: string, depoId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: calendarWeeksKey(slug, depoId) });
    void queryClient.invalidateQueries({
      queryKey: queryKeys.tenant(slug).depo(depoId).resource('plan-event-choices').all,
    });
  };
}

export function useCreatePlanEvents(slug: string, depoId: number) {
  const changed = useCalendarChanged(slug, depoId);
  return useMutation({
    mutationFn: (input: NewPlanEvents) =>
      runQuery(
        supabase.rpc('create_plan_events', {
          p_depo_id: depoId,
          p_car_id: input.carId,
          p_route_id: input.routeId,
          p_user_id: input.userId,
          p_dates: input.dates,
          p_recurrence_interval: input.recurrence?.interval,
          p_series_end: input.recurrence?.endDate,
          p_request_key: input.requestKey,
        }),
      ),
    onSuccess: changed,
  });
}

export function useUpdateAssignment(slug: string, depoId: number) {
  const changed = useCalendarChanged(slug, depoId);
  return useMutation({
    mutationFn: ({ eventId, routeId, userId }: { eventId: number; routeId: number; userId: string }) =>
      runQuery(
        supabase.rpc('update_plan_event_assignment', {
          p_plan_event_id: eventId,
          p_route_id: routeId,
          p_user_id: userId,
        }),
      ),
    onSuccess: changed,
  });
}

export function useUpdateStart(slug: string, depoId: number) {
  const changed = useCalendarChanged(slug, depoId);
  return useMutation({
    mutationFn: ({ eventId, hour, minute }: { eventId: number; hour: number; minute: number }) =>
      runQuery(supabase.rpc('update_plan_event_start', { p_plan_event_id: eventId, p_hour: hour, p_min: minute })),
    onSuccess: changed,
  });
}

export function useDeletePlanEvent(slug: string, depoId: number) {
  const changed = useCalendarChanged(slug, depoId);
  return useMutation({
    mutationFn: ({ eventId, series }: { eventId: number; series: boolean }) =>
      series
        ? runQuery(supabase.rpc('delete_plan_event_series', { p_plan_event_id: eventId })).then((rows) => rows.length)
        : runQuery(supabase.rpc('delete_plan_event', { p_plan_event_id: eventId })).then(() => 1),
    onSuccess: changed,
  });
}

/** Deletes a car's plan events within a date range; resolves with the deleted ones. */
export function useDeletePlanEventsInRange(slug: string, depoId: number) {
  const changed = useCalendarChanged(slug, depoId);
  return useMutation({
    mutationFn: ({ carId, start, end }: { carId: number; start: IsoDate; end: IsoDate }) =>
      runQuery(supabase.rpc('delete_plan_events_in_range', { p_car_id: carId, p_start_date: start, p_end_date: end })),
    onSuccess: changed,
  });
}
