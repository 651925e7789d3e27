import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Database } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';

export type NextPlanEvent = Database['public']['Functions']['support_stop_next_events']['Returns'][number];

export const nextEventsQueryOptions = (tenantSlug: string, stopId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(tenantSlug).resource('support-map-next-events').detail(stopId),
    queryFn: () => runQuery(supabase.rpc('support_stop_next_events', { tenant_slug: tenantSlug, stop_id: stopId })),
    staleTime: 30_000,
  });
