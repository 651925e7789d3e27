import { queryOptions } from '@tanstack/react-query';
import { todayIn } from '@/shared/dates/today-in';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** The signed-in driver's trips of today on the tenant's clock (RLS shows a driver his depo's plan events). */
export async function getDriversTrips(userId: string, today: string) {
  return runQuery(
    supabase
      .from('plan_events')
      .select(
        'id, depo_id, date, started_at, route:routes!plan_events_route_id_same_depo_fkey(name), car:cars!plan_events_car_id_same_depo_fkey(internal_number), stops:plan_event_route_points(id, position, address, google_estimate_time, point_visited)',
      )
      .eq('user_id', userId)
      .eq('date', today)
      .order('id')
      .order('position', { referencedTable: 'plan_event_route_points' }),
  );
}

export type DriversTrip = Awaited<ReturnType<typeof getDriversTrips>>[number];

export const driversTripsQueryOptions = (tenant: { slug: string; time_zone: string }, userId: string) =>
  queryOptions({
    queryKey: queryKeys
      .tenant(tenant.slug)
      .resource('drivers_trips')
      .list({ userId, today: todayIn(tenant.time_zone) }),
    queryFn: () => getDriversTrips(userId, todayIn(tenant.time_zone)),
    staleTime: 30_000,
  });
