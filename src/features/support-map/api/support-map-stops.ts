import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Database } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

export type SupportMapStop = Database['public']['Functions']['support_stop_map_stops']['Returns'][number];

/** 'all': every upcoming stop; 'today'; or one day picked in the calendar (support staff). */
export type DayFilter = { kind: 'all' } | { kind: 'today' } | { kind: 'day'; day: string };

export interface StopsQuery {
  lat: number;
  lng: number;
  filter: DayFilter;
}

export async function getSupportMapStops(
  tenantSlug: string,
  { lat, lng, filter }: StopsQuery,
): Promise<SupportMapStop[]> {
  return runQuery(
    supabase.rpc('support_stop_map_stops', {
      tenant_slug: tenantSlug,
      near_lat: lat,
      near_lng: lng,
      today: filter.kind === 'today' ? true : undefined,
      specific_day: filter.kind === 'day' ? filter.day : undefined,
    }),
  );
}

export const supportMapStopsQueryOptions = (tenantSlug: string, query: StopsQuery) =>
  queryOptions({
    queryKey: queryKeys
      .tenant(tenantSlug)
      .resource('support-map-stops')
      .list({ ...query }),
    queryFn: () => getSupportMapStops(tenantSlug, query),
    staleTime: 30_000,
  });
