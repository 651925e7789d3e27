import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { IsoDate } from '@/shared/dates/calendar-date';

/** One week of a depo's calendar: its rows (cars), its plan events and its day headers, read in parallel. */
async function getCalendarWeek(depoId: number, monday: IsoDate) {
  const args = { p_depo_id: depoId, p_week_start: monday };
  const [cars, events, days] = await Promise.all([
    runQuery(supabase.rpc('plan_event_calendar_cars', args)),
    runQuery(supabase.rpc('plan_event_calendar_events', args)),
    runQuery(supabase.rpc('plan_event_calendar_days', args)),
  ]);
  return { cars, events, days };
}

export type CalendarWeek = Awaited<ReturnType<typeof getCalendarWeek>>;
export type CalendarCar = CalendarWeek['cars'][number];
export type CalendarEvent = CalendarWeek['events'][number];
export type CalendarDay = CalendarWeek['days'][number];

/** Every week of the depo's calendar: what a change (ours or, live, anyone's) invalidates. */
export const calendarWeeksKey = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('plan-event-calendar').lists();

export const calendarWeekQueryOptions = (slug: string, depoId: number, monday: IsoDate) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('plan-event-calendar').list({ monday }),
    queryFn: () => getCalendarWeek(depoId, monday),
  });

/** The week on screen; the previous week stays drawn while the next one loads. */
export const useCalendarWeek = (slug: string, depoId: number, monday: IsoDate) =>
  useQuery({ ...calendarWeekQueryOptions(slug, depoId, monday), placeholderData: keepPreviousData });

/** What the route and driver pickers may offer on a date (each flagged when already planned that date). */
export function useCalendarChoices(slug: string, depoId: number, date: IsoDate, exceptEventId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.tenant(slug).depo(depoId).resource('plan-event-choices').list({ date, exceptEventId })],
    queryFn: async () => {
      const rows = await runQuery(
        supabase.rpc('plan_event_calendar_choices', {
          p_depo_id: depoId,
          p_date: date,
          p_except: exceptEventId ?? undefined,
        }),
      );
      const free = rows.filter((row) => !row.taken);
      const options = (kind: string) =>
        free.filter((row) => row.kind === kind).map((row) => ({ value: row.id, label: row.label }));
      return { routes: options('route'), users: options('user') };
    },
    staleTime: 0,
  });
}
